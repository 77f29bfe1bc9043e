export * from './console.ts';
export * from './security.ts';
