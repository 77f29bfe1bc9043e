import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DrawResult } from '@tessera/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainBalance } from '../../../test/factories/house.ts';
import { betCall, currentDraw, drawRow, ticketRows } from '../../../test/factories/lottery.ts';
import { walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { sweep } from './jobs.ts';

/**
 * The operators' lottery: official results under the two-person rule and their settlement against a real-looking
 * XSMB result, voids, imports (a file's JSON and an HTTP feed on loopback), odds and schedules, and who may do it.
 * The test clock starts on Monday 2026-06-01 at 12:00 UTC (19:00 in Vietnam): that day's XSMB (18:15) has passed.
 */

let t: TestApp;
let feed: Server;
let feedBody = '[]';
beforeAll(async () => {
  // The test feed listens on loopback, which operator URLs may reach only with this setting.
  t = await startTestApp({ runJobs: false, config: { operatorUrlsAllowPrivate: true } });
  feed = createServer((_request, response) => response.end(feedBody));
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => feed.close(resolve));
  await t.close();
});

const PHP = 100n;
const API = '/backoffice/api/lottery';

/** A real-looking XSMB result (27 numbers). */
const XSMB: DrawResult = {
  DB: ['47285'],
  G1: ['90317'],
  G2: ['23164', '58812'],
  G3: ['06947', '31558', '72203', '19845', '64470', '85129'],
  G4: ['3345', '7012', '5586', '9923'],
  G5: ['1047', '6685', '2318', '4490', '8856', '0734'],
  G6: ['512', '348', '907'],
  G7: ['85', '23', '61', '09'],
};

/** Two operators of the lottery's role and one of support, signed in at the clock's time. */
async function signIn() {
  return {
    operations: await t.operatorToken('operations'),
    second: await t.operatorToken('operations'),
    support: await t.operatorToken('support'),
  };
}

/** The XSMB draw of a Vietnamese date with tickets sold on it at noon, the clock then moved past its draw. */
async function soldXsmb(date: string, numero: string) {
  t.clock.set(new Date(`${date}T05:00:00Z`));
  const member = await walletMember(t, { funds: 1_000n * PHP });
  const near = await t.get('/lgw/numeros/near?gameId=XSMB&count=1');
  expect((near.body as unknown as { numero: string }[])[0]?.numero).toBe(numero);
  const bets: [string, string[], number][] = [
    ['lo2', ['45', '85', '12'], 1],
    ['de_special', ['85', '86'], 10],
    ['de_head', ['47'], 1],
    ['de_tail', ['23'], 2],
    ['de_first', ['17'], 1],
    ['three_cang', ['285'], 1],
    ['xien2', ['85', '47'], 1],
    ['truot4', ['00', '01', '02', '03'], 1],
    ['dau', ['8'], 1],
    ['duoi', ['4'], 1],
  ];
  for (const [betType, numbers, points] of bets) {
    const res = await betCall(t, member.token, {
      gameId: 'XSMB',
      numero,
      betType: betType as 'lo2',
      numbers,
      points,
    });
    expect(res.body.success, `${betType}: ${res.body.code}`).toBe(true);
  }
  t.clock.set(new Date(`${date}T12:00:00Z`));
  return member;
}

