import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** SHA-256 and HMAC-SHA256 from the audited @noble/hashes: synchronous, the same in Node and the browser. */

export function sha256(message: Uint8Array): Uint8Array {
  return nobleSha256(message);
}

/** HMAC-SHA256 with a fixed key: the keyed state is prepared once and copied for each message. */
export function hmacSha256(key: Uint8Array): (message: Uint8Array) => Uint8Array {
  const keyed = hmac.create(nobleSha256, key);
  return (message) => keyed.clone().update(message).digest();
}

const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

export const toHex = (bytes: Uint8Array): string => bytesToHex(bytes);
