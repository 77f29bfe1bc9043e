import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, operatorToken, screenshot, useBrowser } from './browser.ts';
import { query, tile, visitor } from './games-browser.ts';

/**
 * Playing a game of the provider simulator in the game frame (/game): free play without an account, and a round
 * for real money whose posting reaches the header over /ws, the recent tab and the betting record.
 */
const browser = useBrowser();
const visit = visitor(browser);

describe('the game frame', () => {
  it('free play needs no account, says it is free play, and plays on after a reload', async () => {
    const page = await visit('/rng?vendor=JDB');
    await tile(page, 'Lucky Seven').getByRole('button', { name: 'Free play' }).click();
    await page.getByRole('heading', { name: 'Lucky Seven', level: 1 }).waitFor();
    await page.getByText('Free play: the credits are not real money').waitFor();
    const frame = page.getByTitle('Game: Lucky Seven');
    await frame.waitFor();
    // The game's address goes into the frame only, never into the site's own address.
    const src = (await frame.getAttribute('src')) ?? '';
    expect(new URL(src).origin).not.toBe(new URL(page.url()).origin);
    expect(page.url()).not.toContain(src);
    expect(query(page)).toMatchObject({ mode: 'demo', vendor: 'JDB' });
    await page
      .frameLocator('iframe[title="Game: Lucky Seven"]')
      .getByRole('button', { name: 'Play' })
      .waitFor();
    await screenshot(page, 'game-free-play');

    await page.reload();
    await page
      .frameLocator('iframe[title="Game: Lucky Seven"]')
      .getByRole('button', { name: 'Play' })
      .waitFor();
    await page.getByRole('button', { name: 'Close game' }).click();
    await page.waitForURL(/\/rng\?vendor=JDB$/);
    await page.context().close();
  });

  it('plays a round for real: the header balance follows over /ws, and the game is in recent and in the betting record', async () => {
    const member = await loggedInMember('gm');
    const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
      memberId: member.id,
      amount: 500,
      reason: 'E2E funding',
    });
    expect(credit.success).toBe(true);
    const page = await visit('/rng?mode=recent', { session: { token: member.token } });
    const header = page.getByRole('banner');
    await header.getByText('P 500.00').waitFor();
    await page.getByText('The games you play for real money appear here.').waitFor();
    // Picking a vendor leaves the recent list for all of that vendor's games.
    await page
      .getByRole('region', { name: 'Game providers' })
      .getByRole('button', { name: 'JDB Slots' })
      .click();
    await tile(page, 'Lucky Seven').getByRole('button', { name: 'Play Lucky Seven' }).click();
    await page.getByRole('heading', { name: 'Lucky Seven', level: 1 }).waitFor();
    await page.getByText('Real money', { exact: true }).waitFor();
    expect(query(page)).toMatchObject({ mode: 'real', vendor: 'JDB', from: '/rng?vendor=JDB' });

    const game = page.frameLocator('iframe[title="Game: Lucky Seven"]');
    await game.getByRole('button', { name: 'Play' }).click();
    await game.getByText(/You win|No win this time/).waitFor();
    // The stake (and any win) posted to the wallet: the header shows the new balance without a reload.
    await header.getByText('P 500.00').waitFor({ state: 'detached' });
    await header.getByText(/P\s[\d,]+\.\d\d/).waitFor();
    await screenshot(page, 'game-real-round');

    // The game's own Back returns to the lobby it came from, where the game now heads the recent list.
    await game.getByRole('link', { name: /Back/ }).click();
    await page.waitForURL(/\/rng\?vendor=JDB$/);
    await page.getByRole('tab', { name: 'Recent' }).click();
    await tile(page, 'Lucky Seven').waitFor();

    await page.goto(new URL('/member?page=personalHistoryCopy', page.url()).toString());
    const record = page.getByRole('table', { name: 'Betting record' });
    await record.getByRole('cell', { name: /Lucky Seven/ }).waitFor();
    await screenshot(page, 'betting-record');
    await page.context().close();
  });

  it("opens FB's sports book from /fbsports, and a second opening warns on home and goes home elsewhere", async () => {
    const member = await loggedInMember('fb');
    const page = await visit('/fbsports', { session: { token: member.token } });
    await page.waitForURL(/\/game\?/);
    expect(query(page)).toMatchObject({ vendor: 'FB', mode: 'real' });
    await page.frameLocator('iframe[title^="Game: FB"]').getByRole('button', { name: 'Play' }).waitFor();

    // A second tab while the book is open: FB's link in the header does not open it twice.
    const other = await page.context().newPage();
    const openFbFromHeader = async () => {
      await other
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Sports', exact: true })
        .hover();
      await other.getByRole('link', { name: /FB Sports/ }).click();
    };
    await other.goto(`${baseUrl()}/index`);
    await openFbFromHeader();
    const warning = other.getByRole('dialog', { name: 'Already playing' });
    await warning.waitFor();
    await screenshot(other, 'game-fb-already-open');
    await warning.waitFor({ state: 'detached' });
    expect(new URL(other.url()).pathname).toBe('/index');
    await other.goto(`${baseUrl()}/rng`);
    await openFbFromHeader();
    await other.waitForURL(/\/index$/);
    await page.context().close();
  });
});
