import { walletPlayerEndpoints as api } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../../e2e/start-server.ts';
import { newGame } from '../../../test/factories/games.ts';
import { fundMember, newMember } from '../../../test/factories/wallet.ts';
import { openTestDatabase, startTestApp, TEST_DATABASE, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { systemClock } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/context.ts';
import { cryptoRng } from '../../platform/rng.ts';
import { openSession } from '../../platform/sessions.ts';
import { write } from '../../platform/write.ts';
import { post, sumBalance } from './ledger.ts';
import { reconcile } from './reconciliation.ts';

const onPostgres = TEST_DATABASE === 'postgres';

async function lastReport(db: Database) {
  const [report] = await db.query<{
    status: string;
    unbalanced: unknown[];
    mismatched: unknown[];
    negative: unknown[];
  }>('select status, unbalanced, mismatched, negative from reconciliation_reports order by id desc limit 1');
  return report;
}

describe('wallet under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await newGame(t, { vendor: 'FB' });
    await newGame(t, { vendor: 'TCG_SEA' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('200 concurrent transfers on an account that covers 120 of them: exactly 120 succeed, never below zero', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 12_000n);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        t.call({
          method: 'POST',
          url: api.walletTransfer.path,
          token,
          headers: { 'idempotency-key': `race-${id}-${index}` },
          payload: { fromWallet: 'main', toWallet: 'FB', amount: 1 },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 'ok')).toHaveLength(120);
    expect(codes.filter((code) => code === 'insufficient_balance')).toHaveLength(80);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 422)).toBe(true);
    const accounts = await t.db.query<{ code: string; balance: bigint }>(
      'select code, balance from ledger_accounts where member_id = $1 order by code',
      [id],
    );
    expect(accounts).toEqual([
      { code: `member:${id}:main`, balance: 0n },
      { code: `member:${id}:vendor:FB`, balance: 12_000n },
    ]);
    // Every entry of the main wallet continues from the one before: none went below zero on the way.
    const walk = await t.db.query<{ before: bigint; after: bigint }>(
      `select balance_before as before, balance_after as after from ledger_entries e
       join ledger_accounts a on a.id = e.account_id where a.code = $1 order by e.id`,
      [`member:${id}:main`],
    );
    expect(walk).toHaveLength(121);
    expect(walk.every((entry) => entry.after >= 0n)).toBe(true);
    for (let index = 1; index < walk.length; index += 1) {
      expect(walk[index]?.before).toBe(walk[index - 1]?.after);
    }
    await reconcile(t.deps, null);
    expect(await lastReport(t.db)).toMatchObject({ status: 'clean' });
  });

  it('the same idempotency key sent 20 times at once makes one posting, and every caller gets its answer', async () => {
    const { token, id } = await newMember(t);
    await fundMember(t, id, 10_000n);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call({
          method: 'POST',
          url: api.walletTransfer.path,
          token,
          headers: { 'idempotency-key': `same-${id}` },
          payload: { fromWallet: 'main', toWallet: 'TCG_SEA', amount: 7.5 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body.value))).size).toBe(1);
    const [moved] = await t.db.query<{ n: bigint }>(
      "select count(*)::bigint as n from ledger_transactions where member_id = $1 and kind = 'wallet_transfer'",
      [id],
    );
    expect(moved?.n).toBe(1n);
    expect(await sumBalance(t.db, id)).toBe(10_000n);
  });

  it('one posting key used by many writers at once posts once (the ledger itself, without a request key)', async () => {
    const { id } = await newMember(t);
    await fundMember(t, id, 1_000n);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        write(t.db, { isolation: 'read committed' }, (tx) =>
          post(
            tx,
            {
              key: `bonus-once-${id}`,
              kind: 'bonus',
              memberId: id,
              reference: 'promotion:1',
              legs: [
                { account: { member: id, wallet: 'main' }, amount: 500n },
                { account: { system: 'house:bonuses' }, amount: -500n },
              ],
            },
            t.clock.now(),
          ),
        ),
      ),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await sumBalance(t.db, id)).toBe(1_500n);
  });
});

