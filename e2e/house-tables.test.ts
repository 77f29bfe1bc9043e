import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, operatorToken, ownerConsolePage, screenshot, useBrowser } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The house's shared tables in the site's game frame: a baccarat room entered from the PVP lobby's room list and the
 * live roulette table from the live lobby. A bet is placed in the open window, the round is drawn by the server
 * when the window closes, and the site's header balance follows the stake and the win.
 */
const browser = useBrowser();
const visit = visitor(browser);

/** Short rounds for the test (the console's table settings, as an operator sets them). */
async function shortRounds(room: string) {
  const token = await operatorToken();
  const tables = await api('GET', '/backoffice/api/house-tables', token);
  const table = (tables.value as { id: number; table: string; limits: Record<string, unknown> }[]).find(
    (row) => row.table === room,
  );
  if (!table) throw new Error(`no table ${room}`);
  const saved = await api('PUT', `/backoffice/api/house-tables/${table.id}`, token, {
    bettingSeconds: 6,
    resultSeconds: 5,
    limits: table.limits,
  });
  expect(saved.success).toBe(true);
}

async function fundedMember(prefix: string) {
  const member = await loggedInMember(prefix);
  const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
    memberId: member.id,
    amount: 500,
    reason: 'E2E funding',
  });
  expect(credit.success).toBe(true);
  return member;
}

/** Waits for the open window (a spot can be clicked), puts one chip on the spot and places the bet. */
async function betOnce(game: FrameLocator, spot: string) {
  const button = game.getByRole('button', { name: `Bet on ${spot}`, exact: true });
  await expect.poll(async () => button.isEnabled(), { timeout: 20_000, interval: 250 }).toBe(true);
  await button.click();
  await game.getByRole('button', { name: 'Place bet' }).click();
  await game.getByRole('status').filter({ hasText: 'Bet placed' }).waitFor({ timeout: 10_000 });
}

async function headerBalanceChanges(page: Page) {
  const header = page.getByRole('banner');
  await header.getByText('P 500.00').waitFor({ state: 'detached' });
  await header.getByText(/P\s[\d,]+\.\d\d/).waitFor();
}

describe('the house tables', () => {
  it('enters a baccarat room from the PVP lobby, bets on a round and sees it dealt and paid', async () => {
    await shortRounds('jade');
    const member = await fundedMember('bac');
    const page = await visit('/pvp', { session: { token: member.token } });
    await page.getByRole('banner').getByText('P 500.00').waitFor();
    await page.getByRole('button', { name: 'Enter Baccarat Jade Room · jade' }).click();
    const game = page.frameLocator('iframe[title^="Game:"]');
    await game.getByRole('heading', { name: 'Baccarat Jade Room', level: 1 }).waitFor();
    await game.getByRole('img', { name: /The baccarat table/ }).waitFor();
    await betOnce(game, 'Player');
    // The stake left the wallet: the site's header follows over /ws.
    await headerBalanceChanges(page);
    await game.getByText(/You \(you\)|\(you\)/).waitFor();
    // The window closes, the server deals: the frame shows the winner and what the bet paid.
    await game
      .getByRole('status')
      .filter({ hasText: /(Player wins|Banker wins|Tie) · Player \d, Banker \d — (You win|no win)/ })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'house-baccarat-round');
    await game.getByRole('button', { name: 'My bets' }).click();
    await game
      .getByRole('dialog', { name: 'My bets' })
      .getByText(/Paid|Cancelled/)
      .waitFor();
    await page.context().close();
  });

  it('opens the live roulette table from the live lobby, bets on red and sees the wheel stop', async () => {
    await shortRounds('roulette-live');
    const member = await fundedMember('rl');
    const page = await visit('/live', { session: { token: member.token } });
    await page.getByRole('banner').getByText('P 500.00').waitFor();
    await page.getByRole('button', { name: 'Play Live Roulette' }).click();
    const game = page.frameLocator('iframe[title^="Game:"]');
    await game.getByRole('heading', { name: 'Live Roulette', level: 1 }).waitFor();
    await game.getByRole('img', { name: /The roulette table/ }).waitFor();
    await betOnce(game, 'Red');
    await headerBalanceChanges(page);
    await game
      .getByRole('status')
      .filter({ hasText: /The ball lands on \d+ (red|black|green) — (You win|no win)/ })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'house-roulette-round');
    await page.context().close();
  });

  it('lets the owner set a table’s round timing and a spot’s limits in the console', async () => {
    const page = await ownerConsolePage(browser(), '/house-tables');
    await page.getByRole('heading', { name: 'House tables' }).waitFor();
    const table = page.getByRole('table', { name: 'House tables' });
    await table.getByRole('button', { name: 'Edit Baccarat Dragon Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Table Baccarat Dragon Room' });
    await dialog.getByRole('spinbutton', { name: 'Betting window (seconds)' }).fill('20');
    await dialog.getByRole('spinbutton', { name: 'Tie: largest stake' }).fill('2000');
    await screenshot(page, 'console-house-table-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByText('20 s betting, 8 s result').waitFor();
    const tables = await api('GET', '/backoffice/api/house-tables', await operatorToken());
    const dragon = (
      tables.value as { table: string; bettingSeconds: number; limits: { tie: { max: number } } }[]
    ).find((row) => row.table === 'dragon');
    expect(dragon).toMatchObject({ bettingSeconds: 20, limits: { tie: { max: 2000 } } });
    await page.close();
  });
});
