import { TRIAL_ACCOUNT_IS_AGENT } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrangeNextSpin,
  houseGameId,
  housePlayer,
  mainBalance,
  spinCall,
  spinUntilWin,
} from '../../../../test/factories/house.ts';
import { betCall, fastTable, tablePlayer, tableState } from '../../../../test/factories/house-tables.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { write } from '../../../platform/write.ts';
import { post, sumBalance } from '../../wallet/ledger.ts';
import { PLAY_MONEY_MAJOR, playBalance } from '../../wallet/play-money.ts';
import * as gamesStore from '../store.ts';

/**
 * Free play of the house's games: a trial account (isAgent 4) plays them with play money, its own ledger unit, topped
 * up when it opens a game; nothing of real money moves or counts its rounds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

/** Every money account (unit money) with its balance: what play money must never move. */
async function moneyAccounts(): Promise<Map<string, bigint>> {
  const rows = await t.db.query<{ code: string; balance: bigint }>(
    "select code, balance from ledger_accounts where unit = 'money' order by code",
  );
  return new Map(rows.map((row) => [row.code, row.balance]));
}

const PLAY_MONEY = PLAY_MONEY_MAJOR * 100n;

describe('play money of trial accounts', () => {
  it('opens a house slot for a trial account with play money, and its spins move play money only', async () => {
    const before = await moneyAccounts();
    const player = await housePlayer(t, { type: TRIAL_ACCOUNT_IS_AGENT });
    expect(await playBalance(t, player.id)).toBe(PLAY_MONEY);
    const slot = await t.get('/house/api/slots/game', player.token);
    expect([slot.status, slot.body.value.balance]).toEqual([200, PLAY_MONEY.toString()]);

    const answers = [...(await spinUntilWin(t, player, 100n)), await spinCall(t, player, 100n)];
    const staked = BigInt(answers.length) * 100n;
    const won = answers.reduce((sum, answer) => sum + BigInt(answer.body.value.outcome.totalWin), 0n);
    const last = answers.at(-1)?.body.value;
    expect(BigInt(last.balance)).toBe(PLAY_MONEY - staked + won);
    expect(await playBalance(t, player.id)).toBe(PLAY_MONEY - staked + won);

    // No money account moved (the member's main wallet, the house's, the merchant's), and no turnover counted.
    expect(await moneyAccounts()).toEqual(before);
    expect(await mainBalance(t, player.id)).toBe(0n);
    const turnover = await t.db.query(
      'select c.amount from turnover_contributions c join game_rounds r on r.id = c.round_id where r.member_id = $1',
      [player.id],
    );
    expect(turnover).toEqual([]);
    expect(
      await t.db.query('select 1 from game_rounds where member_id = $1 and turnover_counted > 0', [
        player.id,
      ]),
    ).toEqual([]);
    // The rounds are play money's, and the site's balance (money) stays 0.
    const rounds = await t.db.query<{ play_money: boolean }>(
      'select play_money from game_rounds where member_id = $1',
      [player.id],
    );
    expect(rounds.length).toBe(answers.length);
    expect(rounds.every((round) => round.play_money)).toBe(true);
    expect(await sumBalance(t.db, player.id)).toBe(0n);
  });

  it('keeps play money wins off the winners board', async () => {
    const player = await housePlayer(t, { type: TRIAL_ACCOUNT_IS_AGENT });
    const answers = await spinUntilWin(t, player, 100n);
    const [member] = await t.db.query<{ username: string }>('select username from members where id = $1', [
      player.id,
    ]);
    const won = answers.at(-1)?.body.value.outcome.totalWin;
    expect(BigInt(won)).toBeGreaterThan(0n);
    const wins = await gamesStore.listWins(t.db, null, 100, null);
    expect(wins.filter((win) => win.username === member?.username)).toEqual([]);
  });

  it('tops play money up when a game opens again, once for launches at the same time', async () => {
    const player = await housePlayer(t, { type: TRIAL_ACCOUNT_IS_AGENT });
    // A spin that wins nothing spends some of the play money (spins left to chance could win more than they stake).
    await arrangeNextSpin(
      t,
      player,
      1000n,
      (outcome) => BigInt(outcome.totalWin) === 0n && outcome.freeSpins.length === 0,
    );
    expect((await spinCall(t, player, 1000n)).body.success).toBe(true);
    expect(await playBalance(t, player.id)).toBe(PLAY_MONEY - 1000n);
    const nodeId = await houseGameId(t);
    const launches = await Promise.all(
      [1, 2].map(() => t.get(`/wps/game/launchGame?nodeId=${nodeId}`, player.siteToken)),
    );
    expect(launches.map((res) => [res.status, res.body.value.real])).toEqual([
      [200, false],
      [200, false],
    ]);
    expect(await playBalance(t, player.id)).toBe(PLAY_MONEY);
    const grants = await t.db.query(
      "select id from ledger_transactions where member_id = $1 and kind = 'play_money'",
      [player.id],
    );
    expect(grants.length).toBe(2);
  });

  it("refuses a trial account's bet above its play money, and a member still plays real money", async () => {
    const trial = await housePlayer(t, { type: TRIAL_ACCOUNT_IS_AGENT });
    // The play money spent down to 0.50 (as rounds would), then a stake of 1.00.
    await write(t.db, { isolation: 'read committed' }, (tx) =>
      post(
        tx,
        {
          key: `test:spend-play:${trial.id}`,
          kind: 'play_money',
          memberId: trial.id,
          reference: 'test',
          legs: [
            { account: { member: trial.id, wallet: 'play' }, amount: 50n - PLAY_MONEY },
            { account: { system: 'house:play' }, amount: PLAY_MONEY - 50n },
          ],
        },
        t.clock.now(),
      ),
    );
    const over = await spinCall(t, trial, 100n);
    expect([over.status, over.body.code]).toEqual([422, 'insufficient_balance']);
    expect(await playBalance(t, trial.id)).toBe(50n);
    const member = await housePlayer(t, { funds: 10_00n });
    const spun = await spinCall(t, member, 100n);
    expect(spun.body.success).toBe(true);
    expect(await mainBalance(t, member.id)).toBe(10_00n - 100n + BigInt(spun.body.value.outcome.totalWin));
    expect(await playBalance(t, member.id)).toBe(0n);
  });

  it('keeps play money and money apart at a shared table: each sees only the stakes of its kind', async () => {
    await fastTable(t, 'jade');
    const member = await tablePlayer(t, 'jade', 100_00n);
    const trial = await tablePlayer(t, 'jade', 0n, TRIAL_ACCOUNT_IS_AGENT);
    const before = await moneyAccounts();
    expect((await betCall(t, member, { round: 0, spots: [{ spot: 'banker', stake: '1000' }] })).status).toBe(
      200,
    );
    expect((await betCall(t, trial, { round: 0, spots: [{ spot: 'player', stake: '700' }] })).status).toBe(
      200,
    );
    const real = (await tableState(t, member)).body.value;
    expect(real.seats).toEqual([expect.objectContaining({ stake: '1000', me: true })]);
    expect(real.totals).toEqual({ banker: '1000' });
    const play = (await tableState(t, trial)).body.value;
    expect(play.seats).toEqual([expect.objectContaining({ stake: '700', me: true })]);
    expect(play.totals).toEqual({ player: '700' });
    expect(play.balance).toBe((PLAY_MONEY - 700n).toString());

    t.clock.advance(5_000);
    const settled = (await tableState(t, trial)).body.value;
    expect(settled.round.state).toBe('settled');
    const payout = BigInt(settled.myPayout);
    expect(await playBalance(t, trial.id)).toBe(PLAY_MONEY - 700n + payout);
    // Of the money accounts, only the member's own game may have moved them (main and the house's games; a tie
    // returns a banker stake, so main may end where it began): the trial's play touched none.
    const after = await moneyAccounts();
    const moved = [...after].filter(([code, balance]) => before.get(code) !== balance).map(([code]) => code);
    expect(
      moved.filter((code) => !code.startsWith('house:games:') && code !== `member:${member.id}:main`),
    ).toEqual([]);
  });
});
