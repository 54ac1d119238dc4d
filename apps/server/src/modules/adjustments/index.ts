export { adjustmentsModule } from './adjustments.module';
export { createAdjustmentsService, type AdjustmentsService, type Operator } from './adjustments.service';
