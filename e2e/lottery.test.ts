import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  advanceClock,
  api,
  baseUrl,
  operatorToken,
  screenshot,
  siteNow,
  useBrowser,
  useExtraSite,
} from './browser.ts';
import { expectState, query, visitor } from './games-browser.ts';

/**
 * The lottery screens as a player uses them, against the seeded games: the lobbies, a bet on the one-minute
 * e-lottery E_MB1 through the number picker, the slip and the confirmation, its draw and settlement, and the draw
 * checked again in the browser. On the worker's extra site, whose clock the tests move (TEST_CLOCK): a draw comes
 * when the test moves the site's clock past it, not after a wait on the wall's.
 */
useExtraSite();
const browser = useBrowser();
const visit = visitor(browser);

const FUNDS = 500;
const money = (amount: number) =>
  amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** An amount as the site writes it, "P 1,234.50", read back to a number. */
const amountIn = (text: string, label: string) => {
  const found = new RegExp(`${label}\\s*P\\s*([\\d,]+\\.\\d\\d)`).exec(text);
  if (!found?.[1]) throw new Error(`no ${label} amount in “${text}”`);
  return Number(found[1].replace(/,/g, ''));
};

/** A whole-page screenshot from the top, where the sticky header belongs. */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: true });
}

async function fundedMember(prefix: string) {
  const member = await loggedInMember(prefix);
  const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
    memberId: member.id,
    amount: FUNDS,
    reason: 'E2E funding',
  });
  expect(credit.success).toBe(true);
  return member;
}

/** The header's account button, which says the balance, once it says `amount`. */
async function headerBalanceIs(page: Page, amount: number) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`Balance P ${money(amount).replace('.', '\\.')}$`) })
    .waitFor({ timeout: 30_000 });
}

/** Places the slip through the confirmation; a ticket refused because its draw just locked is placed again. */
async function placeSlip(page: Page, slip: Locator) {
  for (let attempt = 1; ; attempt += 1) {
    await slip.getByRole('button', { name: 'Place bets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your bets' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: /tickets placed/ })
      .waitFor();
    const refused = await dialog.getByText(/^Not placed: /).allTextContents();
    // The footer's Close, after the title bar's.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    if (refused.length === 0) return;
    expect(
      refused.every((text) => text.includes('Betting on this draw has closed')),
      refused.join(),
    ).toBe(true);
    if (attempt === 3) throw new Error(`refused three times: ${refused.join()}`);
  }
}

