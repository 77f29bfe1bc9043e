import {
  type LotteryDraw,
  type LotteryMenu,
  TRIAL_ACCOUNT_IS_AGENT,
  withdrawalPlayerEndpoints,
} from '@tessera/contract';
import { type DrawResult, seedHash, verifyDraw } from '@tessera/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainBalance } from '../../../test/factories/house.ts';
import { betCall, currentDraw, drawRow, setOdds, ticketRows } from '../../../test/factories/lottery.ts';
import { openTestObligation, walletMember } from '../../../test/factories/wallet.ts';
import { type ApiResponse, startTestApp, type TestApp } from '../../../test/harness.ts';
import { drawIfDue } from './draws.ts';
import { sweep } from './jobs.ts';
import { settleDraw, ticketOutcome } from './settlement.ts';

/**
 * The e-lottery end to end on the API: menus and games in the original's shapes, tickets sold until the lock, the
 * commit-reveal draw, settlement through the ledger, cancels, caps, and draws missed while the server was down.
 * The test clock starts at 2026-06-01 12:00 UTC (19:00 in Vietnam); E_MB1 draws every minute.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

/** A bare answer (the original's /lgw calls travel without the envelope). */
const bare = <T>(res: ApiResponse) => res.body as unknown as T;

const PHP = 100n; // minor units of one peso, the test merchant's currency

