import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, sqlValue, TransactionRetriesExhausted } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { AppError } from '../src/platform/app-error.ts';
import {
  decodeAnswer,
  encodeAnswer,
  type IdempotencyKey,
  purgeIdempotencyKeys,
  write,
} from '../src/platform/write.ts';
import { openTestDatabase, TEST_DATABASE } from './harness.ts';

const onPostgres = TEST_DATABASE === 'postgres';

function serializationFailure() {
  return Object.assign(new Error('could not serialize access'), { code: '40001' });
}

describe('the write helper', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    await migrate(db);
    await db.exec('create table counters (name text primary key, value int not null)');
  });
  afterAll(async () => {
    await drop();
  });

  it('runs at the declared isolation level', async () => {
    for (const isolation of ['read committed', 'repeatable read', 'serializable'] as const) {
      const [row] = await db.transaction(isolation, (tx) =>
        tx.query<{ transaction_isolation: string }>('show transaction_isolation'),
      );
      expect(row?.transaction_isolation).toBe(isolation);
    }
  });

  it('retries a serialization failure or a deadlock, and gives up after a bounded number of runs', async () => {
    let runs = 0;
    const value = await db.transaction('serializable', async (tx) => {
      runs += 1;
      await tx.query("insert into counters values ('retried', 1) on conflict (name) do update set value = 1");
      if (runs < 3)
        throw runs === 1 ? serializationFailure() : Object.assign(new Error('deadlock'), { code: '40P01' });
      return 'done';
    });
    expect(value).toBe('done');
    expect(runs).toBe(3);

    let forever = 0;
    await expect(
      db.transaction('serializable', async () => {
        forever += 1;
        throw serializationFailure();
      }),
    ).rejects.toBeInstanceOf(TransactionRetriesExhausted);
    expect(forever).toBe(10);

    let other = 0;
    await expect(
      db.transaction('read committed', async () => {
        other += 1;
        throw Object.assign(new Error('unique violation'), { code: '23505' });
      }),
    ).rejects.toThrow('unique violation');
    expect(other).toBe(1);
  });

  it('refuses a query on the pool, or a second transaction, inside an open transaction', async () => {
    await expect(
      db.transaction('read committed', async () => {
        await db.query('select 1');
      }),
    ).rejects.toThrow(/inside an open transaction/);
    await expect(
      db.transaction('read committed', async () => db.transaction('read committed', async () => 1)),
    ).rejects.toThrow(/inside an open transaction/);
    // Once the transaction has ended, the same async context may use the pool again.
    await db.transaction('read committed', async (tx) => tx.query('select 1'));
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('rolls the effect back with the key when the write fails, so a retry runs it', async () => {
    const key: IdempotencyKey = { scope: 'test rollback', key: 'k1', fingerprint: 'f', at: new Date() };
    await expect(
      write(db, { isolation: 'read committed', idempotency: key }, async (tx) => {
        await tx.query("insert into counters values ('rolled', 1)");
        throw new AppError('bad_request');
      }),
    ).rejects.toThrow('bad_request');
    expect(await db.query("select 1 from counters where name = 'rolled'")).toHaveLength(0);
    const value = await write(db, { isolation: 'read committed', idempotency: key }, async (tx) => {
      await tx.query("insert into counters values ('rolled', 1)");
      return 'second';
    });
    expect(value).toBe('second');
  });

  it('answers a retry with the first answer and no new effect; refuses the key with another request', async () => {
    const at = new Date('2026-06-01T00:00:00Z');
    const key: IdempotencyKey = { scope: 'member:1 POST /x', key: 'abc', fingerprint: 'body-1', at };
    let effects = 0;
    const effect = () =>
      write(db, { isolation: 'read committed', idempotency: key }, async (tx) => {
        effects += 1;
        await tx.query(
          "insert into counters values ('once', 1) on conflict (name) do update set value = counters.value + 1",
        );
        return { amount: 1234n, at, note: 'first' };
      });
    const first = await effect();
    const second = await effect();
    expect(second).toEqual(first);
    expect(typeof second.amount).toBe('bigint');
    expect(second.at).toBeInstanceOf(Date);
    expect(effects).toBe(1);
    expect(await db.query("select value from counters where name = 'once'")).toEqual([{ value: 1 }]);

    await expect(
      write(
        db,
        { isolation: 'read committed', idempotency: { ...key, fingerprint: 'body-2' } },
        async () => 'x',
      ),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    // The same key of another caller or endpoint is another key.
    const other = await write(
      db,
      { isolation: 'read committed', idempotency: { ...key, scope: 'member:2 POST /x' } },
      async () => 'theirs',
    );
    expect(other).toBe('theirs');
  });

  it('keeps a key and answer whose text holds quotes, backslashes and other scripts exactly (claimed with BEGIN, written with COMMIT)', async () => {
    const awkward = `it's \\ a "test" ; commit; -- 测试 ƒ \n`;
    const key: IdempotencyKey = {
      scope: `member:3 POST /x'y`,
      key: "k'\\1",
      fingerprint: 'f',
      at: new Date(),
    };
    let effects = 0;
    const effect = () =>
      write(db, { isolation: 'read committed', idempotency: key }, async () => {
        effects += 1;
        return { awkward, amount: 1n };
      });
    expect(await effect()).toEqual({ awkward, amount: 1n });
    expect(await effect()).toEqual({ awkward, amount: 1n });
    expect(effects).toBe(1);
    const [stored] = await db.query<{ answer: { awkward: string } }>(
      'select answer from idempotency_keys where scope = $1 and key = $2',
      [key.scope, key.key],
    );
    expect(stored?.answer.awkward).toBe(awkward);
  });

  it('sends the opening statements with BEGIN; a retry of an answered key keeps nothing they did; one that fails runs no fn', async () => {
    const key: IdempotencyKey = { scope: 'test opening', key: 'o1', fingerprint: 'f', at: new Date() };
    const opening = (name: string) => [
      `select ${sqlValue(7)} as seven, ${sqlValue("it's")} as text`,
      `insert into counters values (${sqlValue(name)}, ${sqlValue(1)}) returning value`,
    ];
    let runs = 0;
    const effect = (name: string, fingerprint = 'f') =>
      write(
        db,
        { isolation: 'read committed', idempotency: { ...key, fingerprint }, opening: opening(name) },
        async (tx) => {
          runs += 1;
          return tx.opened;
        },
      );
    const first = await effect('opened-first');
    expect(first).toEqual([[{ seven: 7, text: "it's" }], [{ value: 1 }]]);
    expect(await effect('opened-retry')).toEqual(first);
    await expect(effect('opened-reused', 'other')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    expect(runs).toBe(1);
    const kept = await db.query<{ name: string }>(
      "select name from counters where name like 'opened-%' order by name",
    );
    expect(kept).toEqual([{ name: 'opened-first' }]);

    // A failing opening statement (here a duplicate) rolls back the claim and everything before it.
    const failing = { ...key, key: 'o2' };
    await expect(
      write(
        db,
        { isolation: 'read committed', idempotency: failing, opening: opening('opened-first') },
        async () => {
          runs += 1;
        },
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
    expect(
      await db.query('select 1 from idempotency_keys where scope = $1 and key = $2', [failing.scope, 'o2']),
    ).toHaveLength(0);
    // Without a key, fn reads the rows of each opening statement.
    const plain = await write(
      db,
      {
        isolation: 'read committed',
        opening: [`select ${sqlValue([1, null])}::int[] as list, ${sqlValue(new Date(0))} as at`],
      },
      async (tx) => tx.opened,
    );
    expect(plain).toEqual([[{ list: [1, null], at: new Date(0) }]]);
  });

  it('rolls everything back when the statement sent with COMMIT fails', async () => {
    await expect(
      db.transaction('read committed', async (tx) => {
        await tx.query("insert into counters values ('closing', 1)");
        tx.withCommit("insert into counters values ('closing', 2)");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query("select 1 from counters where name = 'closing'")).toHaveLength(0);
  });

  it('purges keys older than the retention period', async () => {
    const old = new Date('2025-01-01T00:00:00Z');
    await write(
      db,
      { isolation: 'read committed', idempotency: { scope: 's', key: 'old', fingerprint: 'f', at: old } },
      async () => 1,
    );
    const kept = new Date('2026-05-01T00:00:00Z');
    await write(
      db,
      { isolation: 'read committed', idempotency: { scope: 's', key: 'new', fingerprint: 'f', at: kept } },
      async () => 1,
    );
    expect(await purgeIdempotencyKeys(db, new Date('2026-01-01T00:00:00Z'))).toBe(1);
    const left = await db.query<{ key: string }>("select key from idempotency_keys where scope = 's'");
    expect(left.map((row) => row.key)).toEqual(['new']);
  });

  it('encodes answers so bigint and Date values come back as they were', () => {
    const value = {
      n: 10n ** 20n,
      d: new Date('2026-01-02T03:04:05.678Z'),
      list: [1n, 'x', null],
      plain: { a: 1 },
    };
    expect(decodeAnswer(encodeAnswer(value))).toEqual(value);
    expect(decodeAnswer(encodeAnswer(undefined))).toBeNull();
  });

  it.runIf(onPostgres)(
    'loses no update with 50 concurrent writers on one counter (real PostgreSQL)',
    async () => {
      await db.query("insert into counters values ('race', 0)");
      let runs = 0;
      await Promise.all(
        Array.from({ length: 50 }, () =>
          write(db, { isolation: 'serializable' }, async (tx) => {
            runs += 1;
            // Read, then write what was read plus one: without isolation and retries, updates would be lost.
            const [row] = await tx.query<{ value: number }>("select value from counters where name = 'race'");
            await tx.query("update counters set value = $1 where name = 'race'", [(row?.value ?? 0) + 1]);
          }),
        ),
      );
      expect(await db.query("select value from counters where name = 'race'")).toEqual([{ value: 50 }]);
      // The pool has 5 connections: some writers met a serialization failure and ran again.
      expect(runs).toBeGreaterThan(50);
    },
  );

  it.runIf(onPostgres)(
    'makes one effect and one answer for two concurrent requests with one key',
    async () => {
      for (const isolation of ['read committed', 'serializable'] as const) {
        const key: IdempotencyKey = {
          scope: `race ${isolation}`,
          key: 'same',
          fingerprint: 'f',
          at: new Date(),
        };
        let effects = 0;
        const attempt = (label: string) =>
          write(db, { isolation, idempotency: key }, async (tx) => {
            effects += 1;
            await tx.query('select pg_sleep(0.05)');
            await tx.query(
              `insert into counters values ($1, 1) on conflict (name) do update set value = counters.value + 1`,
              [`key ${isolation}`],
            );
            return { by: label };
          });
        const [a, b] = await Promise.all([attempt('a'), attempt('b')]);
        expect(a).toEqual(b);
        expect(effects).toBe(1);
        expect(await db.query('select value from counters where name = $1', [`key ${isolation}`])).toEqual([
          { value: 1 },
        ]);
      }
    },
  );
});

describe('migrations', () => {
  it('runs a migration file whole, with PL/pgSQL bodies and triggers', async () => {
    const { db, drop } = await openTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'tessera-migrations-'));
    try {
      writeFileSync(
        join(dir, '0001_trigger.sql'),
        `create table things (id int primary key, name text not null, touched int not null default 0);
create function touch_thing() returns trigger language plpgsql as $$
begin
  -- a semicolon at the end of a line inside the body; the runner must not split here;
  new.touched := new.touched + 1;
  return new;
end;
$$;
create trigger things_touch before update on things for each row execute function touch_thing();
insert into things (id, name) values (1, 'one');
`,
      );
      expect(await migrate(db, dir)).toEqual(['0001_trigger.sql']);
      await db.query("update things set name = 'uno' where id = 1");
      expect(await db.query('select name, touched from things')).toEqual([{ name: 'uno', touched: 1 }]);
      expect(await migrate(db, dir)).toEqual([]);

      writeFileSync(join(dir, '0001_twin.sql'), 'create table twin (id int);\n');
      await expect(migrate(db, dir)).rejects.toThrow(/Two migrations are numbered 0001/);
      rmSync(join(dir, '0001_twin.sql'));
      writeFileSync(
        join(dir, '0002_broken.sql'),
        'create table half (id int);\nselect * from missing_table;\n',
      );
      await expect(migrate(db, dir)).rejects.toThrow(/missing_table/);
      // A failed file leaves nothing behind: its first statement rolled back with it.
      expect(await db.query("select 1 from pg_tables where tablename = 'half'")).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    }
  });
});
