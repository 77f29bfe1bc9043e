export * from './backoffice.ts';
export * from './client.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './endpoint.ts';
export * from './errors.ts';
export * from './games.ts';
export * from './system.ts';
