/** Web push: the players' browser subscriptions and the notifications of deposits credited and withdrawals paid. */
export { pushModule, PUSH_NOTIFY_JOB } from './push.module';
export { createPushService, noticePayload, type PushService, type PushNotice } from './push.service';
export { createWebPushSender, type PushSender, type PushTarget } from './push.sender';
