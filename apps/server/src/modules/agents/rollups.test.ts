import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMoneyDay, placeMember } from '../../../test/factories/agents.ts';
import { newGame } from '../../../test/factories/games.ts';
import { housePlayer, spinCall } from '../../../test/factories/house.ts';
import { walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { write } from '../../platform/write.ts';
import { addToRound, reverseInRound, settleRounds } from '../games/rounds-store.ts';
import { type Leg, post } from '../wallet/ledger.ts';
import { drainRollupQueue, queuedChanges } from './rollups.ts';

describe('roll-ups from rounds and postings', () => {
  let t: TestApp;
  let member: number;
  let slots: number;
  let lottery: number;
  let refs = 0;
  beforeEach(async () => {
    t = await startTestApp({ runJobs: false });
    const agent = await placeMember(t.db, { type: 1 });
    member = await placeMember(t.db, { upline: agent });
    slots = await newGame(t, { vendor: 'HOUSE_SLOTS' });
    lottery = await newGame(t, { vendor: 'LOTT', gameType: 'LOTT', classify: 'LOTTERY' });
  });
  afterEach(() => t.close());

  async function round(
    gameId: number,
    values: {
      bet: bigint;
      win?: bigint;
      status: 'open' | 'settled' | 'void';
      at: string;
      playMoney?: boolean;
    },
  ): Promise<bigint> {
    refs += 1;
    const [row] = await t.db.query<{ id: bigint }>(
      `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at,
         play_money) values ($1, $2, $3, 'VND', $4, $5, $6, $7, $7, $8) returning id`,
      [
        member,
        gameId,
        `r${refs}`,
        values.bet,
        values.win ?? 0n,
        values.status,
        values.at,
        values.playMoney ?? false,
      ],
    );
    return row?.id as bigint;
  }
  const update = (id: bigint, set: string, at: string) =>
    t.db.query(`update game_rounds set ${set}, updated_at = $2 where id = $1`, [id, at]);
  const days = () =>
    t.db.query<{ day: string; product: string; rounds: number; valid_bet: bigint; payout: bigint }>(
      `select to_char(day, 'YYYY-MM-DD') as day, product, rounds, valid_bet, payout from agent_play_days
        where member_id = $1 order by day, product`,
      [member],
    );

  it('counts a round once it settles, corrects a re-settle and a void on the day they happen, and leaves out play money and open rounds', async () => {
    const id = await round(slots, { bet: 1_000n, status: 'open', at: '2026-11-02T10:00:00Z' });
    await round(slots, {
      bet: 500n,
      win: 900n,
      status: 'settled',
      at: '2026-11-02T10:01:00Z',
      playMoney: true,
    });
    await drainRollupQueue(t.db);
    expect(await days()).toEqual([]);

    await update(id, `status = 'settled', win = 300`, '2026-11-02T10:03:00Z');
    await round(lottery, { bet: 2_000n, win: 0n, status: 'settled', at: '2026-11-02T11:00:00Z' });
    expect(await drainRollupQueue(t.db)).toBe(2);
    expect(await days()).toEqual([
      { day: '2026-11-02', product: 'LOTT', rounds: 1, valid_bet: 2_000n, payout: 0n },
      { day: '2026-11-02', product: 'RNG', rounds: 1, valid_bet: 1_000n, payout: 300n },
    ]);

    // Re-settled the next day with another win: the difference goes to that day; a repeat of the same values
    // (a console "settled by" stamp) changes nothing.
    await update(id, 'win = 800', '2026-11-03T09:00:00Z');
    await update(id, 'settled_by = null', '2026-11-03T09:01:00Z');
    await drainRollupQueue(t.db);
    const after = await days();
    expect(after.filter((row) => row.product === 'RNG')).toEqual([
      { day: '2026-11-02', product: 'RNG', rounds: 1, valid_bet: 1_000n, payout: 300n },
      { day: '2026-11-03', product: 'RNG', rounds: 0, valid_bet: 0n, payout: 500n },
    ]);

    // Voided: the round counts nothing any more, from the day of the void.
    await update(id, `status = 'void'`, '2026-11-04T09:00:00Z');
    await drainRollupQueue(t.db);
    const [totals] = await t.db.query<{ rounds: number; valid_bet: bigint; payout: bigint }>(
      `select sum(rounds)::int as rounds, sum(valid_bet)::bigint as valid_bet, sum(payout)::bigint as payout
         from agent_play_days where member_id = $1 and product = 'RNG'`,
      [member],
    );
    expect(totals).toEqual({ rounds: 0, valid_bet: 0n, payout: 0n });
    expect(await queuedChanges(t.db)).toBe(0);
  });

  it("follows the games area's own writes: a provider's bet then win, a lottery draw's batch, a rollback to void", async () => {
    const at = (text: string) => new Date(text);
    const inTx = <T>(fn: (tx: Parameters<typeof addToRound>[0]) => Promise<T>) =>
      write(t.db, { isolation: 'read committed' }, fn);
    // A provider's round: the stake opens it, the closing win settles it (insert, then insert … on conflict update).
    const round = { memberId: member, gameId: slots, ref: 'prov-1', currency: 'VND', closed: false };
    const providerRound = await inTx((tx) =>
      addToRound(tx, round, { bet: 700n, win: 0n }, at('2026-11-02T03:00:00Z')),
    );
    await inTx((tx) =>
      addToRound(tx, { ...round, closed: true }, { bet: 0n, win: 1_000n }, at('2026-11-02T03:00:05Z')),
    );
    // Lottery tickets: opened at the bet, settled by the draw in one statement.
    const tickets = await inTx(async (tx) => [
      await addToRound(
        tx,
        { memberId: member, gameId: lottery, ref: 't-1', currency: 'VND', closed: false },
        { bet: 100n, win: 0n },
        at('2026-11-02T04:00:00Z'),
      ),
      await addToRound(
        tx,
        { memberId: member, gameId: lottery, ref: 't-2', currency: 'VND', closed: false },
        { bet: 200n, win: 0n },
        at('2026-11-02T04:00:00Z'),
      ),
    ]);
    await drainRollupQueue(t.db);
    expect(await days()).toEqual([
      { day: '2026-11-02', product: 'RNG', rounds: 1, valid_bet: 700n, payout: 1_000n },
    ]);
    await inTx((tx) =>
      settleRounds(
        tx,
        tickets.map((id, i) => ({ id, win: i === 0 ? 900n : 0n })),
        at('2026-11-02T05:00:00Z'),
      ),
    );
    // The provider rolls the whole round back: it is void and counts nothing any more.
    await inTx((tx) =>
      reverseInRound(tx, providerRound, { bet: 700n, win: 1_000n }, at('2026-11-02T06:00:00Z')),
    );
    await drainRollupQueue(t.db);
    expect(await days()).toEqual([
      { day: '2026-11-02', product: 'LOTT', rounds: 2, valid_bet: 300n, payout: 900n },
      { day: '2026-11-02', product: 'RNG', rounds: 0, valid_bet: 0n, payout: 0n },
    ]);
  });

  it("puts a change on the merchant's day in its time zone, and in its 5-minute window", async () => {
    await t.db.query(`update merchant set time_zone = 'Asia/Ho_Chi_Minh'`);
    // 16:59:59 UTC is 23:59:59 in Ho Chi Minh City; 17:00:00 UTC is midnight of the next day there.
    await round(slots, { bet: 100n, status: 'settled', at: '2026-11-02T16:59:59Z' });
    await round(slots, { bet: 200n, status: 'settled', at: '2026-11-02T17:00:00Z' });
    await round(slots, { bet: 400n, status: 'settled', at: '2026-11-02T17:04:59.999Z' });
    await drainRollupQueue(t.db);
    expect((await days()).map((row) => [row.day, row.valid_bet])).toEqual([
      ['2026-11-02', 100n],
      ['2026-11-03', 600n],
    ]);
    const windows = await t.db.query<{ window_start: Date; valid_bet: bigint }>(
      'select window_start, valid_bet from agent_play_windows where member_id = $1 order by window_start',
      [member],
    );
    expect(windows.map((row) => [row.window_start.toISOString(), row.valid_bet])).toEqual([
      ['2026-11-02T16:55:00.000Z', 100n],
      ['2026-11-02T17:00:00.000Z', 600n],
    ]);
  });

  it('adds deposits (the first ever apart), withdrawals less returned ones, bonuses and red envelopes received', async () => {
    const other = await placeMember(t.db);
    let n = 0;
    const posting = (kind: Parameters<typeof post>[1]['kind'], memberId: number, legs: Leg[], at: string) => {
      n += 1;
      return write(t.db, { isolation: 'read committed' }, (tx) =>
        post(tx, { key: `rollup-test:${n}`, kind, memberId, reference: `test:${n}`, legs }, new Date(at)),
      );
    };
    const deposit = (memberId: number, amount: bigint, at: string) =>
      posting(
        'deposit',
        memberId,
        [
          { account: { member: memberId, wallet: 'main' }, amount },
          { account: { system: 'merchant:cash' }, amount: -amount },
        ],
        at,
      );
    await deposit(member, 10_000n, '2026-11-02T08:00:00Z');
    await deposit(member, 5_000n, '2026-11-02T09:00:00Z');
    await deposit(member, 7_000n, '2026-11-03T09:00:00Z');
    const toPending = (amount: bigint): Leg[] => [
      { account: { member, wallet: 'main' }, amount: -amount },
      { account: { member, wallet: 'pending' }, amount },
    ];
    await posting('withdrawal', member, toPending(3_000n), '2026-11-03T10:00:00Z');
    await posting('withdrawal', member, toPending(1_000n), '2026-11-03T11:00:00Z');
    await posting('withdrawal_returned', member, toPending(-1_000n), '2026-11-03T12:00:00Z');
    await posting(
      'bonus',
      member,
      [
        { account: { member, wallet: 'main' }, amount: 250n },
        { account: { system: 'house:bonuses' }, amount: -250n },
      ],
      '2026-11-03T13:00:00Z',
    );
    await posting(
      'red_envelope',
      member,
      [
        { account: { member, wallet: 'main' }, amount: -400n },
        { account: { member: other, wallet: 'main' }, amount: 400n },
      ],
      '2026-11-03T14:00:00Z',
    );
    await drainRollupQueue(t.db);
    const rows = await t.db.query(
      `select member_id, to_char(day, 'YYYY-MM-DD') as day, deposits, deposit_count, first_deposit, withdrawals,
              withdrawal_count, bonuses, red_envelopes
         from agent_money_days where member_id = any($1::int[]) order by member_id, day`,
      [[member, other]],
    );
    expect(rows).toEqual([
      {
        member_id: member,
        day: '2026-11-02',
        deposits: 15_000n,
        deposit_count: 2,
        first_deposit: 10_000n,
        withdrawals: 0n,
        withdrawal_count: 0,
        bonuses: 0n,
        red_envelopes: 0n,
      },
      {
        member_id: member,
        day: '2026-11-03',
        deposits: 7_000n,
        deposit_count: 1,
        first_deposit: 0n,
        withdrawals: 3_000n,
        withdrawal_count: 1,
        bonuses: 250n,
        red_envelopes: 0n,
      },
      {
        member_id: other,
        day: '2026-11-03',
        deposits: 0n,
        deposit_count: 0,
        first_deposit: 0n,
        withdrawals: 0n,
        withdrawal_count: 0,
        bonuses: 0n,
        red_envelopes: 400n,
      },
    ]);
  });

  it('applies each change exactly once with two runners racing while rounds keep settling', async () => {
    const settleMany = async (from: number, count: number) => {
      for (let i = 0; i < count; i += 20) {
        await t.db.query(
          `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
           select $1, $2, 'race' || g, 'VND', 100, 30, 'settled', $3, $3
             from generate_series($4::int, $5::int) g`,
          [member, slots, '2026-11-02T10:00:00Z', from + i, from + Math.min(i + 20, count) - 1],
        );
      }
    };
    const runner = async () => {
      let applied = 0;
      for (let pass = 0; pass < 40; pass += 1) applied += await drainRollupQueue(t.db, { batch: 37 });
      return applied;
    };
    const [, , first, second] = await Promise.all([
      settleMany(0, 600),
      settleMany(1_000, 600),
      runner(),
      runner(),
    ]);
    const rest = await drainRollupQueue(t.db);
    expect(first + second + rest).toBe(1_200);
    expect(await queuedChanges(t.db)).toBe(0);
    const [row] = await days();
    expect(row).toEqual({
      day: '2026-11-02',
      product: 'RNG',
      rounds: 1_200,
      valid_bet: 120_000n,
      payout: 36_000n,
    });
    const [window] = await t.db.query<{ rounds: number }>(
      'select sum(rounds)::int as rounds from agent_play_windows where member_id = $1',
      [member],
    );
    expect(window?.rounds).toBe(1_200);
  });
  it("keeps each agent's team sums equal to its branch's, trial accounts left out, through a move racing two runners", async () => {
    // The tree: agent > member, agent > sub > (player, trial); other stands apart. sub moves under other mid-race.
    const [{ id: agent } = { id: 0 }] = await t.db.query<{ id: number }>(
      'select upline_id as id from members where id = $1',
      [member],
    );
    const sub = await placeMember(t.db, { upline: agent, type: 1 });
    const player = await placeMember(t.db, { upline: sub });
    const trial = await placeMember(t.db, { upline: sub, type: 4 });
    const other = await placeMember(t.db, { type: 1 });
    await addMoneyDay(t.db, { memberId: player, day: '2026-11-01', deposits: 5_000n, bonuses: 70n });
    await addMoneyDay(t.db, { memberId: trial, day: '2026-11-01', deposits: 9_000n });
    const settleMany = async (who: number, from: number, count: number) => {
      for (let i = 0; i < count; i += 20) {
        await t.db.query(
          `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
           select $1, $2, 'team' || g, 'VND', 100, 30, 'settled', $3, $3
             from generate_series($4::int, $5::int) g`,
          [who, slots, '2026-11-02T10:00:00Z', from + i, from + Math.min(i + 20, count) - 1],
        );
      }
    };
    const runner = async () => {
      for (let pass = 0; pass < 30; pass += 1) await drainRollupQueue(t.db, { batch: 29 });
    };
    const move = async () => {
      await settleMany(player, 5_000, 100);
      await write(t.db, { isolation: 'read committed' }, (tx) =>
        tx.query('update members set upline_id = $2 where id = $1', [sub, other]),
      );
    };
    await Promise.all([
      settleMany(member, 0, 300),
      settleMany(player, 1_000, 300),
      settleMany(trial, 2_000, 100),
      runner(),
      runner(),
      move(),
    ]);
    await drainRollupQueue(t.db);

    const kept = (table: string, keys: string) =>
      t.db.query(
        `select * from ${table} where (${keys}) <> (0, 0, 0) order by agent_id, day${table.includes('play') ? ', product' : ''}`,
      );
    const branchOf = (table: string, sums: string, group: string) =>
      t.db.query(
        `select up.agent_id, r.day, ${sums}
           from ${table} r join members m on m.id = r.member_id and m.type <> 4
           cross join lateral unnest(m.agent_path) as up(agent_id)
          where up.agent_id <> m.id group by up.agent_id, r.day${group} order by up.agent_id, r.day${group}`,
      );
    const play = await kept('agent_team_play_days', 'rounds, valid_bet, payout');
    expect(play).toEqual(
      await branchOf(
        'agent_play_days',
        'r.product, sum(rounds)::int as rounds, sum(valid_bet)::bigint as valid_bet, sum(payout)::bigint as payout',
        ', r.product',
      ),
    );
    // sub's branch (player's 400 rounds) now counts under other and no longer under agent; agent keeps member's.
    expect(play.map((row) => [row.agent_id, row.rounds])).toEqual([
      [agent, 300],
      [sub, 400],
      [other, 400],
    ]);
    const money = await kept('agent_team_money_days', 'deposits, bonuses, first_deposit_count');
    expect(money.map((row) => [row.agent_id, row.deposits, row.bonuses])).toEqual([
      [sub, 5_000n, 70n],
      [other, 5_000n, 70n],
    ]);
  });
});

/**
 * The house's own games reach the agents' roll-ups and team reports like a provider's rounds: a spin is a round of
 * game_rounds written through the seamless wallet, so the roll-up triggers queue it with its vendor's game type.
 */
describe("house games in the agents' roll-ups", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({ runJobs: false });
  });
  afterEach(() => t.close());

  it("counts a downline's house slot spins in its own roll-ups, its agent's team roll-ups and the team overview", async () => {
    const agent = await walletMember(t, { type: 1 });
    const player = await housePlayer(t, { funds: 100_00n });
    await t.db.query('update members set upline_id = $2 where id = $1', [player.id, agent.id]);
    for (let spin = 0; spin < 5; spin += 1) expect((await spinCall(t, player, 100n)).status).toBe(200);
    const [house] = await t.db.query<{ rounds: number; bet: bigint; win: bigint; product: string }>(
      `select count(*)::int as rounds, sum(r.bet)::bigint as bet, sum(r.win)::bigint as win, v.game_type as product
         from house_rounds r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
        where r.member_id = $1 and r.state = 'settled' group by v.game_type`,
      [player.id],
    );
    expect(house?.rounds).toBe(5);
    expect(await drainRollupQueue(t.db)).toBeGreaterThanOrEqual(5);

    const [own] = await t.db.query(
      `select product, sum(rounds)::int as rounds, sum(valid_bet)::bigint as bet, sum(payout)::bigint as win
         from agent_play_days where member_id = $1 group by product`,
      [player.id],
    );
    expect(own).toEqual(house);
    const [team] = await t.db.query(
      `select product, sum(rounds)::int as rounds, sum(valid_bet)::bigint as bet, sum(payout)::bigint as win
         from agent_team_play_days where agent_id = $1 group by product`,
      [agent.id],
    );
    expect(team).toEqual(house);

    const overview = await t.get('/wps/agent/report/overview?period=today', agent.token);
    expect(overview.status).toBe(200);
    const digits = overview.body.value.digits as number;
    const major = (minor: bigint) => Number(minor) / 10 ** digits;
    expect(overview.body.value).toMatchObject({
      teamMembers: 1,
      validBet: major(house?.bet ?? 0n),
      payout: major(house?.win ?? 0n),
      houseResult: major((house?.bet ?? 0n) - (house?.win ?? 0n)),
    });
  });
});
