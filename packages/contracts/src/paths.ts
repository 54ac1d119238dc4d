/**
 * Paths the app's first screens name (home's hot games, the support button's socket, the licence profile the
 * login and register overlay asks), kept apart from their schemas: a module with schemas builds them with zod
 * as it loads (about 30 KB gzip and 60 ms of start-up on a desktop core, several times that on a mid-range
 * phone), which these screens must not wait for. The calls under each path are described beside their
 * schemas (casino.ts, realtime.ts, rg.ts).
 */
export const CASINO_PATH = '/api/app/casino';
export const REALTIME_PATH = '/gamecenter-siop';
export const RG_PATH = '/api/app/rg';