describe('official results under the two-person rule', () => {
  it('takes a result entered by one operator and confirmed by another, and settles every bet type on it', async () => {
    const member = await soldXsmb('2026-06-01', '20260601');
    const { operations, second } = await signIn();
    const draw = await drawRow(t, 'XSMB', '20260601');
    const before = await mainBalance(t, member.id);

    const entered = await t.send('POST', `${API}/draws/${draw.id}/result`, { result: XSMB }, operations);
    expect(entered.body.value, entered.body.code).toMatchObject({ state: 'open', result: null });
    expect(entered.body.value.enteredBy).toMatch(/^operations/);
    expect(entered.body.value.enteredAt).toBe(t.clock.now().toISOString());
    // The numbers entered are not shown: the second operator types them again from the official source.
    expect(JSON.stringify(entered.body.value)).not.toContain('47285');
    const self = await t.send('POST', `${API}/draws/${draw.id}/confirm`, { result: XSMB }, operations);
    expect([self.status, self.body.code]).toEqual([409, 'lottery_result_needs_second_operator']);
    const typo = await t.send(
      'POST',
      `${API}/draws/${draw.id}/confirm`,
      { result: { ...XSMB, DB: ['47286'] } },
      second,
    );
    expect([typo.status, typo.body.code]).toEqual([409, 'lottery_result_mismatch']);
    const confirmed = await t.send('POST', `${API}/draws/${draw.id}/confirm`, { result: XSMB }, second);
    expect(confirmed.body.value.state).toBe('drawn');
    expect(confirmed.body.value.confirmedBy).not.toBe(confirmed.body.value.enteredBy);

    await sweep(t.deps, t.clock.now());
    const tickets = new Map((await ticketRows(t, member.id)).map((ticket) => [ticket.bet_type, ticket]));
    // Worked by hand against XSMB above: points × payout per hit × hits, in pesos.
    const expected: Record<string, bigint> = {
      lo2: 640n, // 45 twice (19845, 3345), 85 three times (47285, 6685, 85), 12 three times (58812, 7012, 512): 8 × 80
      de_special: 800n, // DB 47285 ends in 85: 10 points × 80
      de_head: 80n, // DB starts with 47
      de_tail: 40n, // G7 holds 23 once: 2 points × 20
      de_first: 80n, // G1 90317 ends in 17
      three_cang: 430n, // DB ends in 285
      xien2: 12n, // 85 and 47 (06947, 1047) both appear
      truot4: 0n, // 03 appears (72203)
      dau: 9n, // DB's last two digits 85: tens digit 8
      duoi: 0n, // units digit 5, not 4
    };
    for (const [betType, payout] of Object.entries(expected)) {
      const ticket = tickets.get(betType);
      expect(ticket?.payout, betType).toBe(payout * PHP);
      expect(ticket?.state, betType).toBe(payout > 0n ? 'won' : 'lost');
    }
    expect(await mainBalance(t, member.id)).toBe(before + 2_091n * PHP);
    // Stakes: lô 3 × 23, đề đặc biệt 2 × 10, đề đuôi 2, and 1 for each of the other seven tickets: 98 pesos.
    const report = await t.get(`${API}/draws?gameId=XSMB&state=settled`, operations);
    expect(report.body.value.list[0]).toMatchObject({
      numero: '20260601',
      tickets: 10,
      stake: 98,
      payout: 2_091,
      houseResult: 98 - 2_091,
    });
  });

  it('refuses a result of the wrong shape, and a result for a draw not yet due or drawn by the platform', async () => {
    await soldXsmb('2026-06-02', '20260602');
    const { operations } = await signIn();
    const draw = await drawRow(t, 'XSMB', '20260602');
    const short = await t.send(
      'POST',
      `${API}/draws/${draw.id}/result`,
      { result: { ...XSMB, G7: ['85'] } },
      operations,
    );
    expect([short.status, short.body.code]).toEqual([400, 'lottery_result_invalid']);
    t.clock.set(new Date('2026-06-02T05:00:00Z'));
    const early = await t.send('POST', `${API}/draws/${draw.id}/result`, { result: XSMB }, operations);
    expect([early.status, early.body.code]).toEqual([409, 'lottery_result_not_expected']);
    const rng = await t.get('/wps/lottery/games/E_MB1');
    const rngDraw = await drawRow(t, 'E_MB1', rng.body.value.current.numero);
    const notOfficial = await t.send(
      'POST',
      `${API}/draws/${rngDraw.id}/result`,
      { result: XSMB },
      operations,
    );
    expect(notOfficial.body.code).toBe('lottery_result_not_expected');
  });

  it('voids a draw without a result and refunds every ticket; a drawn draw cannot be voided', async () => {
    const member = await soldXsmb('2026-06-03', '20260603');
    const { operations } = await signIn();
    const draw = await drawRow(t, 'XSMB', '20260603');
    const short = await t.send('POST', `${API}/draws/${draw.id}/void`, { reason: 'x' }, operations);
    expect(short.body.code).toBe('validation_failed');
    const voided = await t.send(
      'POST',
      `${API}/draws/${draw.id}/void`,
      { reason: 'No official draw' },
      operations,
    );
    expect(voided.body.value).toMatchObject({ state: 'void', voidReason: 'No official draw' });
    await sweep(t.deps, t.clock.now());
    expect((await ticketRows(t, member.id)).every((ticket) => ticket.state === 'refunded')).toBe(true);
    expect(await mainBalance(t, member.id)).toBe(1_000n * PHP);
    const again = await t.send('POST', `${API}/draws/${draw.id}/void`, { reason: 'Twice over' }, operations);
    expect([again.status, again.body.code]).toEqual([409, 'lottery_draw_not_voidable']);
  });
});