describe('lottery', () => {
  it('a member bets lô 2 số and đề on all 100 numbers on E_MB1, sees the draw, the win paid and the draw verified', async () => {
    const member = await fundedMember('lot');
    // The page's timers follow the site's clock when the test moves it (the draw's lock, the polls after it).
    const page = await visit('/elott', {
      session: { token: member.token, username: member.username },
      clock: siteNow(),
    });
    await page.getByRole('heading', { name: 'E-lottery', level: 1 }).waitFor();
    await headerBalanceIs(page, FUNDS);

    // The lobby: the prize mode's menu, each game with its countdown; a favourite kept for this member.
    await page.getByRole('tab', { name: 'Fast e-lottery' }).waitFor();
    const games = page.getByRole('list', { name: 'Fast e-lottery games' });
    const fast = games.getByRole('listitem', { name: 'Speed 1 minute', exact: true });
    await fast.getByText(/^(Closes in \d\d:\d\d|Closed — drawing)$/).waitFor();
    await games
      .getByRole('listitem', { name: 'Speed 2 minutes', exact: true })
      .getByRole('button', { name: 'Favourite: Speed 2 minutes' })
      .click();
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await page
      .getByRole('list', { name: 'Favourites games' })
      .getByRole('listitem', { name: 'Speed 2 minutes', exact: true })
      .waitFor();
    expect(
      await page.evaluate((name) => localStorage.getItem(`lotteryFavourites:${name}`), member.username),
    ).toBe('["E_MB2"]');
    await page.getByRole('tab', { name: 'Fast e-lottery' }).click();
    await page.getByRole('region', { name: 'Latest results' }).waitFor();
    await pageShot(page, 'lottery-elott-lobby-light');

    // The betting view of E_MB1.
    await fast.getByRole('link', { name: 'Speed 1 minute' }).click();
    await page.getByRole('heading', { name: 'Speed 1 minute', level: 1 }).waitFor();
    expect(query(page)).toEqual({ gameCode: 'E_MB1' });
    await page.getByText(/^Seed hash/).waitFor();

    // Lô 2 số on 27, one point.
    await expectState(page.getByRole('tab', { name: 'Lô 2 digits' }), 'aria-selected', 'true');
    const grid = page.getByRole('group', { name: 'Numbers 00 to 99' });
    const twentySeven = grid.getByRole('button', { name: '27', exact: true });
    await twentySeven.click();
    await expectState(twentySeven, 'aria-pressed', 'true');
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await expectState(twentySeven, 'aria-pressed', 'false');

    // Đề đặc biệt on every number: the special prize ends in one of them.
    await page.getByRole('tab', { name: 'Đề special' }).click();
    await page
      .getByRole('group', { name: 'Quick picks' })
      .getByRole('button', { name: 'All', exact: true })
      .click();
    await expectState(grid.getByRole('button', { name: '99', exact: true }), 'aria-pressed', 'true');
    const summary = page.getByRole('region', { name: 'Place a bet' });
    expect(await summary.getByText('P 100.00', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add to slip' }).click();

    const slip = page.getByRole('region', { name: 'Bet slip' });
    const queued = slip.getByRole('list', { name: 'Tickets in the slip' }).getByRole('listitem');
    expect(await queued.count()).toBe(2);
    await slip.getByText('P 123.00', { exact: true }).last().waitFor();
    await pageShot(page, 'lottery-betting-slip-light');
    await placeSlip(page, slip);
    await slip.getByText(/^Your slip is empty/).waitFor();

    // Both tickets under My bets, placed; the stakes left the wallet.
    const mine = page.getByRole('list', { name: 'My bets' });
    const lo = mine.getByRole('listitem', { name: /^Lô 2 digits, ticket L\d+$/ });
    const de = mine.getByRole('listitem', { name: /^Đề special, ticket L\d+$/ });
    await lo.getByText('Placed', { exact: true }).waitFor();
    await de.getByText('Placed', { exact: true }).waitFor();
    await headerBalanceIs(page, FUNDS - 123);
    await de.getByRole('button', { name: /^Cancel ticket L\d+$/ }).waitFor();

    // The draw: the site's clock moves two minutes on, past the draw (its draw and settlement jobs run at once), and
    // the page's timers with it; both tickets are settled without a reload.
    const before = siteNow().getTime();
    await advanceClock(2);
    await page.clock.fastForward(siteNow().getTime() - before);
    await de.getByText('Won', { exact: true }).waitFor();
    await lo.getByText(/^(Won|Lost)$/).waitFor();
    const deText = (await de.textContent()) ?? '';
    const loText = (await lo.textContent()) ?? '';
    const dePayout = amountIn(deText, 'Payout');
    const loPayout = /Payout\s*—/.test(loText) ? 0 : amountIn(loText, 'Payout');
    expect(dePayout).toBe(80);
    await headerBalanceIs(page, FUNDS - 123 + dePayout + loPayout);
    await pageShot(page, 'lottery-betting-settled-light');

    // The draw's result in the history: every prize row, and the lô ticket paid for each prize ending in 27.
    const numero = /Draw\s*(\d{8}-\d{4})/.exec(loText)?.[1];
    expect(numero).toBeTruthy();
    await page.getByRole('tab', { name: 'Results', exact: true }).click();
    const drawn = page
      .getByRole('list', { name: 'Results history' })
      .getByRole('listitem', { name: `Draw ${numero}`, exact: true });
    const toggle = drawn.getByRole('button', { name: /^(All prizes|Hide prizes)$/ });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const table = drawn.getByRole('table', { name: `Prizes of draw ${numero}` });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(8);
    expect(await rows.first().getByRole('rowheader').textContent()).toBe('Special');
    expect(await rows.last().getByRole('rowheader').textContent()).toBe('Seventh');
    const prizeNumbers = (await table.getByRole('cell').allTextContents()).flatMap((cell) => cell.split(' '));
    expect(prizeNumbers).toHaveLength(27);
    expect(loPayout).toBe(80 * prizeNumbers.filter((number) => number.endsWith('27')).length);
    await drawn.scrollIntoViewIfNeeded();
    await screenshot(page, 'lottery-betting-results-light');

    // The draw checked again in the browser from its revealed seed.
    await drawn.getByRole('link', { name: `Verify draw ${numero}` }).click();
    await page.getByRole('heading', { name: 'Verify a lottery draw', level: 1 }).waitFor();
    const outcome = page.getByRole('region', { name: 'Verification' });
    await outcome.getByText('Verified: this draw is fair.').waitFor();
    await outcome.getByText(/^Hash matches:/).waitFor();
    await outcome.getByText(/^Numbers match:/).waitFor();
    expect(await page.getByLabel('Game code').inputValue()).toBe('E_MB1');
    await pageShot(page, 'lottery-verify-light');

    // One character of the seed changed: neither check holds.
    const seed = page.getByLabel('Seed (revealed)');
    const revealed = await seed.inputValue();
    await seed.fill(`${revealed.slice(0, -1)}${revealed.endsWith('0') ? '1' : '0'}`);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await outcome.getByText('Does not match: this draw cannot be confirmed.').waitFor();
    await outcome.getByText(/^Hash does NOT match:/).waitFor();
    await outcome.getByText(/^Numbers do NOT match/).waitFor();

    // The lobby's results board lists the draw.
    await page.goto(`${baseUrl()}/elott`);
    // Other games' draws can carry the same draw number (E_MB2's at an even minute): read E_MB1's entry.
    await page
      .getByRole('region', { name: 'Latest results' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Speed 1 minute', exact: true }) })
      .getByText(`Draw ${numero}`)
      .waitFor();
    await pageShot(page, 'lottery-elott-lobby-results-light');
    await page.context().close();
  });

  it('a member cancels a ticket while its draw is on sale and gets the stake back', async () => {
    const member = await fundedMember('lotc');
    const page = await visit('/elott?gameCode=E_MB5', { session: { token: member.token } });
    await page.getByRole('heading', { name: 'Speed 5 minutes', level: 1 }).waitFor();
    await headerBalanceIs(page, FUNDS);
    // Close to its lock the draw would close before the cancel: then the next draw is used.
    const countdown = page
      .getByRole('main')
      .getByText(/^Closes in \d\d:\d\d$/)
      .first();
    const [minutes = 0, seconds = 0] =
      ((await countdown.textContent()) ?? '').match(/\d\d/g)?.map(Number) ?? [];
    const toLock = minutes * 60 + seconds;
    if (toLock < 60) {
      // The site's clock moves past the lock: the next draw is on sale when the page opens again.
      const onSale = page.getByText(/^On sale \d{8}-\d{4}$/);
      const numero = await onSale.textContent();
      await advanceClock(Math.ceil((toLock + 1) / 60));
      await page.reload();
      await page
        .getByText(/^On sale \d{8}-\d{4}$/)
        .filter({ hasNotText: numero ?? '' })
        .waitFor();
    }
    await page.getByRole('group', { name: 'Numbers 00 to 99' }).getByRole('button', { name: '42' }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await placeSlip(page, page.getByRole('region', { name: 'Bet slip' }));
    await headerBalanceIs(page, FUNDS - 23);

    const ticket = page
      .getByRole('list', { name: 'My bets' })
      .getByRole('listitem', { name: /^Lô 2 digits, ticket L\d+$/ });
    await ticket.getByRole('button', { name: /^Cancel ticket L\d+$/ }).click();
    await ticket.getByText('Cancelled', { exact: true }).waitFor();
    expect(await ticket.getByRole('button', { name: /^Cancel ticket/ }).count()).toBe(0);
    expect(amountIn((await ticket.textContent()) ?? '', 'Refund')).toBe(23);
    await headerBalanceIs(page, FUNDS);
    await page.context().close();
  });

  it('4D and the platform’s own draws: typed 4-digit numbers, prize tiers, and a bet type preselected by the address', async () => {
    const zy = await visit('/lottery?gameCode=ZY_HN_VIP&playType=de_special');
    await zy.getByRole('heading', { name: 'Ha Noi VIP', level: 1 }).waitFor();
    await expectState(zy.getByRole('tab', { name: 'Đề special' }), 'aria-selected', 'true');
    await zy.context().close();

    const page = await visit('/seaLottery');
    await page.getByRole('heading', { name: 'Southeast Asia lottery', level: 1 }).waitFor();
    // The game's card (the results board beside it links its draws too).
    await page
      .getByRole('listitem', { name: 'SEA 4D 5 minutes' })
      .getByRole('link', { name: 'SEA 4D 5 minutes' })
      .click();
    await page.getByRole('heading', { name: 'SEA 4D 5 minutes', level: 1 }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      '4D Big',
      '4D Small',
      'Results',
      'My bets',
    ]);
    const bet = page.getByRole('region', { name: 'Place a bet' });
    for (const tier of ['1st prize', '2nd prize', '3rd prize', 'Starter', 'Consolation'])
      await bet.getByText(`${tier} pays, per point`).waitFor();
    await page.getByLabel('Numbers (4 digits)').fill('1234 5678,0042');
    await bet.getByText('P 3.00', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByRole('region', { name: 'Bet slip' }).getByText('0042 1234 5678').waitFor();
    await pageShot(page, 'lottery-sea-betting-light');
    await page.context().close();
  });

  it('the Vietnam lottery lobby: official draws by default, menus by region, the weekday filter, and the prize mode kept', async () => {
    const page = await visit('/vnlottery');
    await page.getByRole('heading', { name: 'Vietnam lottery', level: 1 }).waitFor();
    await expectState(page.getByRole('button', { name: 'Official draws' }), 'aria-pressed', 'true');
    for (const menu of ['Northern', 'Central', 'Southern'])
      await page.getByRole('tab', { name: menu }).waitFor();
    await page
      .getByRole('list', { name: 'Northern games' })
      .getByRole('listitem', { name: 'Northern lottery' })
      .getByText(/^(Closes in |Closed — drawing)/)
      .waitFor();

    // Bến Tre draws on Tuesdays (3), Hồ Chí Minh City on Mondays and Saturdays (2, 7).
    await page.getByRole('tab', { name: 'Southern' }).click();
    const south = page.getByRole('list', { name: 'Southern games' });
    await south.getByRole('listitem', { name: 'Ben Tre' }).waitFor();
    await page.getByRole('group', { name: 'Draw day' }).getByRole('button', { name: 'Monday' }).click();
    await south.getByRole('listitem', { name: 'Ben Tre' }).waitFor({ state: 'detached' });
    await south.getByRole('listitem', { name: 'Ho Chi Minh City' }).waitFor();
    expect(query(page)).toEqual({ menu: 'MN', day: '2' });
    await pageShot(page, 'lottery-vn-lobby-light');

    // The prize mode is remembered for the session.
    // A visitor's e-lottery has one menu: its games show without tabs.
    await page.getByRole('button', { name: 'E-lottery' }).click();
    await page.getByRole('list', { name: 'Fast e-lottery games' }).waitFor();
    await page.reload();
    await expectState(page.getByRole('button', { name: 'E-lottery' }), 'aria-pressed', 'true');
    await page.getByRole('list', { name: 'Fast e-lottery games' }).waitFor();
    await page.context().close();
  });

  it('a visitor can fill a slip, and pressing the bet button opens the login dialog', async () => {
    const page = await visit('/elott?gameCode=E_MB2&view=betting');
    await page.getByRole('heading', { name: 'Speed 2 minutes', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Numbers 00 to 99' }).getByRole('button', { name: '05' }).click();
    await page.getByRole('button', { name: 'Add to slip' }).click();
    await page.getByRole('region', { name: 'Bet slip' }).getByRole('button', { name: 'Place bets' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Confirm your bets' }).count()).toBe(0);
    await page.context().close();
  });

  it('on a phone the number picker is on the first screen, and every control of it is a 44 px touch target', async () => {
    const SCREEN = { width: 390, height: 844 };
    for (const theme of ['light', 'dark'] as const) {
      const page = await visit('/elott?gameCode=E_MB1', { local: { theme }, ...SCREEN });
      await page.getByRole('heading', { name: 'Speed 1 minute', level: 1 }).waitFor();
      const grid = page.getByRole('group', { name: 'Numbers 00 to 99' });
      await grid.waitFor();
      // As the page opens, before any scroll: the countdown and the first row of numbers are on the screen.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const first = await grid.getByRole('button', { name: '00' }).boundingBox();
      // The tab bar covers the screen's foot: the first row of numbers is above it.
      const tabBar = await page.getByRole('navigation', { name: 'Shortcuts' }).boundingBox();
      // The draw on sale and its countdown ("Closes in", or "Closed — drawing" for its last seconds).
      const countdown = await page
        .getByText(/^(Closes in|Closed — drawing)/)
        .first()
        .boundingBox();
      expect(first && tabBar && first.y + first.height <= tabBar.y, JSON.stringify([first, tabBar])).toBe(
        true,
      );
      expect(countdown && countdown.y >= 0 && countdown.y + countdown.height <= SCREEN.height).toBe(true);
      const small: string[] = [];
      const controls = [
        grid.getByRole('button'),
        page.getByRole('group', { name: 'Quick picks' }).getByRole('button'),
        page.getByRole('group', { name: 'Tens' }).getByRole('button'),
        page.getByRole('tablist', { name: 'Bet types' }).getByRole('tab'),
      ];
      for (const control of controls) {
        for (const button of await control.all()) {
          const box = await button.boundingBox();
          if (!box || box.width < 44 || box.height < 44)
            small.push(`${await button.textContent()} ${box?.width}×${box?.height}`);
        }
      }
      expect(small).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await screenshot(page, `lottery-phone-first-screen-${theme}`);
      await grid.getByRole('button', { name: '00' }).click();
      await expectState(grid.getByRole('button', { name: '00' }), 'aria-pressed', 'true');
      await page.context().close();
    }
  });

  it('reads at 360 and 390 px and in the dark theme without sideways scrolling', async () => {
    for (const [theme, width, height] of [
      ['light', 390, 844],
      ['dark', 360, 780],
      ['dark', 1366, 900],
    ] as const) {
      const size = width < 760 ? 'phone' : 'desktop';
      const lobby = await visit('/vnlottery', { local: { theme }, width, height });
      await lobby.getByRole('tab', { name: 'Northern' }).waitFor();
      await lobby.getByRole('region', { name: 'Latest results' }).waitFor();
      expect(await lobby.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await pageShot(lobby, `lottery-vn-lobby-${theme}-${size}`);
      await lobby.context().close();

      const betting = await visit('/elott?gameCode=E_MB1', { local: { theme }, width, height });
      await betting.getByRole('heading', { name: 'Speed 1 minute', level: 1 }).waitFor();
      await betting
        .getByRole('group', { name: 'Numbers 00 to 99' })
        .getByRole('button', { name: '38' })
        .click();
      await betting.getByRole('button', { name: 'Add to slip' }).click();
      await betting.getByRole('group', { name: 'Quick picks' }).getByRole('button', { name: 'Even' }).click();
      await betting.getByRole('group', { name: 'Numbers 00 to 99' }).scrollIntoViewIfNeeded();
      await screenshot(betting, `lottery-picker-${theme}-${size}-${width}`);
      await betting.getByRole('tab', { name: 'Lô 3 digits' }).click();
      await betting.getByLabel('Numbers (3 digits)').fill('123, 45x');
      await betting.getByText('“45x” is not a number of 3 digits.').waitFor();
      expect(await betting.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await pageShot(betting, `lottery-betting-${theme}-${size}`);
      await betting.context().close();
    }
  });
});
