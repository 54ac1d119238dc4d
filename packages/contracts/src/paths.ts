/**
 * Paths the app's first screen names (home's hot games, the support button's socket), kept apart from their
 * schemas: a module with schemas builds them with zod as it loads (about 30 KB gzip and 60 ms of start-up on
 * a desktop core, several times that on a mid-range phone), which home must not wait for. The calls under each
 * path are described beside their schemas (casino.ts, realtime.ts).
 */
export const CASINO_PATH = '/api/app/casino';
export const REALTIME_PATH = '/gamecenter-siop';