describe('the draws list', () => {
  it('opens on today’s draws, the days written ahead after them, and finds a draw by its number', async () => {
    // Saturday 20 June, 10:00 in Vietnam: Ho Chi Minh City draws today at 16:15, and its Monday draw is on sale too.
    t.clock.set(new Date('2026-06-20T03:00:00Z'));
    const near = await t.get('/lgw/numeros/near?gameId=MN_HCM&count=2');
    expect((near.body as unknown as { numero: string }[]).map((draw) => draw.numero)).toEqual([
      '20260620',
      '20260622',
    ]);
    await t.get('/lgw/numeros/near?gameId=XSMB&count=2');
    const { operations } = await signIn();
    const numeros = async (query: string) =>
      (await t.get(`${API}/draws?pageSize=100&${query}`, operations)).body.value.list.map(
        (draw: { numero: string }) => draw.numero,
      );
    const hcm = await numeros('gameId=MN_HCM');
    expect(hcm[0]).toBe('20260620');
    expect(hcm.at(-1)).toBe('20260622');
    // Over every game and every page, no draw of a later day comes before one of today or earlier.
    const all: { numero: string; drawsAt: string }[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = (await t.get(`${API}/draws?pageSize=100&pageNo=${pageNo}`, operations)).body.value;
      all.push(...page.list);
      if (all.length >= page.total || page.list.length === 0) break;
    }
    expect(all[0]?.numero.startsWith('20260620')).toBe(true);
    // The end of 20 June in Vietnam.
    const later = (draw: { drawsAt: string }) => draw.drawsAt >= '2026-06-20T17:00:00.000Z';
    const firstLater = all.findIndex(later);
    expect(firstLater).toBeGreaterThan(0);
    expect(all.slice(firstLater).every(later)).toBe(true);
    // Before them, today's draws, then the earlier days' (those of 1 to 5 June, from the tests above or alone).
    const earlier = all.slice(0, firstLater).findIndex((draw) => draw.numero < '20260620');
    if (earlier !== -1) {
      expect(all.slice(0, earlier).every((draw) => draw.numero.startsWith('20260620'))).toBe(true);
      expect(all.slice(earlier, firstLater).every((draw) => draw.numero < '20260620')).toBe(true);
    }

    expect(await numeros('numero=20260622')).toEqual(['20260622']);
    expect(await numeros('numero=2026062&gameId=MN_HCM')).toEqual(['20260620', '20260622']);
    const xsmbToday = await numeros('numero=20260620&gameId=XSMB');
    expect(xsmbToday).toEqual(['20260620']);
    const wrong = await t.get(`${API}/draws?numero=${encodeURIComponent('2026%')}`, operations);
    expect([wrong.status, wrong.body.code, wrong.body.fields]).toEqual([
      400,
      'validation_failed',
      { numero: 'Format is not valid' },
    ]);
  });
});

