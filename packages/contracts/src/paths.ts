/**
 * Paths the app's first screens name (home's hot games and, signed in, its activities; the support button's
 * socket and conversation; the licence profile the login and register overlay asks), kept apart from their
 * schemas: a module with schemas builds them with zod as it loads (about 30 KB gzip and 60 ms of start-up on a
 * desktop core, several times that on a mid-range phone), which these screens must not wait for. The calls under each path are described beside their
 * schemas (casino.ts, activities.ts, realtime.ts, rg.ts, support.ts).
 */
export const CASINO_PATH = '/api/app/casino';
export const REALTIME_PATH = '/gamecenter-siop';
export const RG_PATH = '/api/app/rg';
export const ACTIVITIES_PATH = '/api/app/promo/activities';
export const SUPPORT_PATH = '/api/app/support';
/** The header (and socket handshake query `visitor`) carrying a visitor's conversation token. */
export const SUPPORT_VISITOR_HEADER = 'x-support-visitor';
