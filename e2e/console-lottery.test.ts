import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  advanceClock,
  api,
  baseUrl,
  followSiteClock,
  newOperator,
  operatorToken,
  screenshot,
  siteNow,
  useBrowser,
  useExtraSite,
  visible,
} from './browser.ts';

/**
 * The console's lottery: an official draw's result under the two-person rule (one operator enters it, a different
 * one confirms it by typing it again), the odds of a result table, and a game's schedule. On the worker's extra
 * site, whose clock the test moves past the official draw's time rather than wait for it.
 */

const browser = useBrowser();
useExtraSite();
const CONSOLE = '/backoffice/api/lottery';
const LOOKS = [
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 1366 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

interface Look {
  theme?: 'light' | 'dark';
  width?: number;
}

/** A console page on an operator's session (kept in the tab's session storage), in a theme and width. */
async function consolePage(token: string, path: string, look: Look = {}): Promise<Page> {
  const page = await browser().newPage({
    viewport: { width: look.width ?? 1366, height: look.width && look.width < 600 ? 844 : 900 },
  });
  await page.addInitScript(
    ({ token, theme }) => {
      if (location.protocol === 'about:') return;
      sessionStorage.setItem('bo.token', token);
      localStorage.setItem('bo.theme', theme);
    },
    { token, theme: look.theme ?? 'light' },
  );
  // The console tells a draw due from one still on sale by the reader's clock: the server's, moved ahead.
  await followSiteClock(page);
  await page.goto(`${baseUrl()}/backoffice${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** The wall clock of an instant in a time zone: its date as a daily game's numero, weekday (1 = Sunday), HH:MM. */
function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    numero: `${parts.year}${parts.month}${parts.day}`,
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '') + 1,
    time: `${parts.hour}:${parts.minute}`,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the console's answers, read through one shape as the other tests do.
type Row = any;

/** The coming minute of the site's clock (at least 15 s away): when the test's official draw will be due. */
const comingMinute = () => new Date(Math.ceil((siteNow().getTime() + 15_000) / 60_000) * 60_000);

/** A southern province game that does not draw on the weekday of `at`: no draw of that day is written yet. */
async function idleProvince(owner: string, at: Date): Promise<Row> {
  const games: Row[] = (await api('GET', `${CONSOLE}/games`, owner)).value;
  const game = games.find(
    (candidate) =>
      candidate.source === 'official' &&
      candidate.shape === 'south18' &&
      candidate.enabled &&
      !candidate.drawDayOfWeek.split(',').includes(String(wallClock(at, candidate.timeZone).weekday)),
  );
  expect(game).toBeDefined();
  return game;
}

/**
 * Makes the game's draw due at `drawsAt`: that minute becomes its draw time on that weekday, its draw is written by
 * asking for its next numeros, and a member bets on it (lô 12, one point) while it is on sale. Answers its numero.
 */
async function officialDrawAt(owner: string, game: Row, drawsAt: Date): Promise<string> {
  const clock = wallClock(drawsAt, game.timeZone);
  const updated = await api('PUT', `${CONSOLE}/games/${game.gameId}`, owner, {
    enabled: true,
    lockSeconds: 0,
    intervalSeconds: null,
    drawTime: clock.time,
    drawDays: String(clock.weekday),
    missed: game.missed,
  });
  expect(updated.success).toBe(true);
  const near = await fetch(`${baseUrl()}/lgw/numeros/near?gameId=${game.gameId}&count=1`);
  const [draw] = (await near.json()) as Row[];
  expect(draw).toMatchObject({ numero: clock.numero, drawsAt: drawsAt.toISOString(), state: 'open' });

  const member = await loggedInMember('lot');
  const funded = await api('POST', '/backoffice/api/wallet/adjustments', owner, {
    memberId: member.id,
    amount: 100,
    reason: 'E2E lottery funding',
  });
  expect(funded.success).toBe(true);
  const ticket = await api('POST', '/wps/lottery/bets', member.token, {
    gameId: game.gameId,
    numero: draw.numero,
    betType: 'lo2',
    numbers: ['12'],
    points: 1,
  });
  expect(ticket.success).toBe(true);
  return draw.numero;
}

/** A southern result (eighth prize first, as printed): 12 ends three of its prizes, so lô 12 wins three times. */
const RESULT = [
  '12',
  '345',
  '1234',
  '5678',
  '9012',
  '3456',
  '12345',
  '23456',
  '34567',
  '45678',
  '56789',
  '67890',
  '78901',
  '89012',
  '90123',
  '01234',
  '13579',
  '246801',
];

async function enterLine(dialog: Locator, numbers: readonly string[]) {
  await dialog.getByRole('textbox', { name: 'Paste a line' }).fill(numbers.join(' '));
  await dialog.getByRole('button', { name: 'Fill in' }).click();
}

describe('console: lottery', () => {
  // The official draw is made due at the coming minute of the server's clock before the other tests run; its test
  // (last in the file) moves the clock past that minute and waits for the server to say the draw awaits its result.
  let official: {
    owner: string;
    first: { token: string; username: string };
    second: { token: string; username: string };
    game: Row;
    numero: string;
    drawsAt: Date;
  } | null = null;
  beforeAll(async () => {
    const owner = await operatorToken();
    const first = await newOperator('operations', 'lota', 'Results desk A');
    const second = await newOperator('operations', 'lotb', 'Results desk B');
    const drawsAt = comingMinute();
    const game = await idleProvince(owner, drawsAt);
    official = { owner, first, second, game, numero: '', drawsAt };
    official.numero = await officialDrawAt(owner, game, drawsAt);
  });
  afterAll(async () => {
    if (!official) return;
    const { owner, game } = official;
    await api('PUT', `${CONSOLE}/games/${game.gameId}`, owner, {
      enabled: game.enabled,
      lockSeconds: game.lockSeconds,
      intervalSeconds: null,
      drawTime: game.drawTime,
      drawDays: game.drawDayOfWeek,
      missed: game.missed,
    });
  });

  it('the draws list opens on today’s draws, and finds a draw written ahead by its number', async () => {
    const owner = await operatorToken();
    // Ho Chi Minh City's second coming draw is days ahead: written already, its bets are on sale.
    const near = await fetch(`${baseUrl()}/lgw/numeros/near?gameId=MN_HCM&count=2`);
    const ahead = ((await near.json()) as Row[])[1];
    const today = wallClock(siteNow(), 'Asia/Ho_Chi_Minh').numero;
    expect(ahead.numero > today).toBe(true);

    const page = await consolePage(owner, '/lottery/draws');
    const table = page.getByRole('table', { name: 'Lottery draws' });
    const first = table.getByRole('row').nth(1);
    await visible(first);
    // The first row is a draw of today (or, just past midnight, of the day before), not one days ahead.
    const firstNumero = (await first.getByRole('cell').first().textContent()) ?? '';
    expect(firstNumero.slice(0, 8) <= today).toBe(true);

    await page.getByRole('searchbox', { name: 'Draw number' }).fill(ahead.numero);
    await page.getByRole('button', { name: 'Search' }).click();
    // The search's rows replace the list's: waited for as a whole (the draw searched for may be among the first rows
    // already, so one row of it does not tell that the search has answered).
    const numeros = table.locator('tbody tr .mono');
    await expect
      .poll(async () => {
        const shown = await numeros.allTextContents();
        return shown.length > 0 && shown.every((numero) => numero.startsWith(ahead.numero));
      })
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('numero')).toBe(ahead.numero);
    await screenshot(page, 'console-lottery-draws-search');
    await page.close();
  });

  it('results imported from a file: a result for no draw awaiting one is skipped and named', async () => {
    const page = await consolePage(await operatorToken(), '/lottery/draws');
    await page.getByRole('button', { name: 'Import results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import results' });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await visible(dialog.getByText('Choose a results file.'));
    const results = [{ gameId: 'XSMB', numero: '20000101', result: { DB: ['12345'] } }];
    await dialog.getByLabel('Results file').setInputFiles({
      name: 'results.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ results })),
    });
    await visible(dialog.getByText('results.json: 1 to import.'));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await visible(dialog.getByText('Imported: 0.', { exact: false }));
    await visible(dialog.getByText('XSMB/20000101'));
    await screenshot(page, 'console-lottery-import');
    await page.close();
  });

  it('the odds of a result table are saved whole, with a refused amount shown in its cell', async () => {
    const owner = await operatorToken();
    const before: Row[] = (await api('GET', `${CONSOLE}/odds`, owner)).value;
    const north = before.filter((row) => row.shape === 'north27');
    try {
      const page = await consolePage(owner, '/lottery/odds');
      await visible(page.getByRole('tab', { name: 'Northern 27 prizes', selected: true }));
      const price = page.getByRole('spinbutton', { name: 'Price per point, Lô 3 digits' });
      await price.fill('24.125');
      await page.getByRole('button', { name: 'Save odds' }).click();
      // The currency has two decimals: the server refuses the amount, and the message stands in its cell.
      const cell = page.getByRole('row').filter({ hasText: 'Lô 3 digits' });
      await visible(cell.getByText('Value is not valid'));
      await price.scrollIntoViewIfNeeded();
      await screenshot(page, 'console-lottery-odds-refused');
      await price.fill('24.5');
      await page.getByRole('button', { name: 'Save odds' }).click();
      await visible(page.getByText('Odds of Northern 27 prizes saved.'));
      await page.reload();
      await visible(page.getByRole('tab', { name: 'Northern 27 prizes', selected: true }));
      expect(await price.inputValue()).toBe('24.5');

      // The 4D table has a payout column per prize tier; small pays only the first three.
      await page.getByRole('tab', { name: '4D' }).click();
      await visible(page.getByRole('spinbutton', { name: 'Payout, Consolation prizes, 4D Big' }));
      expect(
        await page.getByRole('spinbutton', { name: 'Payout, Consolation prizes, 4D Small' }).count(),
      ).toBe(0);
      await screenshot(page, 'console-lottery-odds-4d');
      await page.close();
    } finally {
      await api('PUT', `${CONSOLE}/odds/north27`, owner, { rows: north });
    }
  });

  it('a game’s betting lock is edited, and a lock as long as its interval refused', async () => {
    const owner = await operatorToken();
    const games: Row[] = (await api('GET', `${CONSOLE}/games`, owner)).value;
    const game = games.find((candidate) => candidate.gameId === 'E_MB5');
    try {
      const page = await consolePage(owner, '/lottery/games');
      await page.getByRole('combobox', { name: 'Prize mode' }).selectOption({ label: 'Fast e-lottery' });
      const table = page.getByRole('table', { name: 'Lottery games' });
      await visible(table.getByText('Every 5 min'));
      expect(await table.getByText('Every day at 18:15').count()).toBe(0);
      await table.getByRole('button', { name: 'Edit Speed 5 minutes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Speed 5 minutes (E_MB5)' });
      await dialog.getByRole('spinbutton', { name: 'Lock seconds' }).fill('300');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(dialog.getByText('Value is not valid'));
      await dialog.getByRole('spinbutton', { name: 'Lock seconds' }).fill('20');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await visible(page.getByText('Speed 5 minutes saved.'));
      await visible(table.getByRole('row').filter({ hasText: 'E_MB5' }).getByText('20 s before'));
      await screenshot(page, 'console-lottery-games');

      // A daily game's schedule: its time and weekdays.
      await page.getByRole('combobox', { name: 'Prize mode' }).selectOption({ label: 'Official (Vietnam)' });
      await table.getByRole('button', { name: 'Edit Northern lottery' }).click();
      const daily = page.getByRole('dialog', { name: 'Edit Northern lottery (XSMB)' });
      expect(await daily.getByLabel('Draw time').inputValue()).toBe('18:15');
      await visible(daily.getByRole('checkbox', { name: 'Sunday' }));
      await screenshot(page, 'console-lottery-game-dialog');
      await daily.getByRole('button', { name: 'Cancel' }).click();
      await page.close();
    } finally {
      await api('PUT', `${CONSOLE}/games/E_MB5`, owner, {
        enabled: game.enabled,
        lockSeconds: game.lockSeconds,
        intervalSeconds: game.intervalSeconds,
        drawTime: null,
        drawDays: null,
        missed: game.missed,
      });
    }
  });
  it('two operators enter and confirm an official result; the draw is settled with its report', async () => {
    if (!official) throw new Error('the official draw was not set up');
    const { owner, first, second, game, numero } = official;
    const path = `/lottery/draws?gameId=${game.gameId}`;
    const draw = `${game.gameId} ${numero}`;
    // The server's clock is moved past the draw's time: the draw awaits its result.
    const drawsIn = async (state: 'awaiting' | 'settled') =>
      (await api('GET', `${CONSOLE}/draws?gameId=${game.gameId}&state=${state}&numero=${numero}`, owner))
        .value.list.length;
    await advanceClock(Math.max(1, Math.ceil((official.drawsAt.getTime() - siteNow().getTime()) / 60_000)));
    await expect.poll(() => drawsIn('awaiting'), { timeout: 30_000, interval: 250 }).toBe(1);

    // Operator A enters the result, pasted as one line in printed order.
    const pageA = await consolePage(first.token, path);
    await visible(pageA.getByRole('heading', { name: 'Lottery draws' }));
    const tableA = pageA.getByRole('table', { name: 'Lottery draws' });
    await visible(tableA.getByText('Awaiting result'));
    await screenshot(pageA, 'console-lottery-draws-awaiting');
    await tableA.getByRole('button', { name: `Enter result of ${draw}` }).click();
    const enter = pageA.getByRole('dialog', { name: `Enter the result of ${game.gameName} ${numero}` });
    // A number of the wrong length is refused in the browser.
    await enter.getByRole('textbox', { name: 'Eighth prize' }).fill('7');
    await enter.getByRole('button', { name: 'Enter result' }).click();
    await visible(enter.getByText('Enter 2 digits.'));
    await enterLine(enter, RESULT);
    expect(await enter.getByRole('textbox', { name: 'Fourth prize, number 7' }).inputValue()).toBe('78901');
    expect(await enter.getByRole('textbox', { name: 'Special prize' }).inputValue()).toBe('246801');
    await screenshot(pageA, 'console-lottery-enter-result');
    await enter.getByRole('button', { name: 'Enter result' }).click();
    await enter.waitFor({ state: 'detached' });
    await visible(pageA.getByText(`Result of ${draw} entered.`, { exact: false }));
    await visible(tableA.getByText('Awaiting confirmation'));
    await visible(tableA.getByText(`Entered by ${first.username}`));
    await screenshot(pageA, 'console-lottery-draws-entered');

    // A cannot confirm A's own entry; the confirmation starts empty.
    await tableA.getByRole('button', { name: `Confirm result of ${draw}` }).click();
    const ownConfirm = pageA.getByRole('dialog', {
      name: `Confirm the result of ${game.gameName} ${numero}`,
    });
    await visible(ownConfirm.getByText(`Entered by ${first.username}`));
    expect(await ownConfirm.getByRole('textbox', { name: 'Special prize' }).inputValue()).toBe('');
    await enterLine(ownConfirm, RESULT);
    await ownConfirm.getByRole('button', { name: 'Confirm result' }).click();
    await visible(ownConfirm.getByText('A different operator must confirm the result you entered.'));
    await pageA.close();

    // The result form as the second operator finds it, in both themes, on a desktop and on a 390 px phone.
    for (const look of LOOKS) {
      const page = await consolePage(owner, path, look);
      await page.getByRole('button', { name: `Confirm result of ${draw}` }).click();
      await enterLine(page.getByRole('dialog'), RESULT.slice(0, 6));
      await screenshot(page, `console-lottery-result-form-${look.width}-${look.theme}`);
      await page.close();
    }

    // Operator B types a different result: refused, the entry stays.
    const pageB = await consolePage(second.token, path);
    const tableB = pageB.getByRole('table', { name: 'Lottery draws' });
    await tableB.getByRole('button', { name: `Confirm result of ${draw}` }).click();
    const confirm = pageB.getByRole('dialog', { name: `Confirm the result of ${game.gameName} ${numero}` });
    await enterLine(
      confirm,
      RESULT.map((number, index) => (index === 9 ? '45679' : number)),
    );
    await confirm.getByRole('button', { name: 'Confirm result' }).click();
    await visible(confirm.getByText('The result confirmed differs from the one entered.', { exact: false }));
    // B corrects the one number, typed in its own field, and confirms.
    await confirm.getByRole('textbox', { name: 'Fourth prize, number 4' }).fill('45678');
    await confirm.getByRole('button', { name: 'Confirm result' }).click();
    await confirm.waitFor({ state: 'detached' });
    await visible(pageB.getByText(`Result of ${draw} confirmed`, { exact: false }));

    // Settled by the settlement job: one ticket of 16 that won 3 × 80, so the house lost 224.
    const row = tableB.getByRole('row').filter({ hasText: numero });
    await expect.poll(() => drawsIn('settled'), { timeout: 30_000, interval: 250 }).toBe(1);
    await pageB.reload();
    await visible(row.getByText('Settled'));
    await visible(row.getByText(`Confirmed by ${second.username}`));
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['1', '16.00', '240.00', '-224.00']),
    );
    const loss = row.getByText('-224.00');
    expect(await loss.evaluate((element) => element.classList.contains('lottery-loss'))).toBe(true);
    await screenshot(pageB, 'console-lottery-draws-settled');

    await row.getByRole('button', { name: `View result of ${draw}` }).click();
    const view = pageB.getByRole('dialog', { name: `Result of ${game.gameName} ${numero}` });
    await visible(view.getByRole('row', { name: 'Special prize 246801' }));
    await visible(view.getByRole('row', { name: /Fourth prize 12345 +23456/ }));
    await screenshot(pageB, 'console-lottery-view-result');
    await pageB.close();

    // The draws page with its report, in both themes, on a desktop and on a 390 px phone.
    for (const look of LOOKS) {
      const page = await consolePage(owner, path, look);
      await visible(page.getByRole('table', { name: 'Lottery draws' }).getByText('Settled'));
      await screenshot(page, `console-lottery-draws-${look.width}-${look.theme}`);
      await page.close();
    }
  }, 180_000);
});