describe('lottery menus and games', () => {
  it('lists the e-lottery menu with each game’s draw on sale and its countdowns', async () => {
    const res = await t.get('/lgw/vn/games/game_menu?prizeMode=Elott&device=WEB');
    expect(res.status).toBe(200);
    const menu = bare<Record<string, LotteryMenu>>(res).ELOTT as LotteryMenu;
    expect(menu.gameGroupCode).toBe('ELOTT');
    const fast = menu.gameMenus.find((game) => game.gameId === 'E_MB1');
    expect(fast).toMatchObject({
      numero: '20260601-1141',
      prizeMode: 'Elott',
      gameMenuTag: 'ELOTT',
      drawDayOfWeek: '1,2,3,4,5,6,7',
      remainTime: 60,
      lockTime: 55,
      winningTime: '2026-06-01T12:01:00.000Z',
    });
  });

  it('lists the official draws of the day’s provinces with their weekdays', async () => {
    const res = await t.get('/lgw/vn/games/game_menu?prizeMode=Lott', undefined, { Language: 'VI' });
    const menus = bare<Record<string, LotteryMenu>>(res);
    expect(Object.keys(menus).sort()).toEqual(['MB', 'MN', 'MT']);
    const hcm = menus.MN?.gameMenus.find((game) => game.gameId === 'MN_HCM');
    // Monday 1 June 2026: Ho Chi Minh City draws on Mondays and Saturdays at 16:15, which has passed.
    expect(hcm).toMatchObject({ gameName: 'TP. Hồ Chí Minh', drawDayOfWeek: '2,7', numero: '20260606' });
    expect(menus.MB?.title).toBe('Miền Bắc');
  });

  it('refuses an unknown prize mode with validation_failed', async () => {
    const res = await t.get('/lgw/vn/games/game_menu?prizeMode=Keno');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('answers the betting view with the bet types of the game’s shape and the draw’s published seed hash', async () => {
    const res = await t.get('/wps/lottery/games/SEA_4D');
    expect(res.body.success).toBe(true);
    expect(res.body.value.betTypes.map((offer: { betType: string }) => offer.betType)).toEqual([
      'big',
      'small',
    ]);
    expect(res.body.value.current.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.value.current.seed).toBeNull();
    const missing = await t.get('/wps/lottery/games/NOPE');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('lottery_game_not_found');
  });

  it('launches the lottery on its own screens', async () => {
    const member = await walletMember(t);
    const lobby = await t.get(
      '/wps/game/launchGame?launchMode=LOTT&lottoArea=VN&lottoPrizeMode=Elott',
      member.token,
    );
    expect(lobby.body.value.gameUrl).toBe(`${t.config.siteUrl}/elott`);
    const betting = await t.get(
      '/wps/v2/game/launchGame?launchMode=LOTT&lottoGameCode=XSMB&lottoView=betting',
      member.token,
      { Language: 'VI' },
    );
    expect(betting.body.value.content.game_url).toBe(
      `${t.config.siteUrl}/vnlottery?gameCode=XSMB&view=betting`,
    );
    const visitor = await t.get('/wps/game/launchGame?launchMode=LOTT');
    expect(visitor.status).toBe(401);
  });
});

describe('tickets', () => {
  it('sells a lô ticket: the stake is numbers × points × price, taken from the main wallet', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const { numero } = await currentDraw(t, 'E_MB1');
    const res = await betCall(t, member.token, {
      gameId: 'E_MB1',
      numero,
      betType: 'lo2',
      numbers: ['45', '07', '91'],
      points: 2,
    });
    expect(res.body.success).toBe(true);
    // lô 2 số costs 23 pesos a point: 3 numbers × 2 points × 23.
    expect(res.body.value).toMatchObject({
      state: 'placed',
      lines: 3,
      stake: 138,
      numbers: ['07', '45', '91'],
    });
    expect(await mainBalance(t, member.id)).toBe((1_000n - 138n) * PHP);
    const mine = await t.get('/wps/lottery/bets?gameId=E_MB1', member.token);
    expect(mine.body.value.list.map((ticket: { ticketNo: string }) => ticket.ticketNo)).toEqual([
      res.body.value.ticketNo,
    ]);
  });

  it('counts a xiên ticket’s lines as the combinations of its numbers', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero } = await currentDraw(t, 'E_MB1');
    const res = await betCall(t, member.token, {
      gameId: 'E_MB1',
      numero,
      betType: 'xien3',
      numbers: ['12', '34', '56', '78'],
      points: 1,
    });
    expect(res.body.value).toMatchObject({ lines: 4, stake: 4 });
  });

  it('answers a repeated request with its key once, moving the money once', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero } = await currentDraw(t, 'E_MB1');
    const body = { gameId: 'E_MB1', numero, betType: 'de_special' as const, numbers: ['27'], points: 5 };
    const [first, again] = [
      await betCall(t, member.token, body, 'key-1'),
      await betCall(t, member.token, body, 'key-1'),
    ];
    expect(again.body.value.ticketNo).toBe(first.body.value.ticketNo);
    expect(await ticketRows(t, member.id)).toHaveLength(1);
    expect(await mainBalance(t, member.id)).toBe(95n * PHP);
  });

  it('refuses numbers that do not read for the bet type, points over the limit, and a bet type of another shape', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero } = await currentDraw(t, 'E_MB1');
    const cases: [Record<string, unknown>, string][] = [
      [{ betType: 'lo2', numbers: ['4'] }, 'lottery_numbers_invalid'],
      [{ betType: 'lo2', numbers: ['45', '45'] }, 'lottery_numbers_invalid'],
      [{ betType: 'xien2', numbers: ['45'] }, 'lottery_numbers_invalid'],
      [{ betType: 'big', numbers: ['1234'] }, 'lottery_bet_type_unavailable'],
      [{ betType: 'lo2', numbers: ['45'], points: 100_001 }, 'lottery_points_out_of_limits'],
    ];
    for (const [change, code] of cases) {
      const res = await betCall(t, member.token, { gameId: 'E_MB1', numero, points: 1, ...change });
      expect([res.status, res.body.code], JSON.stringify(change)).toEqual([
        code === 'lottery_bet_type_unavailable' || code.endsWith('invalid') || code.endsWith('limits')
          ? 400
          : 409,
        code,
      ]);
    }
    expect(await mainBalance(t, member.id)).toBe(100n * PHP);
  });

  it('takes points as a JSON integer or a string of digits only', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero } = await currentDraw(t, 'E_MB1');
    // Sent as a client might, whatever the contract's type says.
    const bet = (points: unknown) =>
      betCall(t, member.token, {
        gameId: 'E_MB1',
        numero,
        betType: 'lo2',
        numbers: ['45'],
        points: points as number,
      });
    for (const [points, message] of [
      [true, 'Value is not valid'],
      [[5], 'Value is not valid'],
      ['0x10', 'Format is not valid'],
      ['1e1', 'Format is not valid'],
      [1.5, 'Value is not valid'],
      ['2.5', 'Format is not valid'],
      [0, 'Must be at least 1'],
    ] as const) {
      const res = await bet(points);
      expect([points, res.status, res.body.code, res.body.fields]).toEqual([
        points,
        400,
        'validation_failed',
        { points: message },
      ]);
    }
    expect(await mainBalance(t, member.id)).toBe(100n * PHP);
    expect((await bet('1')).status).toBe(200);
    expect(await mainBalance(t, member.id)).toBeLessThan(100n * PHP);
  });

  it('refuses a stake the wallet cannot pay, taking nothing', async () => {
    const member = await walletMember(t, { funds: 10n * PHP });
    const { numero } = await currentDraw(t, 'E_MB1');
    const res = await betCall(t, member.token, {
      gameId: 'E_MB1',
      numero,
      betType: 'lo2',
      numbers: ['45'],
      points: 1,
    });
    expect(res.body.code).toBe('insufficient_balance');
    expect(await ticketRows(t, member.id)).toHaveLength(0);
  });

  it('refuses a bet after the lock, and a visitor and a trial account at any time', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero, locksAt } = await currentDraw(t, 'E_MB1');
    t.clock.set(locksAt);
    const late = await betCall(t, member.token, {
      gameId: 'E_MB1',
      numero,
      betType: 'lo2',
      numbers: ['45'],
      points: 1,
    });
    expect([late.status, late.body.code]).toEqual([409, 'lottery_betting_closed']);
    const visitor = await t.call({ method: 'POST', url: '/wps/lottery/bets', payload: { gameId: 'E_MB1' } });
    expect(visitor.status).toBe(401);
    const trial = await walletMember(t, { type: TRIAL_ACCOUNT_IS_AGENT });
    const refused = await betCall(t, trial.token, {
      gameId: 'E_MB1',
      numero,
      betType: 'lo2',
      numbers: ['45'],
      points: 1,
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'in_need_true_account']);
    expect(await mainBalance(t, member.id)).toBe(100n * PHP);
  });

  it('refuses what would pass a number’s liability cap, and sells up to it', async () => {
    await setOdds(t, 'north27', 'de_head', { cap: 800n * PHP });
    const [first, second] = [
      await walletMember(t, { funds: 100n * PHP }),
      await walletMember(t, { funds: 100n * PHP }),
    ];
    const { numero } = await currentDraw(t, 'E_MB2');
    // đề đầu pays 80 a point: 6 points may owe 480, 4 more make 800, one more passes the cap.
    const bet = (token: string, points: number, numbers = ['38']) =>
      betCall(t, token, { gameId: 'E_MB2', numero, betType: 'de_head', numbers, points });
    expect((await bet(first.token, 6)).body.success).toBe(true);
    expect((await bet(second.token, 4)).body.success).toBe(true);
    const over = await bet(second.token, 1, ['38', '39']);
    expect([over.status, over.body.code]).toEqual([409, 'lottery_cap_exceeded']);
    expect((await bet(second.token, 1, ['39'])).body.success).toBe(true);
    await setOdds(t, 'north27', 'de_head', { cap: 200_000_000n * PHP });
  });

  it('cancels a ticket before the lock, giving the stake back, and refuses after it', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero, locksAt } = await currentDraw(t, 'E_MB3');
    const placed = await betCall(t, member.token, {
      gameId: 'E_MB3',
      numero,
      betType: 'dau',
      numbers: ['4'],
      points: 10,
    });
    const other = await betCall(t, member.token, {
      gameId: 'E_MB3',
      numero,
      betType: 'duoi',
      numbers: ['4'],
      points: 10,
    });
    const url = (no: string) => `/wps/lottery/bets/${no}/cancel`;
    const cancelled = await t.send('POST', url(placed.body.value.ticketNo), {}, member.token);
    expect(cancelled.body.value.state).toBe('cancelled');
    expect(await mainBalance(t, member.id)).toBe(90n * PHP);
    const twice = await t.send('POST', url(placed.body.value.ticketNo), {}, member.token);
    expect(twice.body.code).toBe('lottery_ticket_not_cancellable');
    t.clock.set(locksAt);
    const late = await t.send('POST', url(other.body.value.ticketNo), {}, member.token);
    expect([late.status, late.body.code]).toEqual([409, 'lottery_ticket_not_cancellable']);
    const stranger = await walletMember(t);
    const notTheirs = await t.send('POST', url(other.body.value.ticketNo), {}, stranger.token);
    expect(notTheirs.body.code).toBe('lottery_ticket_not_found');
  });
});

