export * from './bridge';
export * from './channels';
export * from './client';
export * from './contract';
export * from './conversation-contract';
export * from './errors';
export * from './http-auth';
export * from './wire';
