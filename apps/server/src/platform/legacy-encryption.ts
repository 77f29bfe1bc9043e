import { constants, privateDecrypt } from 'node:crypto';
import { LEGACY_ENCRYPTION } from '@tessera/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { AppError } from './app-error.ts';
import { sha256Hex } from './crypto.ts';
import { desEcbDecrypt } from './des.ts';
import { currentOrNewKey, header, privateKeyOf } from './payload-crypto.ts';
import { write } from './write.ts';

/**
 * The original platform's encryption (contract: LEGACY_ENCRYPTION), accepted with LEGACY_ENCRYPTION=1 only, for
 * clients that cannot change. Its RSA key is a 1024-bit key kept in server_keys like Tessera's own key; only its
 * public modulus ever leaves the server.
 */
const ALGORITHM = 'RSA-1024-RAW';
const MODULUS_BYTES = LEGACY_ENCRYPTION.modulusBits / 8;
/** How long a used wrapped key is remembered (a replay within this time is refused). */
const REPLAY_WINDOW_MS = 7 * 24 * 3_600_000;

/** The public modulus as lower-case hex, as GET /wps/session/key/rsa answers it; refused while the scheme is off. */
export async function legacyPublicModulus(db: Database, enabled: boolean, now: Date): Promise<string> {
  if (!enabled) throw new AppError('feature_disabled');
  const row = await currentOrNewKey(db, now, ALGORITHM);
  return Buffer.from(row.public_jwk.n, 'base64url').toString('hex');
}

/** The wrapped key of a request in the original's scheme: the Encryption header, or X-RSA without it. */
export function legacyWrappedKey(request: FastifyRequest): string | undefined {
  return header(request, LEGACY_ENCRYPTION.headers.key) ?? header(request, LEGACY_ENCRYPTION.headers.rsa);
}

/** The DES ciphertext of the body: `{"value": "<base64>"}`, or the base64 text itself. */
function sealedBody(body: unknown): Buffer | null {
  const text =
    typeof body === 'string'
      ? body.trim()
      : body && typeof body === 'object' && typeof (body as { value?: unknown }).value === 'string'
        ? (body as { value: string }).value
        : null;
  if (text === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return Buffer.from(text, 'base64');
}

/**
 * The JSON body of a request in the original's scheme. The random string r comes out of the unpadded RSA as a
 * big-endian number; the body decrypts with single DES under r's first 8 bytes. Anything that does not fit, and a
 * wrapped key seen before (a replay), is refused with decryption_failed.
 */
export async function decryptLegacyBody(db: Database, request: FastifyRequest, now: Date): Promise<unknown> {
  const wrapped = legacyWrappedKey(request) ?? '';
  const sealed = sealedBody(request.body);
  if (!/^[0-9a-fA-F]{1,256}$/.test(wrapped) || !sealed || sealed.length === 0 || sealed.length % 8 !== 0) {
    throw new AppError('decryption_failed');
  }
  const key = await currentOrNewKey(db, now, ALGORITHM);
  let random: Buffer;
  try {
    const number = privateDecrypt(
      { key: privateKeyOf(key.id, key.private_pkcs8), padding: constants.RSA_NO_PADDING },
      Buffer.from(wrapped.padStart(MODULUS_BYTES * 2, '0'), 'hex'),
    );
    const first = number.findIndex((byte) => byte !== 0);
    random = first < 0 ? Buffer.alloc(0) : number.subarray(first);
  } catch {
    throw new AppError('decryption_failed');
  }
  if (random.length !== LEGACY_ENCRYPTION.randomLength || !/^[\x21-\x7e]+$/.test(random.toString('latin1'))) {
    throw new AppError('decryption_failed');
  }
  let body: unknown;
  try {
    const plain = desEcbDecrypt(random.subarray(0, LEGACY_ENCRYPTION.desKeyBytes), sealed);
    body = JSON.parse(plain.toString('utf8'));
  } catch {
    throw new AppError('decryption_failed');
  }
  const firstUse = await write(db, { isolation: 'read committed' }, async (tx) => {
    await tx.query('delete from legacy_key_uses where used_at < $1', [
      new Date(now.getTime() - REPLAY_WINDOW_MS),
    ]);
    const rows = await tx.query(
      'insert into legacy_key_uses (key_hash, used_at) values ($1, $2) on conflict do nothing returning key_hash',
      [sha256Hex(random), now],
    );
    return rows.length === 1;
  });
  if (!firstUse) throw new AppError('decryption_failed');
  return body;
}