describe('the draw', () => {
  it('draws from the seed whose hash was published, settles every ticket once and pays wins to the wallet', async () => {
    t.clock.advance(3_600_000);
    const member = await walletMember(t, { funds: 2_000n * PHP });
    const { numero, drawsAt } = await currentDraw(t, 'E_MB5');
    const published = (await drawRow(t, 'E_MB5', numero)).seed_hash;
    const every = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    // Every lô number and every đề number: some win for sure.
    const lo = await betCall(t, member.token, {
      gameId: 'E_MB5',
      numero,
      betType: 'lo2',
      numbers: every.slice(0, 40),
      points: 1,
    });
    const de = await betCall(t, member.token, {
      gameId: 'E_MB5',
      numero,
      betType: 'de_special',
      numbers: every,
      points: 1,
    });
    expect(lo.body.success && de.body.success).toBe(true);
    const afterBets = await mainBalance(t, member.id);

    t.clock.set(drawsAt);
    await sweep(t.deps, t.clock.now());
    const draw = await drawRow(t, 'E_MB5', numero);
    expect(draw.state).toBe('settled');
    expect(draw.seed && seedHash(draw.seed)).toBe(published);
    const proof = await t.get(`/wps/lottery/draws/E_MB5/${numero}`);
    const check = verifyDraw({
      seed: proof.body.value.seed,
      seedHash: published as string,
      gameCode: 'E_MB5',
      numero,
      shape: 'north27',
      result: proof.body.value.result,
    });
    expect(check).toMatchObject({ hashMatches: true, resultMatches: true });

    const tickets = await ticketRows(t, member.id);
    let won = 0n;
    for (const ticket of tickets) {
      const expected = ticketOutcome(ticket, 'north27', draw.result as DrawResult);
      expect(ticket.payout).toBe(expected.payout);
      expect(ticket.state).toBe(expected.payout > 0n ? 'won' : 'lost');
      won += expected.payout;
    }
    // đề on all 100 numbers wins exactly once: 80 pesos.
    expect(tickets.find((ticket) => ticket.bet_type === 'de_special')?.payout).toBe(80n * PHP);
    expect(await mainBalance(t, member.id)).toBe(afterBets + won);

    // Settling again moves nothing.
    await sweep(t.deps, t.clock.now());
    expect(await mainBalance(t, member.id)).toBe(afterBets + won);
    const history = bare<LotteryDraw[]>(await t.get('/lgw/draw/code/E_MB5'));
    expect(history[0]).toMatchObject({ numero, state: 'settled' });
    const mine = await t.get('/wps/lottery/bets', member.token);
    expect(
      mine.body.value.list.every((ticket: { state: string }) => ['won', 'lost'].includes(ticket.state)),
    ).toBe(true);
  });

  it('voids a draw missed while the server was down when its game says so, refunding every ticket', async () => {
    t.clock.advance(2 * 3_600_000);
    await t.db.query("update lottery_games set missed = 'void' where code = 'E_MN1'");
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero, drawsAt } = await currentDraw(t, 'E_MN1');
    await betCall(t, member.token, { gameId: 'E_MN1', numero, betType: 'lo2', numbers: ['11'], points: 1 });
    t.clock.set(new Date(drawsAt.getTime() + 10 * 60_000));
    await sweep(t.deps, t.clock.now());
    expect((await drawRow(t, 'E_MN1', numero)).state).toBe('void');
    expect((await ticketRows(t, member.id))[0]?.state).toBe('refunded');
    expect(await mainBalance(t, member.id)).toBe(100n * PHP);
    await t.db.query("update lottery_games set missed = 'late' where code = 'E_MN1'");
  });

  it('draws a missed draw late when its game says so', async () => {
    t.clock.advance(3 * 3_600_000);
    const member = await walletMember(t, { funds: 100n * PHP });
    const { numero, drawsAt } = await currentDraw(t, 'E_MN1');
    await betCall(t, member.token, { gameId: 'E_MN1', numero, betType: 'lo2', numbers: ['11'], points: 1 });
    t.clock.set(new Date(drawsAt.getTime() + 10 * 60_000));
    await sweep(t.deps, t.clock.now());
    expect((await drawRow(t, 'E_MN1', numero)).state).toBe('settled');
    expect((await ticketRows(t, member.id))[0]?.state).toMatch(/won|lost/);
  });

  it('publishes the coming draws’ hashes, and the results board lists drawn draws newest first', async () => {
    t.clock.advance(4 * 3_600_000);
    const near = await t.get('/lgw/numeros/near?gameId=E_MB1&count=3');
    const coming = bare<LotteryDraw[]>(near);
    expect(coming).toHaveLength(3);
    expect(coming[0]?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(coming[1]?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const { drawsAt } = await currentDraw(t, 'E_MB1');
    t.clock.set(drawsAt);
    await sweep(t.deps, t.clock.now());
    const [latest] = bare<LotteryDraw[]>(await t.get('/lgw/vn/numeros/opened/game?count=5'));
    expect(latest).toMatchObject({ gameId: 'E_MB1', state: 'settled' });
    expect(latest?.result?.DB?.[0]).toMatch(/^[0-9]{5}$/);
    const paged = await t.get('/lgw/draw?gameId=E_MB1&pageSize=1');
    expect(paged.body).toMatchObject({ total: expect.any(Number), pageSize: 1 });
  });
});

describe('every lottery call', () => {
  // [path, happy query, a client mistake, its code, whether a visitor is refused]
  const calls: [string, string, string, string, boolean][] = [
    ['/lgw/vn/games/game_menu', '?prizeMode=Lott', '?prizeMode=lott', 'validation_failed', false],
    ['/lgw/vn/games/game_menu/recent', '?recentCount=100', '?recentCount=101', 'validation_failed', true],
    ['/lgw/games/game_menus/recent', '', '?recentCount=0', 'validation_failed', true],
    ['/lgw/games', '?prizeMode=SEA', '?prizeMode=4D', 'validation_failed', false],
    ['/lgw/games/popular', '?count=20', '?count=x', 'validation_failed', false],
    ['/lgw/vn/numeros/opened/game', '?count=100', '?count=201', 'validation_failed', false],
    ['/lgw/games/opened/numero', '?gameId=E_MB1', '?gameId=E-MB1', 'validation_failed', true],
    ['/lotto/lgw/games/opened/numero', '', '?prizeMode=X', 'validation_failed', true],
    ['/lgw/draw', '?gameId=E_MB1', '?gameId=NOPE', 'lottery_game_not_found', false],
    ['/lgw/draw/code/', 'E_MB1', 'NOPE', 'lottery_game_not_found', false],
    ['/lgw/numeros/near', '?gameId=E_MB1', '', 'validation_failed', false],
    ['/wps/lottery/draws/E_MB1/', '20260601-1141', '20260601-9999', 'lottery_draw_not_found', false],
    ['/wps/lottery/bets', '', '?state=won2', 'validation_failed', true],
  ];
  it.each(calls)(
    '%s: answers, refuses a mistake with its code, and refuses whom it must',
    async (path, happy, mistake, code, membersOnly) => {
      const member = await walletMember(t);
      await t.get('/wps/lottery/games/E_MB1'); // the draw on sale exists
      const ok = await t.get(`${path}${happy}`, member.token);
      expect(ok.status, `${path}${happy}`).toBe(200);
      const wrong = await t.get(`${path}${mistake}`, member.token);
      expect([wrong.status >= 400 && wrong.status < 500, wrong.body.code], `${path}${mistake}`).toEqual([
        true,
        code,
      ]);
      const visitor = await t.get(`${path}${happy}`);
      expect(visitor.status, `${path} as a visitor`).toBe(membersOnly ? 401 : 200);
    },
  );
});

describe('the withdrawal turnover: a settled ticket counts, as any game’s settled stake', () => {
  /** What the withdrawal page says the member has wagered towards the turnover (major units). */
  const wagered = async (token: string) =>
    (await t.get(withdrawalPlayerEndpoints.withdrawalInfo.path, token)).body.value.turnoverWagered;
  /** Draws (or voids) one E_MB3 draw and settles it, as its jobs would, leaving the other games' draws alone. */
  const drawAndSettle = async (numero: string) => {
    const draw = await drawRow(t, 'E_MB3', numero);
    await drawIfDue(t.deps, draw.id, t.clock.now());
    await settleDraw(t.deps, draw.id, t.clock.now());
  };

  it('counts nothing of a ticket until its draw settles it; a cancelled or refunded ticket never counts', async () => {
    t.clock.advance(5 * 3_600_000);
    await t.db.query("update lottery_games set missed = 'void' where code = 'E_MB3'");
    const member = await walletMember(t, { funds: 500n * PHP });
    await openTestObligation(t, { memberId: member.id, amount: 1_000n * PHP });
    const { numero, drawsAt } = await currentDraw(t, 'E_MB3');
    const bet = (numbers: string[], points: number) =>
      betCall(t, member.token, { gameId: 'E_MB3', numero, betType: 'de_special', numbers, points });
    const kept = await bet(['12'], 5);
    const cancelled = await bet(['34'], 7);
    const refused = await bet(['56'], 1_000);
    expect([kept.body.value.stake, cancelled.body.value.stake, refused.body.code]).toEqual([
      5,
      7,
      'insufficient_balance',
    ]);
    expect(await wagered(member.token)).toBe(0);

    await t.send('POST', `/wps/lottery/bets/${cancelled.body.value.ticketNo}/cancel`, {}, member.token);
    expect(await wagered(member.token)).toBe(0);

    // Missed while the server was down: the draw is voided and the kept ticket refunded, its stake with it.
    t.clock.set(new Date(drawsAt.getTime() + 10 * 60_000));
    await drawAndSettle(numero);
    expect((await ticketRows(t, member.id)).map((ticket) => ticket.state)).toEqual(['refunded', 'cancelled']);
    expect(await wagered(member.token)).toBe(0);
    expect(await mainBalance(t, member.id)).toBe(500n * PHP);
    await t.db.query("update lottery_games set missed = 'late' where code = 'E_MB3'");
  });

  it('keeps a settled ticket’s stake in the turnover, won or lost', async () => {
    t.clock.advance(6 * 3_600_000);
    const member = await walletMember(t, { funds: 500n * PHP });
    await openTestObligation(t, { memberId: member.id, amount: 1_000n * PHP });
    const { numero, drawsAt } = await currentDraw(t, 'E_MB3');
    const every = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    const sold = await betCall(t, member.token, {
      gameId: 'E_MB3',
      numero,
      betType: 'de_special',
      numbers: every,
      points: 1,
    });
    expect(sold.body.value.stake).toBe(100);
    expect(await wagered(member.token)).toBe(0);
    t.clock.set(drawsAt);
    await drawAndSettle(numero);
    expect((await ticketRows(t, member.id))[0]?.state).toBe('won');
    expect(await wagered(member.token)).toBe(100);
  });
});
