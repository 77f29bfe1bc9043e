import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, operatorToken, ownerConsolePage, screenshot, useBrowser } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The house's shared tables in the site's game frame: a baccarat room entered from the PVP lobby's room list and the
 * live roulette table from the live lobby. A bet is placed in the open window, the round is drawn by the server
 * when the window closes, and the site's header balance follows the stake and the win.
 */
const browser = useBrowser();
const visit = visitor(browser);

/** Short rounds for the test (the console's table settings, as an operator sets them). */
async function shortRounds(room: string, bettingSeconds = 6) {
  const token = await operatorToken();
  const tables = await api('GET', '/backoffice/api/house-tables', token);
  const table = (tables.value as { id: number; table: string; limits: Record<string, unknown> }[]).find(
    (row) => row.table === room,
  );
  if (!table) throw new Error(`no table ${room}`);
  const saved = await api('PUT', `/backoffice/api/house-tables/${table.id}`, token, {
    bettingSeconds,
    resultSeconds: 5,
    limits: table.limits,
  });
  expect(saved.success).toBe(true);
}

async function fundedMember(prefix: string, amount = 500) {
  const member = await loggedInMember(prefix);
  const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
    memberId: member.id,
    amount,
    reason: 'E2E funding',
  });
  expect(credit.success).toBe(true);
  return member;
}

/**
 * Waits for the open window (a spot can be clicked), puts one chip on the spot and places the bet. On a loaded
 * machine the window can close between the spot and the bet (the buttons turn off, or the bet is refused and
 * nothing moves): then the next round's window is tried, at most three times.
 */
