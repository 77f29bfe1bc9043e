import { createHash } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

/** argon2id with OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane). */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  // Its value does not matter (nothing can match it by design): only its cost does.
  decoyHash ??= hashPassword('decoy-password-that-no-account-has');
  return decoyHash;
}
