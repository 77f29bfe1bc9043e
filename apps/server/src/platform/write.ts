import { type Database, type Isolation, sqlLiteral, type Transaction } from '../db/database.ts';
import { AppError } from './app-error.ts';

/**
 * The key of a non-repeatable request: the `Idempotency-Key` header of our own clients, or the transaction id a
 * provider sends with its callback.
 */
export interface IdempotencyKey {
  /** Whose key it is and for what: the caller (member, operator, visitor address) or provider, and the endpoint. */
  scope: string;
  key: string;
  /** A hash of the request; the same key with a different request is refused. */
  fingerprint: string;
  /** When the request arrived (kept with the key; keys are purged after the retention period). */
  at: Date;
}

export interface WriteOptions {
  isolation: Isolation;
  /** With a key, the first answer is stored beside the effect, and a retry gets it back without a new effect. */
  idempotency?: IdempotencyKey | null;
  /**
   * Statements sent in BEGIN's round trip (after the key's claim), their values as literals (`sqlValue`): fn reads
   * their rows in `tx.opened`, in this order. One that fails rejects the write (fn does not run). With a key
   * answered before, they run and are rolled back with everything else of that call.
   */
  opening?: readonly string[];
}

/** A retry of a key answered before: thrown out of its transaction, so that the transaction rolls back. */
class AnsweredBefore extends Error {
  constructor(readonly answer: unknown) {
    super('answered before');
  }
}

/**
 * The one way a service writes: fn runs in one transaction at the declared isolation level, retried on
 * serialization failures and deadlocks, and receives only the transaction handle. With an idempotency key, the
 * key and fn's answer are stored in that same transaction, so a retry returns the first answer and changes
 * nothing; two concurrent requests with one key make one effect (the second waits for the first's commit).
 * The key is claimed in BEGIN's round trip (with the caller's `opening` statements) and the answer written in
 * COMMIT's.
 */
export async function write<T>(
  db: Database,
  options: WriteOptions,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const once = options.idempotency;
  const opening = options.opening ?? [];
  if (!once) return db.transaction(options.isolation, fn, { opening });
  const scope = sqlLiteral(once.scope);
  const key = sqlLiteral(once.key);
  // The key is claimed with BEGIN and the answer written with COMMIT, each in their round trip.
  const claim = `insert into idempotency_keys (scope, key, fingerprint, created_at)
    values (${scope}, ${key}, ${sqlLiteral(once.fingerprint)}, ${sqlLiteral(once.at.toISOString())}::timestamptz)
    on conflict do nothing returning key`;
  try {
    return await db.transaction(
      options.isolation,
      async (tx) => {
        const [claimed, ...opened] = tx.opened;
        if (claimed?.length === 0) {
          const [first] = await tx.query<{ fingerprint: string; answer: string }>(
            'select fingerprint, answer::text as answer from idempotency_keys where scope = $1 and key = $2',
            [once.scope, once.key],
          );
          if (!first) throw new Error('idempotency key vanished while in use');
          if (first.fingerprint !== once.fingerprint) throw new AppError('idempotency_key_reused');
          // Rolled back: whatever the caller's opening statements did is not kept.
          throw new AnsweredBefore(decodeAnswer(first.answer));
        }
        const value = await fn({
          query: (sql, params) => tx.query(sql, params),
          exec: (sql) => tx.exec(sql),
          withCommit: (sql) => tx.withCommit(sql),
          opened,
        });
        tx.withCommit(
          `update idempotency_keys set answer = ${sqlLiteral(encodeAnswer(value))}::jsonb
         where scope = ${scope} and key = ${key}`,
        );
        return value;
      },
      { opening: [claim, ...opening] },
    );
  } catch (error) {
    if (error instanceof AnsweredBefore) return error.answer as T;
    throw error;
  }
}

/**
 * The stored answer of an earlier request with this key, before anything else is done for a retry (a limit
 * counted, a code checked); undefined when there is none yet. The same key with another request is refused.
 */
export async function earlierAnswer<T>(db: Database, key: IdempotencyKey | null): Promise<T | undefined> {
  if (!key) return undefined;
  const [first] = await db.query<{ fingerprint: string; answer: string | null }>(
    'select fingerprint, answer::text as answer from idempotency_keys where scope = $1 and key = $2',
    [key.scope, key.key],
  );
  if (!first || first.answer === null) return undefined;
  if (first.fingerprint !== key.fingerprint) throw new AppError('idempotency_key_reused');
  return decodeAnswer(first.answer) as T;
}

/** Deletes keys older than the retention period (a scheduled job); answers how many went. */
export async function purgeIdempotencyKeys(db: Database, before: Date): Promise<number> {
  return db.transaction('read committed', async (tx) => {
    const rows = await tx.query('delete from idempotency_keys where created_at < $1 returning 1', [before]);
    return rows.length;
  });
}

/** JSON that keeps bigint (money) and Date values, so a replayed answer is the same as the first. */
export function encodeAnswer(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value, function (this: Record<string, unknown>, key, v) {
    const raw = this[key];
    if (typeof raw === 'bigint') return { $bigint: raw.toString() };
    if (raw instanceof Date) return { $date: raw.toISOString() };
    return v;
  });
}

export function decodeAnswer(text: string): unknown {
  return JSON.parse(text, (_key, v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && typeof v.$bigint === 'string') return BigInt(v.$bigint);
      if (keys.length === 1 && typeof v.$date === 'string') return new Date(v.$date);
    }
    return v;
  });
}
