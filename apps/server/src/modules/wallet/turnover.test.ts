import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walletConsoleEndpoints as consoleApi } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import { newGame } from '../../../test/factories/games.ts';
import { betCall, fastTable, tablePlayer, tableState } from '../../../test/factories/house-tables.ts';
import { fundMember, newMember, openTestObligation } from '../../../test/factories/wallet.ts';
import { openTestDatabase, startTestApp, type TestApp } from '../../../test/harness.ts';
import { migrate } from '../../db/migrate.ts';
import { buildJobRunner } from '../../jobs.ts';
import { write } from '../../platform/write.ts';
import { lowRiskStake } from '../games/house/tables/draw.ts';
import * as rounds from '../games/round-owner.ts';
import { expireObligations, openObligation, remainingTurnover } from './turnover.ts';

/**
 * Turnover obligations: what settled stakes contribute (weights per product type, oldest first, scope, low-risk
 * patterns of the house tables, expiry), the console's view and cancel, the UK profile, the migration of the old
 * counter, and concurrent stakes on one obligation.
 */
describe('turnover obligations', () => {
  let t: TestApp;
  let tok: CallerTokens;
  const checks = consoleChecks(
    () => t,
    () => tok,
  );
  let slots: number;
  let live: number;
  let lotto: number;
  let played = 0;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    tok = await openCallerTokens(t);
    slots = await newGame(t, { vendor: 'HOUSE_SLOTS' });
    live = await newGame(t, { vendor: 'HOUSE_LIVE' });
    lotto = await newGame(t, { vendor: 'LOTT' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A funded member. */
  async function player(funds = 10_000_00n) {
    const { id, token } = await newMember(t);
    await fundMember(t, id, funds);
    return { id, token };
  }

  /** A round staked through the round owner; closed: settled by its stake, else left open (its ref answered). */
  async function stake(memberId: number, gameId: number, amount: bigint, closed = true) {
    played += 1;
    const ref = `turnover-${played}`;
    const { roundId } = await write(t.db, { isolation: 'read committed' }, (tx) =>
      rounds.stake(
        tx,
        { memberId, gameId, ref, currency: 'PHP', closed },
        amount,
        { key: `test:bet:${ref}` },
        t.clock.now(),
      ),
    );
    return { ref, roundId, gameId, memberId };
  }

  async function settle(round: { ref: string; gameId: number; memberId: number }, win = 0n) {
    await write(t.db, { isolation: 'read committed' }, (tx) =>
      rounds.payout(
        tx,
        { memberId: round.memberId, gameId: round.gameId, ref: round.ref, currency: 'PHP', closed: true },
        win,
        { key: `test:win:${round.ref}` },
        t.clock.now(),
      ),
    );
  }

  async function obligation(id: bigint) {
    const [row] = await t.db.query<{ contributed: bigint; status: string }>(
      'select contributed, status from turnover_obligations where id = $1',
      [id],
    );
    return row;
  }

  async function withWeights(weights: Record<string, number>, run: () => Promise<void>) {
    const read = await t.get(consoleApi.settings.path, tok.finance);
    const saved = await t.send(
      'PUT',
      consoleApi.saveSettings.path,
      { ...read.body.value, turnoverWeights: weights },
      tok.finance,
    );
    expect(saved.body.value.turnoverWeights).toEqual(weights);
    try {
      await run();
    } finally {
      await t.send('PUT', consoleApi.saveSettings.path, read.body.value, tok.finance);
    }
  }

  it('counts a stake once its round is settled, weighted per product type (100 % unless configured)', async () => {
    const me = await player();
    const id = await openTestObligation(t, { memberId: me.id, amount: 500_00n });
    await withWeights({ LIVE: 10, LOTT: 0 }, async () => {
      const open = await stake(me.id, slots, 100_00n, false);
      expect(await obligation(id)).toEqual({ contributed: 0n, status: 'open' });
      await settle(open, 150_00n);
      // Slots: 100 % of 100.00.
      expect(await obligation(id)).toEqual({ contributed: 100_00n, status: 'open' });
      // Live at 10 %: 100.00 counts 10.00; lottery at 0 % counts nothing.
      await stake(me.id, live, 100_00n);
      await stake(me.id, lotto, 100_00n);
      expect(await obligation(id)).toEqual({ contributed: 110_00n, status: 'open' });
    });
  });

  it('refuses a weight outside 0–100, a negative or too fine tolerance, naming the field', async () => {
    const read = (await t.get(consoleApi.settings.path, tok.finance)).body.value;
    const save = (change: Record<string, unknown>) =>
      t.send('PUT', consoleApi.saveSettings.path, { ...read, ...change }, tok.finance);
    checks.expectFailure(await save({ turnoverWeights: { RNG: 101 } }), 400, 'validation_failed', {
      'turnoverWeights.RNG': expect.any(String),
    });
    checks.expectFailure(await save({ turnoverTolerance: -1 }), 400, 'validation_failed', {
      turnoverTolerance: expect.any(String),
    });
    checks.expectFailure(await save({ turnoverTolerance: 0.001 }), 400, 'validation_failed', {
      turnoverTolerance: expect.any(String),
    });
    expect((await t.get(consoleApi.settings.path, tok.finance)).body.value).toEqual(read);
  });

  it('fills the oldest open obligation in scope first; a stake beyond them all counts nothing', async () => {
    const me = await player();
    const at = (seconds: number) => new Date(t.clock.now().getTime() - 60_000 + seconds * 1_000);
    const first = await openTestObligation(t, { memberId: me.id, amount: 30_00n, at: at(0) });
    const lottery = await openTestObligation(t, {
      memberId: me.id,
      amount: 100_00n,
      productScope: 'LOTT',
      at: at(1),
    });
    const third = await openTestObligation(t, { memberId: me.id, amount: 50_00n, at: at(2) });
    // 60.00 of slots: 30.00 meets the first, the lottery one is out of scope, 30.00 goes to the third.
    await stake(me.id, slots, 60_00n);
    expect(await obligation(first)).toEqual({ contributed: 30_00n, status: 'met' });
    expect(await obligation(lottery)).toEqual({ contributed: 0n, status: 'open' });
    expect(await obligation(third)).toEqual({ contributed: 30_00n, status: 'open' });
    // 200.00 of lottery: the lottery obligation (older) takes 100.00, the third 20.00, the last 80.00 counts nothing.
    await stake(me.id, lotto, 200_00n);
    expect(await obligation(lottery)).toEqual({ contributed: 100_00n, status: 'met' });
    expect(await obligation(third)).toEqual({ contributed: 50_00n, status: 'met' });
    expect(await remainingTurnover(t.db, me.id, t.clock.now())).toBe(0n);
  });

  it('a stake refunded after its round settled takes back what it gave; a met obligation opens again', async () => {
    const me = await player();
    const id = await openTestObligation(t, { memberId: me.id, amount: 40_00n });
    const round = await stake(me.id, slots, 50_00n);
    expect(await obligation(id)).toEqual({ contributed: 40_00n, status: 'met' });
    await write(t.db, { isolation: 'read committed' }, (tx) =>
      rounds.refund(
        tx,
        { roundId: round.roundId, memberId: me.id },
        { kind: 'stake', amount: 20_00n },
        { key: `test:refund:${round.ref}` },
        t.clock.now(),
      ),
    );
    // 30.00 of the stake still counts: the obligation keeps 30.00 of its 40.00.
    expect(await obligation(id)).toEqual({ contributed: 30_00n, status: 'open' });
  });

  it('an expired obligation takes nothing and holds no withdrawal; the console shows it expired', async () => {
    const me = await player();
    const now = t.clock.now();
    const hours = (count: number) => new Date(now.getTime() + count * 3_600_000);
    const expired = await openTestObligation(t, {
      memberId: me.id,
      amount: 100_00n,
      source: 'bonus',
      multiple: 5,
      at: hours(-2),
      expiresAt: hours(-1),
    });
    const live = await openTestObligation(t, { memberId: me.id, amount: 20_00n, expiresAt: hours(1) });
    expect(await remainingTurnover(t.db, me.id, hours(-1.5))).toBe(520_00n);
    expect(await remainingTurnover(t.db, me.id, now)).toBe(20_00n);
    await stake(me.id, slots, 10_00n);
    expect(await obligation(expired)).toEqual({ contributed: 0n, status: 'open' });
    expect(await obligation(live)).toEqual({ contributed: 10_00n, status: 'open' });
    const shown = await t.get(consoleApi.memberObligations.path.replace(':id', String(me.id)), tok.support);
    expect(shown.body.value.list).toMatchObject([
      { id: Number(expired), source: 'bonus', amount: 100, required: 500, remaining: 0, status: 'expired' },
      { id: Number(live), source: 'deposit', amount: 20, required: 20, remaining: 10, status: 'open' },
    ]);
  });

  it('counts nothing of stakes on both sides of one baccarat round', async () => {
    await fastTable(t, 'jade');
    const me = await tablePlayer(t, 'jade', 1_000_00n);
    const id = await openTestObligation(t, { memberId: me.id, amount: 500_00n });
    await tableState(t, me);
    // Banker and player in two bets of the same round, and a tie: only the tie counts.
    const first = [
      { spot: 'banker', stake: '1000' },
      { spot: 'tie', stake: '100' },
    ];
    expect((await betCall(t, me, { round: 0, spots: first })).status).toBe(200);
    expect((await betCall(t, me, { round: 0, spots: [{ spot: 'player', stake: '1000' }] })).status).toBe(200);
    t.clock.advance(5_000);
    expect((await tableState(t, me)).body.value.round.state).toBe('settled');
    expect(await obligation(id)).toMatchObject({ contributed: 1_00n });
  });

  it('counts nothing of roulette bets covering 70 % of the numbers, and all of bets covering less', async () => {
    await fastTable(t, 'roulette-live');
    const covering = await tablePlayer(t, 'roulette-live', 1_000_00n);
    const fair = await tablePlayer(t, 'roulette-live', 1_000_00n);
    const coveringId = await openTestObligation(t, { memberId: covering.id, amount: 500_00n });
    const fairId = await openTestObligation(t, { memberId: fair.id, amount: 500_00n });
    await tableState(t, covering);
    // Two dozens and two straights: 26 of 37 numbers (70.3 %). Two dozens alone: 24 (64.9 %).
    const wide = [
      { spot: 'dozen:1', stake: '500' },
      { spot: 'dozen:2', stake: '500' },
      { spot: 'straight:0', stake: '100' },
      { spot: 'straight:25', stake: '100' },
    ];
    expect((await betCall(t, covering, { round: 0, spots: wide })).status).toBe(200);
    const narrow = wide.slice(0, 2);
    expect((await betCall(t, fair, { round: 0, spots: narrow })).status).toBe(200);
    t.clock.advance(5_000);
    expect((await tableState(t, fair)).body.value.round.state).toBe('settled');
    expect(await obligation(coveringId)).toMatchObject({ contributed: 0n });
    expect(await obligation(fairId)).toMatchObject({ contributed: 10_00n });
  });

  it('reads the low-risk part of a table bet: opposite even-money spots, and the roulette coverage', () => {
    const dozens = [
      { spot: 'dozen:1', stake: '100' },
      { spot: 'dozen:2', stake: '100' },
    ];
    // 24 of 37 numbers: nothing is low risk; with 0 and 25 backed in another bet, 26 (70.3 %): all of it.
    expect(lowRiskStake('roulette', dozens, dozens)).toBe(0n);
    const wider = [...dozens, { spot: 'straight:0', stake: '10' }, { spot: 'split:25-28', stake: '10' }];
    expect(lowRiskStake('roulette', dozens, wider)).toBe(200n);
    // Red and black cover 36 numbers: a bet on red beside one on black is low risk.
    expect(lowRiskStake('roulette', [{ spot: 'red', stake: '300' }], [{ spot: 'red', stake: '300' }])).toBe(
      0n,
    );
    // Baccarat: the stakes on banker and player of one round count nothing; the tie still counts.
    const both = [
      { spot: 'player', stake: '10' },
      { spot: 'tie', stake: '2' },
    ];
    expect(lowRiskStake('baccarat', both, both)).toBe(0n);
    expect(lowRiskStake('baccarat', both, [...both, { spot: 'banker', stake: '5' }])).toBe(10n);
  });

  it('caps a bonus under the UK profile at 10 times and one product type', async () => {
    const me = await player();
    const open = (productScope: string | null, ref: string) =>
      write(t.db, { isolation: 'read committed' }, (tx) =>
        openObligation(
          tx,
          { memberId: me.id, source: 'bonus', sourceRef: ref, amount: 10_00n, multiple: 30, productScope },
          t.clock.now(),
        ),
      );
    const read = await t.get(consoleApi.settings.path, tok.finance);
    await t.send('PUT', consoleApi.saveSettings.path, { ...read.body.value, ukProfile: true }, tok.finance);
    try {
      await expect(open(null, 'uk-any')).rejects.toMatchObject({ code: 'validation_failed' });
      const id = await open('RNG', 'uk-slots');
      const [row] = await t.db.query<{ required: bigint; product_scope: string }>(
        'select required, product_scope from turnover_obligations where id = $1',
        [id],
      );
      expect(row).toEqual({ required: 100_00n, product_scope: 'RNG' });
    } finally {
      await t.send('PUT', consoleApi.saveSettings.path, read.body.value, tok.finance);
    }
    // Without it, the multiple stands; the same credit opens nothing twice.
    expect(await open(null, 'any')).not.toBeNull();
    expect(await open(null, 'any')).toBeNull();
    expect(await remainingTurnover(t.db, me.id, t.clock.now())).toBe(100_00n + 300_00n);
  });

  it('the console lists a player’s obligations and cancels one with a reason, audited', async () => {
    const me = await player();
    const id = await openTestObligation(t, { memberId: me.id, amount: 80_00n, contributed: 20_00n });
    const list = await t.get(consoleApi.memberObligations.path.replace(':id', String(me.id)), tok.support);
    expect(list.status).toBe(200);
    expect(list.body.value).toMatchObject({ memberId: me.id, currency: 'PHP', digits: 2 });
    expect(list.body.value.list).toEqual([
      {
        id: Number(id),
        source: 'deposit',
        sourceRef: expect.any(String),
        amount: 80,
        required: 80,
        contributed: 20,
        remaining: 60,
        productScope: null,
        status: 'open',
        createdAt: t.clock.now().toISOString(),
        expiresAt: null,
        cancelReason: null,
      },
    ]);
    const url = consoleApi.cancelObligation.path
      .replace(':id', String(me.id))
      .replace(':obligationId', String(id));
    const short = await t.send('POST', url, { reason: 'no' }, tok.finance);
    checks.expectFailure(short, 400, 'validation_failed', { reason: expect.any(String) });
    const cancelled = await t.send('POST', url, { reason: 'Bonus granted by mistake' }, tok.finance);
    expect(cancelled.body.value).toMatchObject({
      status: 'cancelled',
      remaining: 0,
      cancelReason: 'Bonus granted by mistake',
    });
    await checks.expectAudited(tok.finance, 'turnover_obligation', {
      action: 'cancel',
      entityId: String(id),
      before: list.body.value.list[0],
      after: cancelled.body.value,
    });
    expect(await remainingTurnover(t.db, me.id, t.clock.now())).toBe(0n);
    checks.expectFailure(await t.send('POST', url, { reason: 'again please' }, tok.finance), 409, 'conflict');
    const elsewhere = consoleApi.cancelObligation.path
      .replace(':id', String(me.id + 1))
      .replace(':obligationId', String(id));
    checks.expectFailure(
      await t.send('POST', elsewhere, { reason: 'wrong member' }, tok.finance),
      404,
      'not_found',
    );
    const missing = await t.get(consoleApi.memberObligations.path.replace(':id', '999999'), tok.support);
    checks.expectFailure(missing, 404, 'not_found');
  });

  it('refuses the obligations to those who may not see them, and the cancel to support', async () => {
    const url = consoleApi.cancelObligation.path.replace(':id', '1').replace(':obligationId', '1');
    await checks.expectRefusals([{ method: 'POST', url, body: { reason: 'xxxx' } }], ['support']);
    await checks.expectRefusals(
      [{ method: 'GET', url: consoleApi.memberObligations.path.replace(':id', '1') }],
      [],
    );
  });

  it('two concurrent settled stakes on one obligation never count more than they staked, nor past its requirement', async () => {
    const me = await player();
    const roomy = await openTestObligation(t, { memberId: me.id, amount: 1_000_00n });
    await Promise.all([stake(me.id, slots, 70_00n), stake(me.id, slots, 80_00n)]);
    expect(await obligation(roomy)).toEqual({ contributed: 150_00n, status: 'open' });
    await t.db.query("update turnover_obligations set status = 'cancelled' where id = $1", [roomy]);
    const tight = await openTestObligation(t, { memberId: me.id, amount: 100_00n });
    await Promise.all([stake(me.id, slots, 60_00n), stake(me.id, slots, 60_00n)]);
    expect(await obligation(tight)).toEqual({ contributed: 100_00n, status: 'met' });
    const [given] = await t.db.query<{ sum: bigint }>(
      'select sum(amount)::bigint as sum from turnover_contributions where obligation_id = $1',
      [tight],
    );
    expect(given?.sum).toBe(100_00n);
  });

  it('the expiry job marks each obligation past its expiry expired once, at its expiry, with two runners at once', async () => {
    const me = await player();
    const now = t.clock.now();
    const hours = (count: number) => new Date(now.getTime() + count * 3_600_000);
    const due = [
      await openTestObligation(t, { memberId: me.id, amount: 10_00n, at: hours(-3), expiresAt: hours(-2) }),
      await openTestObligation(t, { memberId: me.id, amount: 20_00n, at: hours(-3), expiresAt: hours(-1) }),
    ];
    const met = await openTestObligation(t, {
      memberId: me.id,
      amount: 5_00n,
      contributed: 5_00n,
      at: hours(-3),
      expiresAt: hours(-1),
    });
    const live = await openTestObligation(t, { memberId: me.id, amount: 30_00n, expiresAt: hours(1) });
    const rows = () =>
      t.db.query<{ id: bigint; status: string; closed_at: Date | null }>(
        'select id, status, closed_at from turnover_obligations where member_id = $1 order by id',
        [me.id],
      );
    const before = new Map((await rows()).map((row) => [row.id, row.closed_at]));

    // Two passes at once (two processes' runners): each obligation is taken by exactly one of them.
    const [first, second] = await Promise.all([
      expireObligations(t.deps, now),
      expireObligations(t.deps, now),
    ]);
    const mine = [...first, ...second].filter((id) => due.includes(id));
    expect(mine.sort()).toEqual([...due].sort());
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect(await rows()).toEqual([
      { id: due[0], status: 'expired', closed_at: hours(-2) },
      { id: due[1], status: 'expired', closed_at: hours(-1) },
      { id: met, status: 'met', closed_at: before.get(met) },
      { id: live, status: 'open', closed_at: null },
    ]);

    // The scheduled job (every 5 minutes) on two runners, just after a slot once the live one's expiry has passed:
    // it expires, once; nothing else moves. A first pass before the slot registers the schedule.
    const runners = [buildJobRunner(t.deps), buildJobRunner(t.deps)];
    t.clock.set(hours(1.45));
    await runners[0]?.runDue();
    t.clock.set(new Date(hours(1.5).getTime() + 10_000));
    await Promise.all([...runners, ...runners].map((runner) => runner.runDue()));
    expect((await rows()).map((row) => [row.id, row.status, row.closed_at])).toEqual([
      [due[0], 'expired', hours(-2)],
      [due[1], 'expired', hours(-1)],
      [met, 'met', before.get(met)],
      [live, 'expired', hours(1)],
    ]);
    const jobs = await t.db.query<{ status: string }>(
      `select status from jobs where kind = 'wallet.turnover-expiry' and slot = $1`,
      [`wallet.turnover-expiry@${hours(1.5).toISOString()}`],
    );
    expect(jobs).toEqual([{ status: 'done' }]);
    expect(await expireObligations(t.deps, t.clock.now())).toEqual([]);
    expect(await remainingTurnover(t.db, me.id, t.clock.now())).toBe(0n);
  });
});

describe('migration 0031: the old turnover counter becomes obligations', () => {
  it('keeps what members wagered: a counter still owing becomes one open obligation, a met one nothing', async () => {
    const { db, drop } = await openTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      const all = new URL('../../db/migrations/', import.meta.url).pathname;
      for (const file of readdirSync(all).filter((name) => name < '0031'))
        cpSync(join(all, file), join(dir, file));
      await migrate(db, dir);
      const member = async (username: string) => {
        const [row] = await db.query<{ id: number }>(
          'insert into members (username) values ($1) returning id',
          [username],
        );
        return row?.id as number;
      };
      const owing = await member('owing1');
      const met = await member('met001');
      const at = new Date('2026-10-01T00:00:00Z');
      await db.query(
        `insert into wallet_turnover (member_id, required, wagered, updated_at)
         values ($1, 50000, 12550, $3), ($2, 30000, 45000, $3)`,
        [owing, met, at],
      );
      // 0031 runs first, then whatever later migrations there are.
      expect((await migrate(db))[0]).toBe('0031_promotions_obligations.sql');
      const rows = await db.query(
        `select member_id, source_kind, amount, required, contributed, status, product_scope, created_at
         from turnover_obligations order by member_id`,
      );
      expect(rows).toEqual([
        {
          member_id: owing,
          source_kind: 'adjustment',
          amount: 50_000n,
          required: 50_000n,
          contributed: 12_550n,
          status: 'open',
          product_scope: null,
          created_at: at,
        },
      ]);
      expect(await db.query("select 1 from pg_tables where tablename = 'wallet_turnover'")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    }
  });
});
