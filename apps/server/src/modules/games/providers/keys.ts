import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import type { Rng } from '../../../platform/rng.ts';
import { seal, unseal } from '../../../platform/secret-box.ts';

/**
 * Hub88's request signature: RSA-SHA256 over the raw body, base64, in the X-Hub88-Signature header. The provider
 * signs its wallet calls with its private key (we verify with its public key); we sign our calls to it (game/url,
 * game/list, transfers) with ours.
 */
export const SIGNATURE_HEADER = 'x-hub88-signature';

export function signBody(body: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(body, 'utf8'), privateKey).toString('base64');
}

export function signatureValid(body: string, signature: unknown, publicKey: KeyObject): boolean {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(body, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A fresh RSA key pair (2048 bits) as PEM: a provider's row gets one when it is registered. */
export function newKeyPair(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const sealContext = (provider: string) => `game-provider-key:${provider}`;

export function sealPrivateKey(secretsKey: Buffer, provider: string, pem: string, rng: Rng): string {
  return seal(secretsKey, sealContext(provider), pem, rng);
}

// Parsing a PEM costs more than a request: keys are kept parsed, by their text.
const publicKeys = new Map<string, KeyObject>();
const privateKeys = new Map<string, KeyObject>();

export function publicKeyOf(pem: string): KeyObject {
  let key = publicKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    publicKeys.set(pem, key);
  }
  return key;
}

export function privateKeyOf(secretsKey: Buffer, provider: string, sealed: string): KeyObject {
  const cacheKey = `${provider}\n${sealed}`;
  let key = privateKeys.get(cacheKey);
  if (!key) {
    const pem = unseal(secretsKey, sealContext(provider), sealed);
    if (pem === null)
      throw new Error(
        `the private key of game provider ${provider} does not open with this server's secrets key`,
      );
    key = createPrivateKey(pem);
    privateKeys.set(cacheKey, key);
  }
  return key;
}