describe('importing results', () => {
  it('imports a file’s results as entries that a second operator confirms', async () => {
    await soldXsmb('2026-06-04', '20260604');
    const { operations, second } = await signIn();
    const imported = await t.send(
      'POST',
      `${API}/results/import`,
      {
        results: [
          { gameId: 'XSMB', numero: '20260604', result: XSMB },
          { gameId: 'XSMB', numero: '20991231', result: XSMB },
        ],
      },
      operations,
    );
    expect(imported.body.value).toEqual({ imported: 1, skipped: ['XSMB/20991231'] });
    const draw = await drawRow(t, 'XSMB', '20260604');
    expect(draw.entered_result).toEqual(XSMB);
    const confirmed = await t.send('POST', `${API}/draws/${draw.id}/confirm`, { result: XSMB }, second);
    expect(confirmed.body.value.state).toBe('drawn');
  });

  it('imports from an HTTP feed, and says so when the feed cannot be read', async () => {
    await soldXsmb('2026-06-05', '20260605');
    const { operations } = await signIn();
    feedBody = JSON.stringify({ results: [{ gameId: 'xsmb', numero: '20260605', result: XSMB }] });
    const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/results.json`;
    const imported = await t.send('POST', `${API}/results/import`, { url }, operations);
    expect(imported.body.value).toEqual({ imported: 1, skipped: [] });
    feedBody = 'not json';
    const broken = await t.send('POST', `${API}/results/import`, { url }, operations);
    expect([broken.status, broken.body.code]).toEqual([400, 'lottery_result_invalid']);
    const closed = await t.send(
      'POST',
      `${API}/results/import`,
      { url: 'http://127.0.0.1:9/nothing' },
      operations,
    );
    expect([closed.status, closed.body.code]).toEqual([502, 'lottery_feed_unavailable']);
  });
});

describe('odds and schedules', () => {
  it('saves a shape’s whole odds table, audited, and sells new tickets at the new price', async () => {
    // A time no other test of this file draws at.
    t.clock.set(new Date('2026-07-01T03:00:00Z'));
    const { operations } = await signIn();
    const odds = await t.get(`${API}/odds`, operations);
    const rows = odds.body.value.filter((row: { shape: string }) => row.shape === 'fourD23');
    const changed = rows.map((row: { betType: string; pricePerPoint: number }) =>
      row.betType === 'big' ? { ...row, pricePerPoint: 2 } : row,
    );
    const saved = await t.send('PUT', `${API}/odds/fourD23`, { rows: changed }, operations);
    expect(saved.body.value.find((row: { betType: string }) => row.betType === 'big').pricePerPoint).toBe(2);
    const member = await walletMember(t, { funds: 100n * PHP });
    const detail = await t.get('/wps/lottery/games/SEA_4D');
    const ticket = await betCall(t, member.token, {
      gameId: 'SEA_4D',
      numero: detail.body.value.current.numero,
      betType: 'big',
      numbers: ['1234'],
      points: 3,
    });
    expect(ticket.body.value?.stake, ticket.body.code).toBe(6);
    const audit = await t.db.query("select action from audit_log where entity = 'lottery_odds'");
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses an odds row of another shape or with the wrong tiers, field by field', async () => {
    const { operations } = await signIn();
    const res = await t.send(
      'PUT',
      `${API}/odds/north27`,
      {
        rows: [
          {
            shape: 'north27',
            betType: 'big',
            pricePerPoint: 1,
            payouts: { P1: 1 },
            maxPoints: 1,
            capPerNumber: 1,
            enabled: true,
          },
          {
            shape: 'north27',
            betType: 'lo2',
            pricePerPoint: 1,
            payouts: { P1: 1 },
            maxPoints: 1,
            capPerNumber: 1,
            enabled: true,
          },
        ],
      },
      operations,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields ?? {}).sort()).toEqual([
      'rows.0.betType',
      'rows.0.payouts',
      'rows.1.payouts',
    ]);
  });

  it('refuses odds whose prices are not a number or a decimal string, or not above zero, changing nothing', async () => {
    const { operations } = await signIn();
    const before = (await t.get(`${API}/odds`, operations)).body.value;
    const row = before.find((odds: { shape: string; betType: string }) => odds.betType === 'big');
    for (const [change, field] of [
      [{ pricePerPoint: true }, 'rows.0.pricePerPoint'],
      [{ capPerNumber: [5] }, 'rows.0.capPerNumber'],
      [{ pricePerPoint: '0x10' }, 'rows.0.pricePerPoint'],
      [{ maxPoints: '1e3' }, 'rows.0.maxPoints'],
      [{ pricePerPoint: 0 }, 'rows.0.pricePerPoint'],
      [{ capPerNumber: -1 }, 'rows.0.capPerNumber'],
    ] as const) {
      const res = await t.send(
        'PUT',
        `${API}/odds/${row.shape}`,
        { rows: [{ ...row, ...change }] },
        operations,
      );
      expect([change, res.status, Object.keys(res.body.fields ?? {})]).toEqual([change, 400, [field]]);
    }
    expect((await t.get(`${API}/odds`, operations)).body.value).toEqual(before);
  });

  it('changes a game’s schedule within its kind', async () => {
    const { operations } = await signIn();
    const body = {
      enabled: true,
      lockSeconds: 30,
      intervalSeconds: 120,
      drawTime: null,
      drawDays: null,
      missed: 'void',
    };
    const saved = await t.send('PUT', `${API}/games/E_MB2`, body, operations);
    expect(saved.body.value).toMatchObject({ gameId: 'E_MB2', lockSeconds: 30, missed: 'void' });
    const daily = await t.send(
      'PUT',
      `${API}/games/E_MB2`,
      { ...body, intervalSeconds: null, drawTime: '10:00', drawDays: '2' },
      operations,
    );
    expect(daily.body.fields).toHaveProperty('intervalSeconds');
    const odd = await t.send('PUT', `${API}/games/E_MB2`, { ...body, intervalSeconds: 7 * 60 }, operations);
    expect(odd.body.fields).toHaveProperty('intervalSeconds');
  });

  describe('a schedule change', () => {
    /** XSMB's schedule as the console sends it, drawing at a Vietnamese time. */
    const xsmbAt = (drawTime: string) => ({
      enabled: true,
      lockSeconds: 900,
      intervalSeconds: null,
      drawTime,
      drawDays: '1,2,3,4,5,6,7',
      missed: 'late',
    });
    /** XSMB as the lobby shows it (its draw on sale and the seconds to its lock and draw). */
    const lobbyXsmb = async () =>
      (
        (await t.get('/lgw/games/opened/numero?gameId=XSMB', (await walletMember(t)).token))
          .body as unknown as {
          numero: string;
          winningTime: string;
          lockTime: number;
        }[]
      )[0];
    const betXsmb = async (token: string, numero: string) =>
      betCall(t, token, { gameId: 'XSMB', numero, betType: 'lo2', numbers: ['45'], points: 1 });

    it('moves the open draw no one bet on: the lobby, the bets and the result entry follow the new time', async () => {
      // Wednesday 10 June, 10:00 in Vietnam: the day's XSMB (18:15, 11:15 UTC) is on sale and nobody bet on it.
      t.clock.set(new Date('2026-06-10T03:00:00Z'));
      expect((await currentDraw(t, 'XSMB')).drawsAt.toISOString()).toBe('2026-06-10T11:15:00.000Z');
      const { operations } = await signIn();
      try {
        const saved = await t.send('PUT', `${API}/games/XSMB`, xsmbAt('20:30'), operations);
        expect(saved.body.value, saved.body.code).toMatchObject({
          numero: '20260610',
          winningTime: '2026-06-10T13:30:00.000Z',
        });
        // The written draw moved with the schedule, so every view names the same times.
        const row = await drawRow(t, 'XSMB', '20260610');
        expect([row.locks_at.toISOString(), row.draws_at.toISOString()]).toEqual([
          '2026-06-10T13:15:00.000Z',
          '2026-06-10T13:30:00.000Z',
        ]);
        expect(await lobbyXsmb()).toMatchObject({
          numero: '20260610',
          winningTime: '2026-06-10T13:30:00.000Z',
          lockTime: (13 * 60 + 15 - 3 * 60) * 60,
        });
        // Between the old lock (18:00) and the new one (20:15), bets are still taken.
        t.clock.set(new Date('2026-06-10T11:30:00Z'));
        const member = await walletMember(t, { funds: 100n * PHP });
        const ticket = await betXsmb(member.token, '20260610');
        expect(ticket.body.value, ticket.body.code).toMatchObject({
          drawsAt: '2026-06-10T13:30:00.000Z',
          locksAt: '2026-06-10T13:15:00.000Z',
        });
        // Signed in again: the morning's sessions have gone idle.
        const later = await signIn();
        const early = await t.send(
          'POST',
          `${API}/draws/${row.id}/result`,
          { result: XSMB },
          later.operations,
        );
        expect([early.status, early.body.code]).toEqual([409, 'lottery_result_not_expected']);
        t.clock.set(new Date('2026-06-10T13:30:00Z'));
        const atDraw = await signIn();
        const entered = await t.send(
          'POST',
          `${API}/draws/${row.id}/result`,
          { result: XSMB },
          atDraw.operations,
        );
        expect(entered.body.success, entered.body.code).toBe(true);
        const confirmed = await t.send(
          'POST',
          `${API}/draws/${row.id}/confirm`,
          { result: XSMB },
          atDraw.second,
        );
        expect(confirmed.body.value.state).toBe('drawn');
        const audit = await t.db.query<{ after: { movedDraws: string[] } }>(
          "select after from audit_log where entity = 'lottery_game' and entity_id = 'XSMB' order by id desc limit 1",
        );
        expect(audit[0]?.after.movedDraws).toContain('20260610');
      } finally {
        await t.send('PUT', `${API}/games/XSMB`, xsmbAt('18:15'), await t.operatorToken('operations'));
      }
    });

    it('keeps a draw that took bets at the times it was sold at, and every view shows those', async () => {
      // Friday 12 June, 10:00 in Vietnam: a member bets on the day's XSMB (18:15), then it is moved to 20:30.
      t.clock.set(new Date('2026-06-12T03:00:00Z'));
      const { operations } = await signIn();
      const member = await walletMember(t, { funds: 100n * PHP });
      const { numero } = await currentDraw(t, 'XSMB');
      expect((await betXsmb(member.token, numero)).body.success).toBe(true);
      try {
        const saved = await t.send('PUT', `${API}/games/XSMB`, xsmbAt('20:30'), operations);
        expect(saved.body.value, saved.body.code).toMatchObject({
          numero: '20260612',
          winningTime: '2026-06-12T11:15:00.000Z',
        });
        // Not the schedule's 20:30 (13:30 UTC): the draw the bets are on locks at 18:00 and draws at 18:15.
        expect(await lobbyXsmb()).toMatchObject({
          numero: '20260612',
          winningTime: '2026-06-12T11:15:00.000Z',
          lockTime: (11 * 60 - 3 * 60) * 60,
        });
        const view = await t.get('/wps/lottery/games/XSMB');
        expect(view.body.value.current).toMatchObject({
          numero: '20260612',
          locksAt: '2026-06-12T11:00:00.000Z',
          drawsAt: '2026-06-12T11:15:00.000Z',
        });
        expect(view.body.value.game.winningTime).toBe('2026-06-12T11:15:00.000Z');
        const again = await betXsmb(member.token, numero);
        expect(again.body.value.drawsAt).toBe('2026-06-12T11:15:00.000Z');
        // The result is taken at the draw's own time; the next day's draw follows the new schedule.
        t.clock.set(new Date('2026-06-12T11:15:00Z'));
        const later = await signIn();
        const draw = await drawRow(t, 'XSMB', numero);
        await t.send('POST', `${API}/draws/${draw.id}/result`, { result: XSMB }, later.operations);
        const confirmed = await t.send(
          'POST',
          `${API}/draws/${draw.id}/confirm`,
          { result: XSMB },
          later.second,
        );
        expect(confirmed.body.value?.state, confirmed.body.code).toBe('drawn');
        expect(await lobbyXsmb()).toMatchObject({
          numero: '20260613',
          winningTime: '2026-06-13T13:30:00.000Z',
        });
      } finally {
        await t.send('PUT', `${API}/games/XSMB`, xsmbAt('18:15'), await t.operatorToken('operations'));
      }
    });
  });

  it('refuses members, visitors and the support role', async () => {
    const { support } = await signIn();
    const member = await walletMember(t);
    for (const [method, url] of [
      ['GET', `${API}/games`],
      ['GET', `${API}/draws`],
      ['POST', `${API}/results/import`],
    ] as const) {
      const visitor = await t.call({ method, url, payload: {} });
      expect(visitor.status, url).toBe(401);
      const site = await t.call({ method, url, payload: {}, token: member.token });
      expect(site.status, url).toBe(401);
      const role = await t.call({ method, url, payload: { results: [] }, token: support });
      expect(role.status, url).toBe(403);
    }
  });
});
