import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  api,
  baseUrl,
  headerBalance,
  operatorToken,
  ownerConsolePage,
  screenshot,
  useBrowser,
} from './browser.ts';
import { inAppNavigation, nodeIdOf, visitor } from './games-browser.ts';

/**
 * The house's own games in the site's game frame, played like a person plays them: each slot launched from the /rng
 * lobby and the fish game from /fish, a round played, and the header's balance following; then the verification
 * page recomputing a played round in the browser and flagging a tampered one.
 */
const browser = useBrowser();
const visit = visitor(browser);

const SLOTS = ['Lucky Sevens', 'Jade Temple', 'Nova Gems'];
const FISH = 'Deep Sea Hunt';

async function fundedMember(prefix: string, amount: number) {
  const member = await loggedInMember(prefix);
  const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
    memberId: member.id,
    amount,
    reason: 'E2E funding',
  });
  expect(credit.success).toBe(true);
  return member;
}

/** The frame's own balance after its round (e.g. "498.00 PHP"). */
async function frameBalance(game: FrameLocator): Promise<number> {
  const text = await game.locator('output.balance').textContent();
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

/**
 * Plays rounds with `play` until the frame's balance differs from the header's (a win equal to the stake leaves it
 * unchanged), then waits for the header to show the frame's balance: the postings reached the site over /ws.
 */
async function playUntilBalanceMoves(page: Page, game: FrameLocator, play: () => Promise<void>) {
  const before = await headerBalance(page);
  for (let attempt = 0; attempt < 5; attempt++) {
    await play();
    const after = await frameBalance(game);
    if (after !== before) {
      await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(after);
      return { before, after };
    }
  }
  throw new Error('five rounds left the balance where it was');
}

/** Waits until each named tile shows its drawn picture (the lobby loads pictures as they come into view). */
async function tilesDrawn(lobby: Locator, names: string[]) {
  for (const name of names) {
    const tile = lobby.getByRole('listitem', { name, exact: true });
    await tile.scrollIntoViewIfNeeded();
    const image = tile.locator('img').first();
    await expect
      .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBe(320);
  }
  await lobby.getByRole('listitem', { name: names[0], exact: true }).scrollIntoViewIfNeeded();
}

async function openFromLobby(page: Page, lobby: Locator, name: string, phone = false): Promise<FrameLocator> {
  await lobby
    .getByRole('listitem', { name, exact: true })
    .getByRole('button', { name: `Play ${name}` })
    .click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  // The phone layout leaves the mode's label out.
  if (!phone) await page.getByText('Real money', { exact: true }).waitFor();
  return page.frameLocator(`iframe[title="Game: ${name}"]`);
}

describe('house games in the game frame', () => {
  it('launches each house slot from the /rng lobby, spins, and the header balance follows', async () => {
    const member = await fundedMember('hs', 500);
    const page = await visit('/rng', { session: { token: member.token } });
    await page.getByRole('banner').getByText('P 500.00').waitFor();
    // The house's vendor in the carousel, then its games' drawn tiles.
    await page
      .getByRole('region', { name: 'Game providers' })
      .getByRole('button', { name: 'Tessera Slots' })
      .click();
    const lobby = page.getByRole('list', { name: 'Slots games' });
    // The vendor's games only: its three slots.
    await page.waitForURL(/vendor=HOUSE_SLOTS/);
    await expect.poll(() => lobby.getByRole('listitem').count(), { timeout: 10_000 }).toBe(SLOTS.length);
    for (const name of SLOTS) {
      const tile = lobby.getByRole('listitem', { name, exact: true });
      // The tile's picture is decorative (its name is the tile's): found as an image element.
      const image = tile.locator('img').first();
      await image.waitFor();
      await expect.poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(320);
    }
    await lobby.getByRole('listitem', { name: SLOTS[0], exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'house-rng-lobby');

    for (const name of SLOTS) {
      const game = await openFromLobby(page, lobby, name);
      const spin = game.getByRole('button', { name: 'Spin', exact: true });
      await spin.waitFor();
      const moved = await playUntilBalanceMoves(page, game, async () => {
        await spin.click();
        const result = game.getByText(/You win|No win this time|back, no win/);
        const start = game.getByRole('button', { name: 'Start free spins' });
        await result.or(start).first().waitFor();
        // Free spins won wait for the player to start them (Jade Temple).
        if (await start.isVisible()) {
          await start.click();
          await result.waitFor();
        }
        await expect.poll(() => spin.isEnabled(), { timeout: 10_000 }).toBe(true);
      });
      expect(moved.after).not.toBe(moved.before);
      await screenshot(page, `house-slot-${name.toLowerCase().replace(/\s+/g, '-')}`);
      // One way back: the site's bar (the frame offers none of its own inside the site).
      expect(await game.getByRole('link', { name: /Back/ }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back to lobby' }).click();
      await page.waitForURL(/\/rng/);
    }
    await page.context().close();
  });

  it('launches the fish game from /fish, fires a shot, the header balance follows, and a played shot verifies', async () => {
    const member = await fundedMember('hf', 200);
    const page = await visit('/fish', { session: { token: member.token } });
    await page.getByRole('banner').getByText('P 200.00').waitFor();
    await page
      .getByRole('region', { name: 'Game providers' })
      .getByRole('button', { name: 'Tessera Fishing' })
      .click();
    const lobby = page.getByRole('list', { name: 'Fishing games', exact: true });
    await page.waitForURL(/vendor=HOUSE_FISH/);
    await expect.poll(() => lobby.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    await lobby.getByRole('listitem', { name: FISH, exact: true }).locator('img').first().waitFor();
    await lobby.getByRole('listitem', { name: FISH, exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'house-fish-lobby');

    const game = await openFromLobby(page, lobby, FISH);
    const fire = game.getByRole('button', { name: 'Fire', exact: true });
    await fire.waitFor();
    // Aim at the shark with its button (a tap on the sea does the same), then fire.
    await game.getByRole('button', { name: /Shark/ }).click();
    await expect
      .poll(() => game.getByRole('button', { name: /Shark/ }).getAttribute('aria-pressed'))
      .toBe('true');
    // A shot always moves the balance (a miss loses the stake, a hit pays at least twice it).
    const before = await headerBalance(page);
    const message = game.locator('p[role="status"]');
    await fire.click();
    await expect
      .poll(() => message.textContent(), { timeout: 10_000 })
      .toMatch(/Caught the Shark|The Shark got away/);
    await expect.poll(() => fire.isEnabled(), { timeout: 10_000 }).toBe(true);
    const after = await frameBalance(game);
    expect(after).not.toBe(before);
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(after);
    await screenshot(page, 'house-fish-in-frame');

    // The pays table: each fish's multipliers and exact hit chance.
    await game.getByRole('button', { name: 'Fish & pays' }).click();
    const pays = game.getByRole('dialog', { name: 'Fish and pays' });
    await pays.getByRole('rowheader', { name: 'Golden Whale' }).waitFor();
    await pays.getByRole('cell', { name: '48.00% (12/25)' }).waitFor();
    await screenshot(page, 'house-fish-pays');
    await pays.getByRole('button', { name: 'Close' }).click();

    // The shot is in the round list of the frame.
    await game.getByRole('button', { name: 'My rounds' }).click();
    const rounds = game.getByRole('dialog', { name: 'My rounds' });
    await rounds.getByRole('cell', { name: FISH }).first().waitFor();
    await rounds.getByRole('button', { name: 'Close' }).click();

    // The last rounds: the one shot, its stake, what it paid and the fish aimed at, hit or missed.
    await game.getByRole('button', { name: 'Last rounds' }).click();
    const last = game.getByRole('dialog', { name: 'Your last 10 rounds' });
    const shot = last.getByRole('row').nth(1);
    await shot.waitFor();
    expect(await last.getByRole('row').count()).toBe(2);
    const cells = await shot.getByRole('cell').allTextContents();
    expect(cells[1]).toMatch(/^\d+\.\d{2} PHP$/);
    expect(cells[2]).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} PHP$/);
    expect(cells[3]).toMatch(/^Shark (hit × \d+|missed)$/);
    expect(cells[2] === '0.00 PHP').toBe(cells[3] === 'Shark missed');
    await last.getByRole('button', { name: 'Close' }).click();

    // Reveal the seed, then verify the first shot in the browser.
    await game.getByRole('button', { name: 'Provably fair' }).click();
    const fair = game.getByRole('dialog', { name: 'Provably fair' });
    await fair.getByRole('button', { name: 'Reveal the server seed and start a new one' }).click();
    await fair.getByText('Revealed server seed').first().waitFor();
    await fair.getByRole('link', { name: 'Verify a round in your browser' }).click();
    await game.getByRole('heading', { name: 'Verify a round', level: 1 }).waitFor();
    await game.getByRole('button', { name: `Check ${FISH}, nonce 0` }).click();
    const result = game.getByRole('region', { name: 'Result' });
    await result.getByText('Verified: this round is fair.').waitFor();
    await result.getByText('The server seed matches the hash shown before play.').waitFor();
    await result.getByText('The configuration fingerprint is the published one at 96% RTP.').waitFor();
    await result.getByText(/The outcome computed here matches round \d+’s recorded outcome\./).waitFor();
    await screenshot(page, 'house-verify-in-frame');

    // A tampered server seed (one character changed) is flagged.
    const seedField = game.getByLabel('Server seed (revealed)');
    const seed = (await seedField.inputValue()) ?? '';
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    await seedField.fill(`${seed.slice(0, 63)}${seed.endsWith('0') ? '1' : '0'}`);
    await game.getByRole('button', { name: 'Verify', exact: true }).click();
    await result.getByText('Does not match: this round cannot be confirmed.').waitFor();
    await result.getByText('The server seed does NOT match the hash shown before play.').waitFor();
    // Another fish claimed after the fact no longer gives the recorded outcome.
    await seedField.fill(seed);
    await game.getByLabel('Fish aimed at').selectOption({ label: 'Clownfish' });
    await game.getByRole('button', { name: 'Verify', exact: true }).click();
    await result
      .getByText(/The outcome computed here does NOT match round \d+’s recorded outcome\./)
      .waitFor();
    // Back to the game, which plays on with its session.
    await game.getByRole('link', { name: /Back to the game/ }).click();
    await game.getByRole('button', { name: 'Fire', exact: true }).waitFor();
    await page.context().close();
  });

  it('lets a visitor verify a pasted round, and checks the RTP fingerprint', async () => {
    // A played and revealed spin, through the API as a member's own records would show it.
    const member = await fundedMember('hv', 100);
    const launched = await api(
      'GET',
      `/wps/game/launchGame?nodeId=${await nodeIdOf('lucky-sevens')}`,
      member.token,
    );
    const opened = await api('POST', '/house/api/session', '', {
      launch: (launched.value.game_url as string).split('#')[1],
    });
    const token = opened.value.token as string;
    const spun = await api('POST', '/house/api/slots/spin', token, { bet: '200' });
    expect(spun.success).toBe(true);
    const rotated = await api('POST', '/house/api/fairness/rotate', token);
    const round = spun.value.round;

    for (const theme of ['light', 'dark']) {
      const page = await visit('/house/verify', { width: 390, height: 844, local: { theme } });
      await page.getByRole('heading', { name: 'Verify a round', level: 1 }).waitFor();
      // Nothing pasted yet: the page says what is missing, in words.
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page
        .getByRole('alert')
        .getByText('The server seed must be 64 hexadecimal characters (0-9, a-f).')
        .waitFor();
      expect(await page.getByLabel('Server seed (revealed)').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Lucky Sevens' });
      await page.getByLabel('RTP').selectOption('96');
      await page.getByLabel('Stake', { exact: true }).fill(round.bet);
      await page.getByLabel('Server seed (revealed)').fill(rotated.value.previous.serverSeed);
      await page.getByLabel('Client seed').fill(round.clientSeed);
      await page.getByLabel('Nonce').fill(String(round.nonce));
      await page.getByLabel('Server seed hash shown before play').fill(round.commitment);
      await page.getByLabel('Configuration fingerprint shown before play').fill(round.configFingerprint);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      const result = page.getByRole('region', { name: 'Result' });
      await result.getByText('The server seed matches the hash shown before play.').waitFor();
      await result.getByText('The configuration fingerprint is the published one at 96% RTP.').waitFor();
      await result
        .getByText(`total win ${spun.value.outcome.totalWin} (minor units)`, { exact: false })
        .waitFor();
      await screenshot(page, `house-verify-visitor-${theme}`, { fullPage: true });
      // The same seeds claimed at another RTP: the fingerprint shown before play is not that RTP's.
      await page.getByLabel('RTP').selectOption('90');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await result.getByText('The configuration fingerprint is NOT the published one at 90% RTP.').waitFor();
      await page.context().close();
    }
  });

  it('shows the fish game and the house tiles on a phone, in light and dark', async () => {
    const member = await fundedMember('hp', 50);
    for (const theme of ['light', 'dark']) {
      const page = await visit('/fish?vendor=HOUSE_FISH', {
        session: { token: member.token },
        local: { theme },
        width: 390,
        height: 844,
      });
      await tilesDrawn(page.getByRole('list', { name: 'Fishing games', exact: true }), [FISH]);
      await screenshot(page, `house-fish-lobby-phone-${theme}`);
      // From lobby to lobby as the app's links go, without reloading the site.
      const moveTo = await inAppNavigation(page);
      await moveTo('/rng?vendor=HOUSE_SLOTS');
      await tilesDrawn(page.getByRole('list', { name: 'Slots games' }), SLOTS);
      await screenshot(page, `house-rng-lobby-phone-${theme}`);
      await moveTo('/fish?vendor=HOUSE_FISH');
      const game = await openFromLobby(
        page,
        page.getByRole('list', { name: 'Fishing games', exact: true }),
        FISH,
        true,
      );
      await game.getByRole('button', { name: 'Fire', exact: true }).waitFor();
      await game.getByRole('button', { name: 'Fire', exact: true }).click();
      await game.getByText(/Caught the|got away/).waitFor();
      await screenshot(page, `house-fish-phone-${theme}`, { fullPage: true });
      if (theme === 'dark') {
        // A catch: the net, the fish spinning into coins and the win over the sea.
        await game.getByRole('button', { name: /Clownfish/ }).click();
        const message = game.locator('p[role="status"]');
        const fire = game.getByRole('button', { name: 'Fire', exact: true });
        // One shot at a time: each says it is firing, then what came of it.
        for (let shot = 0; shot < 20 && !/Caught the/.test((await message.textContent()) ?? ''); shot++) {
          await fire.click();
          await expect
            .poll(() => message.textContent(), { timeout: 10_000 })
            .toMatch(/Caught the Clownfish|The Clownfish got away/);
        }
        await game.getByText(/Caught the Clownfish/).waitFor();
        await game.locator('canvas.sea').scrollIntoViewIfNeeded();
        await screenshot(page, 'house-fish-catch-phone');
      }
      await page.context().close();
    }
  });
});

describe('house games in the console', () => {
  it('sets the fish game’s RTP and stake limits, refusing limits beyond the game’s own', async () => {
    const page = await ownerConsolePage(browser(), '/house-games');
    const table = page.getByRole('table', { name: 'House games' });
    await table.getByRole('cell', { name: /Deep Sea Hunt/ }).waitFor();
    await table.getByRole('cell', { name: /Lucky Sevens/ }).waitFor();
    await page.getByRole('button', { name: `Edit ${FISH}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${FISH}` });
    // Beyond the game's own largest stake (10.00): refused, with the field said.
    await dialog.getByLabel('Largest stake').fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Value is not valid').waitFor();
    await dialog.getByLabel('RTP').selectOption('94');
    await dialog.getByLabel('Largest stake').fill('5');
    await screenshot(page, 'house-console-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: /^94%/ }).waitFor();
    const settings = await api('GET', '/backoffice/api/house-games', await operatorToken());
    const fish = (settings.value as { game: string; rtp: string; maxBet: number; id: number }[]).find(
      (game) => game.game === 'deep-sea-hunt',
    );
    expect(fish).toMatchObject({ rtp: '94', maxBet: 5 });
    // Back as it was, for the other tests.
    const restored = await api('PUT', `/backoffice/api/house-games/${fish?.id}`, await operatorToken(), {
      rtp: '96',
      minBet: 0.01,
      maxBet: 10,
    });
    expect(restored.success).toBe(true);
    await page.close();
  });
});

describe('house games in free play', () => {
  it('a trial account plays a house slot with play money, its numbers and dates in Vietnamese', async () => {
    const response = await fetch(`${baseUrl()}/wps/session/login/freeplay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `house-${Date.now()}-trial` },
      body: '{}',
    });
    const trial = (await response.json()) as { value: { token: string; isAgent: number } };
    expect(trial.value.isAgent).toBe(4);
    const page = await visit('/rng?vendor=HOUSE_SLOTS', {
      session: { token: trial.value.token, isAgent: '4' },
      local: { lang: 'VI' },
    });
    // Real play of a house game: a trial account plays it free, with play money (no "Real account needed").
    await page.getByRole('button', { name: 'Chơi Số 7 May Mắn' }).click();
    await page.waitForURL(/\/game\?/);
    await page.getByRole('heading', { name: 'Số 7 May Mắn', level: 1 }).waitFor();
    await page.getByText('Chơi thử', { exact: true }).first().waitFor();
    expect(await page.title()).toMatch(/^Số 7 May Mắn · /);
    const game = page.frameLocator('iframe[title="Trò chơi: Số 7 May Mắn"]');
    const spin = game.getByRole('button', { name: 'Quay', exact: true });
    await spin.waitFor();
    // The play money, grouped and with its decimals as Vietnamese writes them.
    await expect.poll(() => game.locator('output.balance').textContent()).toBe('2.000,00 PHP');
    expect(await game.locator('output.stake').textContent()).toMatch(/^\d+,\d\d PHP$/);
    await spin.click();
    await game.getByText(/Bạn thắng|Lần này chưa trúng|Hoàn lại/).waitFor();
    await expect.poll(() => spin.isEnabled(), { timeout: 10_000 }).toBe(true);
    // The round in the frame's list: its time as Vietnamese writes it (time, then day/month/year), its stake too.
    await game.getByRole('button', { name: 'Ván của tôi' }).click();
    const rounds = game.getByRole('dialog', { name: 'Ván của tôi' });
    const first = rounds.getByRole('row').nth(1);
    await first.waitFor();
    const cells = await first.getByRole('cell').allTextContents();
    expect(cells[0]).toMatch(/^\d{2}:\d{2}:\d{2} \d{1,2}\/\d{1,2}\/\d{2}/);
    expect(cells[2]).toMatch(/^\d+,\d\d$/);
    await screenshot(page, 'house-slot-free-play-vi');
    await page.context().close();
  });
});
