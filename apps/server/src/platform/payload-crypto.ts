import {
  constants,
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { promisify } from 'node:util';
import { ENCRYPTION, ENCRYPTION_HEADERS, type EncryptionKey, type Endpoint } from '@tessera/contract';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from './app-error.ts';
import { sha256Hex } from './crypto.ts';
import { write } from './write.ts';

/**
 * The server's RSA-OAEP key pair for encrypted request bodies (architecture §3), kept in the database so every
 * process uses the same one. Exactly one key is current; the owner can rotate it, after which bodies encrypted
 * under the old key id are refused with encryption_key_expired. The original platform's 1024-bit key
 * (legacy-encryption.ts) lives in the same table under its own algorithm, with its own current key.
 */

const generate = promisify(generateKeyPair);

export type KeyAlgorithm = 'RSA-OAEP-256' | 'RSA-1024-RAW';
const KEY_KINDS: Record<KeyAlgorithm, { modulusLength: number; lock: number }> = {
  'RSA-OAEP-256': { modulusLength: 2048, lock: 726_002 },
  'RSA-1024-RAW': { modulusLength: 1024, lock: 726_003 },
};

export interface KeyRow {
  id: string;
  public_spki: string;
  public_jwk: EncryptionKey['jwk'];
  private_pkcs8: string;
  created_at: Date;
}

export interface ServerKeyInfo {
  keyId: string;
  createdAt: Date;
}

async function currentKeyRow(db: Queryable, algorithm: KeyAlgorithm): Promise<KeyRow | null> {
  const rows = await db.query<KeyRow>(
    `select id, public_spki, public_jwk, private_pkcs8, created_at from server_keys
     where retired_at is null and algorithm = $1`,
    [algorithm],
  );
  return rows[0] ?? null;
}

async function insertNewKey(tx: Queryable, now: Date, algorithm: KeyAlgorithm): Promise<KeyRow> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: KEY_KINDS[algorithm].modulusLength,
    publicExponent: 0x10001,
  });
  const jwk = publicKey.export({ format: 'jwk' });
  const row: KeyRow = {
    // Named after the key itself: unique, and no randomness needed beyond the key's own.
    id: `k${now.getTime().toString(36)}${sha256Hex(publicKey.export({ type: 'spki', format: 'der' })).slice(0, 12)}`,
    public_spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    public_jwk: { kty: 'RSA', n: String(jwk.n), e: String(jwk.e), alg: algorithm },
    private_pkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    created_at: now,
  };
  await tx.query(
    `insert into server_keys (id, algorithm, public_spki, public_jwk, private_pkcs8, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [row.id, algorithm, row.public_spki, JSON.stringify(row.public_jwk), row.private_pkcs8, now],
  );
  return row;
}

/** The current key of the algorithm, created on first start (or on first need). */
export async function currentOrNewKey(
  db: Database,
  now: Date,
  algorithm: KeyAlgorithm = ENCRYPTION.keyAlgorithm,
): Promise<KeyRow> {
  return (
    (await currentKeyRow(db, algorithm)) ??
    write(db, { isolation: 'read committed' }, async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [KEY_KINDS[algorithm].lock]);
      return (await currentKeyRow(tx, algorithm)) ?? insertNewKey(tx, now, algorithm);
    })
  );
}

export async function ensureServerKey(db: Database, now: Date): Promise<ServerKeyInfo> {
  const row = await currentOrNewKey(db, now);
  return { keyId: row.id, createdAt: row.created_at };
}

export async function publicServerKey(db: Database, now: Date): Promise<EncryptionKey> {
  const row = await currentOrNewKey(db, now);
  return { keyId: row.id, algorithm: 'RSA-OAEP-256', spki: row.public_spki, jwk: row.public_jwk };
}

/** Retires the current key and makes a new one, inside the caller's transaction. */
export async function rotateServerKey(
  tx: Queryable,
  now: Date,
): Promise<{ before: ServerKeyInfo | null; after: ServerKeyInfo }> {
  const algorithm = ENCRYPTION.keyAlgorithm;
  await tx.query('select pg_advisory_xact_lock($1)', [KEY_KINDS[algorithm].lock]);
  const old = await currentKeyRow(tx, algorithm);
  if (old) await tx.query('update server_keys set retired_at = $2 where id = $1', [old.id, now]);
  const row = await insertNewKey(tx, now, algorithm);
  return {
    before: old ? { keyId: old.id, createdAt: old.created_at } : null,
    after: { keyId: row.id, createdAt: row.created_at },
  };
}

/** Private keys parsed once per process; whether a key is still current is asked of the database each time. */
const privateKeys = new Map<string, KeyObject>();

export function privateKeyOf(keyId: string, pem: string): KeyObject {
  let privateKey = privateKeys.get(keyId);
  if (!privateKey) {
    privateKey = createPrivateKey(pem);
    privateKeys.set(keyId, privateKey);
  }
  return privateKey;
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The JSON body of an encrypted request. Refuses a plain body (plaintext_refused), a key id that is not the
 * current key (encryption_key_expired) and anything that does not decrypt (decryption_failed).
 */
export async function decryptRequestBody(
  db: Queryable,
  request: FastifyRequest,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
): Promise<unknown> {
  const keyId = header(request, ENCRYPTION_HEADERS.keyId);
  const wrappedKey = header(request, ENCRYPTION_HEADERS.wrappedKey);
  const iv = header(request, ENCRYPTION_HEADERS.iv);
  if (!keyId || !wrappedKey || !iv) throw new AppError('plaintext_refused');
  if (typeof request.body !== 'string') throw new AppError('decryption_failed');
  const rows = await db.query<{ private_pkcs8: string }>(
    `select private_pkcs8 from server_keys where id = $1 and retired_at is null and algorithm = $2`,
    [keyId, ENCRYPTION.keyAlgorithm],
  );
  const pem = rows[0]?.private_pkcs8;
  if (!pem) throw new AppError('encryption_key_expired');
  const privateKey = privateKeyOf(keyId, pem);
  try {
    const contentKey = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(wrappedKey, 'base64'),
    );
    const nonce = Buffer.from(iv, 'base64');
    const sealed = Buffer.from(request.body, 'base64');
    if (
      contentKey.length !== ENCRYPTION.aesKeyBytes ||
      nonce.length !== ENCRYPTION.ivBytes ||
      sealed.length < ENCRYPTION.tagBytes
    ) {
      throw new Error('bad sizes');
    }
    const decipher = createDecipheriv('aes-256-gcm', contentKey, nonce);
    decipher.setAAD(Buffer.from(`${endpoint.method} ${endpoint.path}`));
    decipher.setAuthTag(sealed.subarray(sealed.length - ENCRYPTION.tagBytes));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - ENCRYPTION.tagBytes)),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new AppError('decryption_failed');
  }
}
