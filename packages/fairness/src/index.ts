export * from './seeds';
export * from './games';
export * from './play';
export * from './rtp';
export * from './chain';
export * from './slots';
export * from './slot-games';
