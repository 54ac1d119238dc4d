export * from './codes';
export * from './errors';
export * from './envelope';
export * from './languages';
export * from './auth';
export * from './user';
export * from './messages';
