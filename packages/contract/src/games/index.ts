export * from './catalogue.ts';
export * from './console.ts';
export * from './house.ts';
export * from './house-tables.ts';
export * from './launch.ts';
export * from './player.ts';
export * from './providers.ts';
export * from './records.ts';
