import { createCipheriv, createDecipheriv } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Rng } from './rng.ts';

/**
 * Secrets at rest (operators' TOTP secrets) are sealed with AES-256-GCM under the server's secrets key, which lives
 * outside the database (SECRETS_KEY, or the key file), so a database dump alone does not give them away. The
 * context (e.g. `operator-totp:7`) is bound as associated data: a sealed value copied to another row does not open.
 */
const VERSION = 'v1';

export function seal(key: Buffer, context: string, plaintext: string, rng: Rng): string {
  const iv = rng.bytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The plaintext, or null when the value was sealed under another key or context, or is damaged. */
export function unseal(key: Buffer, context: string, sealed: string): string | null {
  const [version, data] = sealed.split(':');
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, 'base64');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The secrets key from its file, created (mode 0600) with a random key on the first start. Several server
 * processes must share one key: set SECRETS_KEY for them, or give them the same file.
 */
export function loadOrCreateKeyFile(path: string, rng: Rng): Buffer {
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`The secrets key file ${path} does not hold 32 bytes in base64`);
    return key;
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = rng.bytes(32);
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return key;
}
