/**
 * Live support chat: conversations, messages and images of players and visitors, the operators' console
 * (queue, assignment, canned replies, player summary, closing, response-time figures) and the hosted
 * provider adapter.
 */
export { supportModule } from './support.module';
export { createSupportService, responseFigures, type SupportService, type Customer } from './support.service';
export { createLiveChat } from './providers/livechat';
