export * from './console.ts';