describe.skipIf(!onPostgres)('wallet after a crash (real PostgreSQL)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    ({ db, drop, url } = await openTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  it('a server killed with SIGKILL during a stream of postings loses no acknowledged posting and half-writes none', async () => {
    const env = { DATABASE_URL: url, DEMO_SEED: '0', JOBS: '0', LOG_LEVEL: 'warn' };
    const first = await startServer(env, { compiled: true });
    const [row] = await db.query<{ id: number }>(
      "insert into members (username) values ('crashtest') returning id",
    );
    const memberId = row?.id as number;
    const config = loadConfig({});
    const { token } = await openSession(
      db,
      { kind: 'member', id: memberId },
      config.memberSession,
      new Date(),
      '127.0.0.1',
      cryptoRng,
    );
    const deps = { db, clock: systemClock, config, rng: cryptoRng } as unknown as AppDeps;
    await newGame({ db, deps, clock: systemClock }, { vendor: 'FB' });
    await write(db, { isolation: 'read committed' }, (tx) =>
      post(
        tx,
        {
          key: 'crash-funding',
          kind: 'deposit',
          memberId,
          reference: 'crash-funding',
          legs: [
            { account: { member: memberId, wallet: 'main' }, amount: 1_000_000n },
            { account: { system: 'merchant:cash' }, amount: -1_000_000n },
          ],
        },
        new Date(),
      ),
    );

    const acknowledged = new Set<string>();
    const sent = new Set<string>();
    let stop = false;
    const transfer = (baseUrl: string, key: string, index: number) =>
      fetch(`${baseUrl}${api.walletTransfer.path}`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(
          index % 2 === 0
            ? { fromWallet: 'main', toWallet: 'FB', amount: 1.25 }
            : { fromWallet: 'FB', toWallet: 'main', amount: 1.25 },
        ),
      });
    let counter = 0;
    const worker = async (lane: number) => {
      while (!stop) {
        counter += 1;
        const key = `crash-${lane}-${counter}`;
        sent.add(key);
        try {
          const response = await transfer(first.baseUrl, key, lane);
          const body = (await response.json()) as { code: string };
          if (response.status === 200 && body.code === 'ok') acknowledged.add(key);
        } catch {
          return; // the server is gone: this request may or may not have committed
        }
      }
    };
    const lanes = Promise.all([0, 1, 2, 3].map((lane) => worker(lane)));
    // Killed once 25 transfers are acknowledged, with four more in flight: a count of events, not a time, so a slow
    // machine kills it at the same point of the stream. How many transfers a second the server takes is a speed,
    // printed by bench/wallet.ts (postings per second through the HTTP API).
    await expect.poll(() => acknowledged.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(25);
    process.kill(first.pid, 'SIGKILL');
    stop = true;
    await lanes;
    await first.stop();

    const second = await startServer(env, { compiled: true });
    try {
      const keyOf = (key: string) => `wallet-transfer:${memberId}:${key}`;
      const posted = await db.query<{ key: string; entries: bigint; sum: bigint }>(
        `select t.idempotency_key as key, count(e.id)::bigint as entries, coalesce(sum(e.amount), 0)::bigint as sum
         from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
         where t.kind = 'wallet_transfer' and t.member_id = $1 group by t.idempotency_key`,
        [memberId],
      );
      const byKey = new Map(posted.map((entry) => [entry.key, entry]));
      for (const key of acknowledged)
        expect(byKey.get(keyOf(key)), key).toMatchObject({ entries: 2n, sum: 0n });
      expect(posted.every((entry) => entry.entries === 2n && entry.sum === 0n)).toBe(true);
      // A request whose answer was lost is sent again: it posts at most once in all.
      for (const key of sent) {
        if (acknowledged.has(key)) continue;
        const lane = Number(key.split('-')[1]);
        const again = await transfer(second.baseUrl, key, lane);
        expect([200, 422]).toContain(again.status);
      }
      const [count] = await db.query<{ n: bigint; distinct: bigint }>(
        `select count(*)::bigint as n, count(distinct idempotency_key)::bigint as distinct from ledger_transactions
         where kind = 'wallet_transfer' and member_id = $1`,
        [memberId],
      );
      expect(count?.n).toBe(count?.distinct);
      expect(await sumBalance(db, memberId)).toBe(1_000_000n);
      await reconcile(deps, null);
      expect(await lastReport(db)).toEqual({ status: 'clean', unbalanced: [], mismatched: [], negative: [] });
    } finally {
      await second.stop();
    }
  }, 120_000);
});
