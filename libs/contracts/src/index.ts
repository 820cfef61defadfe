export * from './schema';
export * from './results';
export * from './sql';
export * from './trace';
export * from './errors';
export * from './query';
export * from './events';
export * from './api';
