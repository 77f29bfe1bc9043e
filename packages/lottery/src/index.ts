export * from './bets.ts';
export * from './draw.ts';
export { hmacSha256, sha256, toHex, utf8 } from './hash.ts';
export * from './shapes.ts';