async function betOnce(game: FrameLocator, spot: string) {
  const button = game.getByRole('button', { name: `Bet on ${spot}`, exact: true });
  const placed = game.getByRole('status').filter({ hasText: 'Bet placed' });
  for (let attempt = 1; ; attempt += 1) {
    await expect.poll(async () => button.isEnabled(), { timeout: 30_000, interval: 250 }).toBe(true);
    try {
      await button.click({ timeout: 5_000 });
      await game.getByRole('button', { name: 'Place bet' }).click({ timeout: 5_000 });
      await placed.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
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
      .filter({ hasText: /(Player wins|Banker wins|Tie) · Player \d, Banker \d — (You win|.*no win)/ })
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
      .filter({ hasText: /The ball lands on \d+ (red|black|green) — (You win|.*no win)/ })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'house-roulette-round');
    // The round's pocket drawn again in the browser from the bet's proof.
    await game.getByRole('button', { name: 'My bets' }).click();
    await game
      .getByRole('dialog', { name: 'My bets' })
      .getByRole('link', { name: /^Verify round \d+$/ })
      .click();
    const result = game.getByRole('region', { name: 'Result' });
    await result.getByText('Verified: this round is fair.').waitFor();
    await result.getByText(/^The ball lands on \d+ (red|black|green)$/).waitFor();
    expect(await game.getByLabel('Outcome shown').inputValue()).toMatch(/^\d{1,2}$/);
    await page.context().close();
  });

  it('verifies a played baccarat round in the browser from the bet, and flags a changed client seed or server seed', async () => {
    await shortRounds('jade');
    const member = await fundedMember('bv');
    const page = await visit('/pvp', { session: { token: member.token } });
    await page.getByRole('banner').getByText('P 500.00').waitFor();
    await page.getByRole('button', { name: 'Enter Baccarat Jade Room · jade' }).click();
    const game = page.frameLocator('iframe[title^="Game:"]');
    await game.getByRole('heading', { name: 'Baccarat Jade Room', level: 1 }).waitFor();
    await betOnce(game, 'Banker');
    await game
      .getByRole('status')
      .filter({ hasText: /(Player wins|Banker wins|Tie) · Player \d, Banker \d — (You win|.*no win)/ })
      .waitFor({ timeout: 30_000 });

    // The provably fair panel links to the verification page.
    await game.getByRole('button', { name: 'Provably fair' }).click();
    const fair = game.getByRole('dialog', { name: 'Provably fair' });
    const fairLink = fair.getByRole('link', { name: 'Verify a round in your browser' });
    expect(await fairLink.getAttribute('href')).toBe('/house/verify?from=%2Fhouse%2Fbaccarat%2Fjade');
    await fair.getByRole('button', { name: 'Close' }).click();

    // The bet's own link opens the page with its round's proof and checks it.
    await game.getByRole('button', { name: 'My bets' }).click();
    const bets = game.getByRole('dialog', { name: 'My bets' });
    await bets.getByRole('link', { name: /^Verify round \d+$/ }).click();
    await game.getByRole('heading', { name: 'Verify a round', level: 1 }).waitFor();
    await game
      .getByRole('region', { name: 'Your table bets' })
      .getByRole('button', { name: /^Check round \d+ of Baccarat Jade Room$/ })
      .waitFor();
    const result = game.getByRole('region', { name: 'Result' });
    await result.getByText('Verified: this round is fair.').waitFor();
    await result
      .getByText(/The server seed matches the hash shown before round \d+’s betting opened\./)
      .waitFor();
    await result
      .getByText(
        /The salt computed from the table, the round and the client seeds \(\d+\) matches the one shown\./,
      )
      .waitFor();
    await result.getByText(/The outcome drawn again here matches round \d+’s recorded outcome\./).waitFor();
    await result.getByText(/^Player: .+ \(total \d\)$/).waitFor();
    await game.getByText(/Your client seed is line \d+ of the client seeds\./).waitFor();
    await screenshot(page, 'house-verify-table-in-frame');

    // Our own client seed is among the round's, in the order of the bets.
    const seedsField = game.getByLabel('Client seeds of the round’s bets');
    const seeds = await seedsField.inputValue();
    const ours = await game.locator('body').evaluate(() => sessionStorage.getItem('house-table-client-seed'));
    expect(ours).toBeTruthy();
    expect(seeds.split('\n')).toContain(ours);

    // One client seed changed: the salt and the cards drawn with it are no longer the round's.
    const lines = seeds.split('\n');
    const first = lines[0] ?? '';
    lines[0] = `${first.slice(0, -1)}${first.endsWith('x') ? 'y' : 'x'}`;
    await seedsField.fill(lines.join('\n'));
    await game.getByRole('button', { name: 'Verify', exact: true }).click();
    await result.getByText('Does not match: this round cannot be confirmed.').waitFor();
    await result
      .getByText(
        /The salt computed from the table, the round and the client seeds \(\d+\) does NOT match the one shown\./,
      )
      .waitFor();
    await result
      .getByText(/The outcome drawn again here does NOT match round \d+’s recorded outcome\./)
      .waitFor();
    await result.getByText(/The server seed matches the hash shown/).waitFor();

    // The client seeds restored and the server seed changed by one character: the commitment fails.
    await seedsField.fill(seeds);
    const seedField = game.getByLabel('Server seed (revealed)');
    const serverSeed = await seedField.inputValue();
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    await seedField.fill(`${serverSeed.slice(0, 63)}${serverSeed.endsWith('0') ? '1' : '0'}`);
    await game.getByRole('button', { name: 'Verify', exact: true }).click();
    await result
      .getByText(/The server seed does NOT match the hash shown before round \d+’s betting opened\./)
      .waitFor();
    await result.getByText('Does not match: this round cannot be confirmed.').waitFor();

    // The proof as the page was given it, for a visitor to paste below.
    await seedField.fill(serverSeed);
    const proof = {
      table: await game.getByLabel('Table', { exact: true }).inputValue(),
      round: await game.getByLabel('Round number').inputValue(),
      commitment: await game.getByLabel('Server seed hash shown before betting opened').inputValue(),
      salt: await game.getByLabel('Salt shown with the outcome').inputValue(),
      outcome: await game.getByLabel('Outcome shown').inputValue(),
    };
    expect(proof.table).toBe('jade');
    expect(JSON.parse(proof.outcome)).toMatchObject({ kind: 'baccarat' });

    // Back to the table, which plays on with its session.
    await game.getByRole('link', { name: /Back to the game/ }).click();
    await game.getByRole('heading', { name: 'Baccarat Jade Room', level: 1 }).waitFor();
    await page.context().close();

    // A visitor on a phone pastes the same round.
    const phone = await visit('/house/verify', { width: 390, height: 844 });
    await phone.getByRole('heading', { name: 'Verify a round', level: 1 }).waitFor();
    await phone.getByRole('radio', { name: 'A table round (baccarat, roulette)' }).check();
    await phone.getByRole('button', { name: 'Verify', exact: true }).click();
    await phone
      .getByRole('alert')
      .getByText('The server seed must be 64 hexadecimal characters (0-9, a-f).')
      .waitFor();
    expect(await phone.getByLabel('Server seed (revealed)').getAttribute('aria-invalid')).toBe('true');
    await phone.getByLabel('Game').selectOption({ label: 'Baccarat' });
    await phone.getByLabel('Table', { exact: true }).fill(proof.table);
    await phone.getByLabel('Round number').fill(proof.round);
    await phone.getByLabel('Server seed (revealed)').fill(serverSeed);
    await phone.getByLabel('Client seeds of the round’s bets').fill(seeds);
    await phone.getByLabel('Server seed hash shown before betting opened').fill(proof.commitment);
    await phone.getByLabel('Salt shown with the outcome').fill(proof.salt);
    await phone.getByLabel('Outcome shown').fill(proof.outcome);
    await phone.getByRole('button', { name: 'Verify', exact: true }).click();
    const pasted = phone.getByRole('region', { name: 'Result' });
    await pasted.getByText('Verified: this round is fair.').waitFor();
    await pasted.getByText(/The outcome drawn again here matches round \d+’s recorded outcome\./).waitFor();
    await screenshot(phone, 'house-verify-table-phone', { fullPage: true });
    // The same seeds claimed for another round of the table: another salt.
    await phone.getByLabel('Round number').fill(String(Number(proof.round) + 1));
    await phone.getByRole('button', { name: 'Verify', exact: true }).click();
    await pasted
      .getByText(
        /The salt computed from the table, the round and the client seeds \(\d+\) does NOT match the one shown\./,
      )
      .waitFor();
    await phone.context().close();
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

describe('the baccarat page in the site', () => {
  it('on a phone, says why Place bet is off when the chips pass the balance, and keeps the countdown on screen', async () => {
    await shortRounds('jade', 30);
    const member = await fundedMember('bacp', 5);
    const page = await visit('/pvp', { session: { token: member.token }, width: 390, height: 844 });
    await page.getByRole('button', { name: 'Enter Baccarat Jade Room · jade' }).click();
    const game = page.frameLocator('iframe[title^="Game:"]');
    await game.getByRole('heading', { name: 'Baccarat Jade Room', level: 1 }).waitFor();
    const spot = game.getByRole('button', { name: 'Bet on Player', exact: true });
    await expect.poll(async () => spot.isEnabled(), { timeout: 40_000, interval: 250 }).toBe(true);
    await game.getByRole('button', { name: /^Chip 5(\.00)? / }).click();
    await spot.click();
    await spot.click();
    // Place bet is off, and the page says why, next to it.
    await game
      .getByText('Chips to place: 10.00 PHP, more than your balance of 5.00 PHP.', { exact: false })
      .waitFor();
    const place = game.getByRole('button', { name: 'Place bet' });
    expect(await place.isDisabled()).toBe(true);
    // Down at the chips, the countdown is still on the screen.
    await place.scrollIntoViewIfNeeded();
    const countdown = game.getByRole('status').filter({ hasText: /Place your bets: \d+ s/ });
    const box = await countdown.boundingBox();
    const frameBox = await page.locator('iframe[title^="Game:"]').boundingBox();
    expect(box && frameBox).toBeTruthy();
    if (box && frameBox) {
      expect(box.y).toBeGreaterThanOrEqual(frameBox.y - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(Math.min(844, frameBox.y + frameBox.height) + 1);
    }
    await screenshot(page, 'house-baccarat-phone-over-balance');
    await page.context().close();
  });

  it('on a desktop, has one way back, a document title, and the frame scrolls without moving the page', async () => {
    // A trial account (free play with play money): the free play note makes the page's bars the tallest.
    const response = await fetch(`${baseUrl()}/wps/session/login/freeplay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `tables-${Date.now()}-trial` },
      body: '{}',
    });
    const trial = (await response.json()) as { value: { token: string } };
    const page = await visit('/pvp', { session: { token: trial.value.token, isAgent: '4' } });
    await page.getByRole('button', { name: 'Enter Baccarat Jade Room · jade' }).click();
    const game = page.frameLocator('iframe[title^="Game:"]');
    await game.getByRole('heading', { name: 'Baccarat Jade Room', level: 1 }).waitFor();
    await page.getByText('Free play: the credits are not real money', { exact: false }).waitFor();
    expect(await page.title()).toMatch(/^Baccarat Jade Room · /);
    expect(await page.getByRole('link', { name: /Back to (the )?lobby/ }).count()).toBe(1);
    expect(await game.getByRole('link', { name: /Back/ }).count()).toBe(0);
    // Scrolling the game all the way down leaves the site's page (its bar, the game's bar) where it was.
    const frame = await page.locator('iframe[title^="Game:"]').boundingBox();
    if (!frame) throw new Error('no frame');
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 600);
    await expect.poll(() => game.locator('html').evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('heading', { name: 'Baccarat Jade Room', level: 1 }).waitFor();
    await screenshot(page, 'house-baccarat-desktop-scrolled');
    await page.context().close();
  });
});
