import type { Endpoint } from './endpoint.ts';

/**
 * Encrypted bodies (bodyType 'encrypted', architecture §3). The client fetches the server's public key once
 * (GET ENCRYPTION_KEY_PATH), then for each call
 *   1. draws a fresh 256-bit AES key and a 96-bit IV,
 *   2. encrypts the UTF-8 JSON body with AES-256-GCM (the 128-bit tag appended, as WebCrypto does), with the
 *      additional data `${METHOD} ${endpoint.path}` (the path template, e.g. "POST /wps/session/login"),
 *   3. wraps the AES key with RSA-OAEP (SHA-256) under the server's key,
 *   4. sends the base64 ciphertext as a text/plain body, with the key id, the base64 wrapped key and the base64
 *      IV in the headers of ENCRYPTION_HEADERS.
 * A plain body is refused with plaintext_refused; a key id that is no longer current (the owner rotated the key)
 * with encryption_key_expired, after which the client fetches the key again and retries once; a body that does
 * not decrypt with decryption_failed. createClient does all of this for every endpoint whose bodyType is
 * 'encrypted'. This module has no zod, so the player site's first download stays small.
 */
export const ENCRYPTION = {
  keyAlgorithm: 'RSA-OAEP-256',
  contentAlgorithm: 'A256GCM',
  ivBytes: 12,
  aesKeyBytes: 32,
  tagBytes: 16,
} as const;
export const ENCRYPTION_HEADERS = {
  keyId: 'X-Encryption-Key-Id',
  wrappedKey: 'X-Encryption-Key',
  iv: 'X-Encryption-IV',
} as const;
export const ENCRYPTION_KEY_PATH = '/wps/system/encryptionKey';

/** The server's public key for encrypted bodies (accountsEndpoints.encryptionKey). */
export interface EncryptionKey {
  keyId: string;
  algorithm: 'RSA-OAEP-256';
  /** base64 DER SubjectPublicKeyInfo (WebCrypto importKey 'spki'). */
  spki: string;
  /** The same key as a JWK. */
  jwk: { kty: 'RSA'; n: string; e: string; alg: string };
}

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * Encrypts a JSON body for the server (the scheme above): AES-256-GCM under a fresh key, which is
 * wrapped with the server's RSA-OAEP key. WebCrypto only, so it runs in browsers and in Node 20 alike.
 */
export async function encryptBody(
  key: EncryptionKey,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  body: unknown,
): Promise<{ headers: Record<string, string>; body: string }> {
  const subtle = globalThis.crypto.subtle;
  const aesKey = globalThis.crypto.getRandomValues(new Uint8Array(ENCRYPTION.aesKeyBytes));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(ENCRYPTION.ivBytes));
  const encoder = new TextEncoder();
  const contentKey = await subtle.importKey('raw', aesKey, 'AES-GCM', false, ['encrypt']);
  const ciphertext = await subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(`${endpoint.method} ${endpoint.path}`) },
    contentKey,
    encoder.encode(JSON.stringify(body)),
  );
  const publicKey = await subtle.importKey(
    'spki',
    fromBase64(key.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, aesKey);
  return {
    headers: {
      'Content-Type': 'text/plain',
      [ENCRYPTION_HEADERS.keyId]: key.keyId,
      [ENCRYPTION_HEADERS.wrappedKey]: toBase64(new Uint8Array(wrapped)),
      [ENCRYPTION_HEADERS.iv]: toBase64(iv),
    },
    body: toBase64(new Uint8Array(ciphertext)),
  };
}

/**
 * The original platform's scheme, which the server also accepts on encrypted endpoints when it runs with
 * LEGACY_ENCRYPTION=1 (off by default), for clients written for the original that cannot change. It is weak: a
 * 1024-bit RSA key without padding, single DES in ECB mode, and nothing that authenticates the body. Tessera's own
 * scheme above stays the default and the only one the player site uses. A client
 *   1. fetches GET keyPath (?t=<ms>): the RSA modulus as hex text; the exponent is 10001 (hex),
 *   2. draws a random string r of 16 characters (letters and digits),
 *   3. encrypts the UTF-8 JSON body with single DES, ECB mode, PKCS7 padding, under the first 8 bytes of r, and
 *      sends `{"value": "<base64 ciphertext>"}` (a bare base64 text body is taken too),
 *   4. sends r encrypted with unpadded RSA in the `Encryption` header, as hex: the old BigInt library the original
 *      uses packs a string least significant byte first, and the client gives it r reversed, so the number is r's
 *      bytes read most significant first (c = r^e mod n, r as a big-endian integer).
 * Newer builds also send X-RSA and X-Digest. X-RSA is taken as the wrapped key when Encryption is missing; what
 * X-Digest holds is not shown by the original's builds, so it is accepted and not checked. A wrapped key is
 * single use: a replayed request is refused with decryption_failed.
 */
export const LEGACY_ENCRYPTION = {
  keyPath: '/wps/session/key/rsa',
  headers: { key: 'Encryption', rsa: 'X-RSA', digest: 'X-Digest' },
  modulusBits: 1024,
  exponent: 0x10001,
  randomLength: 16,
  desKeyBytes: 8,
} as const;
