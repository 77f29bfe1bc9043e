export * from './console.ts';
export * from './player.ts';
export * from './register-form.ts';
