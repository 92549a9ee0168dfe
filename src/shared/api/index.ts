export * from './client';
export * from './contract';
export * from './errors';
export * from './wire';
export * from './bridge';
