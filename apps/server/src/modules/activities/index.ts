/** Activities: operator-run promotions (first-deposit and deposit matches, turnover missions) claimed once. */
export { activitiesModule } from './activities.module';
export { createActivitiesService, type ActivitiesService, type ActivitiesDeps } from './activities.service';
export { sanitizeActivityHtml } from './activities.html';
