import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { baseUrl, screenshot, useBrowser } from './browser.ts';
import { expectState, games, inAppNavigation, launchCalls, query, tile, visitor } from './games-browser.ts';

/**
 * The game lobbies as a person uses them, on the games of the provider simulator (its JDB Slots: Lucky Seven plays
 * free, Golden Dragon only for real money, Star Forge has no game id yet).
 */
const browser = useBrowser();
const visit = visitor(browser);

describe('game lobbies', () => {
  it('keeps mode, vendor, search, class and page in the URL, and a new one clears the others', async () => {
    const page = await visit('/rng?class=SLOT&page=2');
    await page.getByRole('heading', { name: 'Slots', level: 1 }).waitFor();
    await expectState(page.getByRole('button', { name: 'Slot machines' }), 'aria-pressed', 'true');

    await page.getByRole('searchbox', { name: 'Search games' }).fill('Lucky');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await tile(page, 'Lucky Seven').waitFor();
    expect(query(page)).toEqual({ q: 'Lucky' });
    await expectState(page.getByRole('button', { name: 'Slot machines' }), 'aria-pressed', 'false');

    const vendors = page.getByRole('region', { name: 'Game providers' });
    await vendors.getByRole('button', { name: 'JDB Slots' }).click();
    await tile(page, 'Golden Dragon').waitFor();
    expect(query(page)).toEqual({ vendor: 'JDB' });
    expect(await page.getByRole('searchbox', { name: 'Search games' }).inputValue()).toBe('');
    await expectState(vendors.getByRole('button', { name: 'JDB Slots' }), 'aria-pressed', 'true');

    await page.getByRole('button', { name: 'Table' }).click();
    await page.waitForURL(/class=TABLE/);
    expect(query(page)).toEqual({ class: 'TABLE' });
    await expectState(vendors.getByRole('button', { name: 'All' }), 'aria-pressed', 'true');

    // Hot games are one page: no pages to move through.
    await page.getByRole('tab', { name: 'Hot' }).click();
    await page.waitForURL(/mode=hot/);
    expect(query(page)).toEqual({ mode: 'hot' });
    await expectState(page.getByRole('tab', { name: 'Hot' }), 'aria-selected', 'true');
    expect(await page.getByRole('navigation', { name: 'Game pages' }).count()).toBe(0);

    // The back button returns to the list as it was.
    await page.goBack();
    await page.waitForURL(/class=TABLE/);
    await expectState(page.getByRole('tab', { name: 'All games' }), 'aria-selected', 'true');
    await screenshot(page, 'lobby-rng-light');
    await page.context().close();
  });

  it('asks a visitor to log in for favourites, recent and real play; Coming Soon launches nothing', async () => {
    const page = await visit('/rng?vendor=JDB');
    const calls = launchCalls(page);
    const login = page.getByRole('dialog', { name: 'Log in' });

    await page.getByRole('tab', { name: 'Favourites' }).click();
    await login.waitFor();
    expect(query(page)).toEqual({ vendor: 'JDB' });
    await login.getByRole('button', { name: 'Close' }).click();
    await login.waitFor({ state: 'detached' });

    await tile(page, 'Golden Dragon').getByRole('button', { name: 'Play Golden Dragon' }).click();
    await login.waitFor();
    await login.getByRole('button', { name: 'Close' }).click();
    await login.waitFor({ state: 'detached' });

    // A game without a game id: a notice, and no call at all.
    const soon = tile(page, 'Star Forge');
    await soon.getByText('Coming Soon').waitFor();
    expect(await soon.getByRole('button', { name: 'Free play' }).count()).toBe(0);
    await soon.getByRole('button', { name: 'Play Star Forge' }).click();
    const notice = page.getByRole('dialog', { name: 'Coming Soon' });
    await notice.getByText('This game is coming soon.').waitFor();
    await notice.getByRole('button', { name: 'OK' }).click();
    expect(new URL(page.url()).pathname).toBe('/rng');
    expect(calls).toEqual([]);

    // Free play needs no account.
    await tile(page, 'Lucky Seven').getByRole('button', { name: 'Free play' }).click();
    await page.getByRole('heading', { name: 'Lucky Seven', level: 1 }).waitFor();
    expect(query(page)).toMatchObject({ mode: 'demo', vendor: 'JDB', type: 'RNG', from: '/rng?vendor=JDB' });
    await page.getByText('Free play', { exact: true }).waitFor();
    await page.context().close();
  });

  it('toggles a favourite with one call each way, and the favourites tab follows', async () => {
    const member = await loggedInMember('lb');
    const page = await visit('/rng?vendor=JDB', { session: { token: member.token } });
    const toggles: string[] = [];
    page.on('request', (request) => {
      if (/FavoriteGameV2/.test(request.url()))
        toggles.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const heart = tile(page, 'Lucky Seven').getByRole('button', { name: 'Favourite' });
    await heart.waitFor();
    await expectState(heart, 'aria-pressed', 'false');
    await heart.click();
    await expectState(heart, 'aria-pressed', 'true');
    expect(toggles).toEqual(['POST /wps/relay/MCSFE_addFavoriteGameV2']);

    await page.getByRole('tab', { name: 'Favourites' }).click();
    await page.waitForURL(/mode=fav/);
    expect(query(page)).toEqual({ mode: 'fav' });
    const favourite = tile(page, 'Lucky Seven');
    await favourite.waitFor();
    await expect.poll(() => games(page).getByRole('listitem').count()).toBe(1);
    await favourite.getByRole('button', { name: 'Favourite' }).click();
    await page.getByText('No favourites yet').waitFor();
    expect(toggles).toEqual([
      'POST /wps/relay/MCSFE_addFavoriteGameV2',
      'DELETE /wps/relay/MCSFE_removeFavoriteGameV2',
    ]);
    await page.context().close();
  });

  it('tells a trial account it needs a real account, and lets it play free where the game allows it', async () => {
    const response = await fetch(`${baseUrl()}/wps/session/login/freeplay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `lobby-${Date.now()}-trial-account` },
      body: '{}',
    });
    const trial = (await response.json()) as { value: { token: string; isAgent: number } };
    expect(trial.value.isAgent).toBe(4);
    const page = await visit('/rng?vendor=JDB', { session: { token: trial.value.token, isAgent: '4' } });
    const calls = launchCalls(page);
    await tile(page, 'Golden Dragon').getByRole('button', { name: 'Play Golden Dragon' }).click();
    const refusal = page.getByRole('dialog', { name: 'Real account needed' });
    await refusal.getByText('This needs a real account.').waitFor();
    await refusal.getByRole('button', { name: 'Close' }).click();
    expect(calls).toEqual([]);

    // Real play of a game that allows free play: it plays free.
    await tile(page, 'Lucky Seven').getByRole('button', { name: 'Play Lucky Seven' }).click();
    await page.waitForURL(/\/game\?/);
    expect(query(page).mode).toBe('demo');
    await page.context().close();
  });

  it('looks right on a phone in the dark theme, and speaks Vietnamese and Chinese', async () => {
    const phone = await visit('/rng', { local: { theme: 'dark' }, width: 390 });
    await tile(phone, 'Lucky Seven').waitFor();
    // Nothing of the lobby runs off the side of the screen.
    expect(
      await phone.evaluate(() => (document.getElementById('main')?.scrollWidth ?? 0) <= window.innerWidth),
    ).toBe(true);
    await screenshot(phone, 'lobby-rng-dark-phone');
    await phone.context().close();

    const vi = await visit('/live', { local: { lang: 'VI' } });
    await vi.getByRole('heading', { name: 'Casino trực tiếp', level: 1 }).waitFor();
    await vi.getByRole('tab', { name: 'Nổi bật' }).waitFor();
    await vi.getByRole('list', { name: 'Trò chơi Casino trực tiếp' }).getByRole('listitem').first().waitFor();
    await screenshot(vi, 'lobby-live-vi');
    await vi.context().close();

    const zh = await visit('/fish', { local: { lang: 'CN', theme: 'dark' } });
    await zh.getByRole('heading', { name: '捕鱼游戏', level: 1 }).waitFor();
    await zh.getByRole('searchbox', { name: '搜索游戏' }).waitFor();
    await zh.getByRole('list', { name: '捕鱼游戏列表' }).getByRole('listitem').first().waitFor();
    await screenshot(zh, 'lobby-fish-zh-dark');
    await zh.context().close();
  });

  it("at 1440x900 every lobby shows its first row of games (the sports lobbies: the book's first match) on the first screen", async () => {
    // Loaded once; then the app moves from lobby to lobby as its links do (the test is about the lobbies' layout,
    // not their loads).
    const page = await visit('/rng', { width: 1440, height: 900 });
    const moveTo = await inAppNavigation(page);
    for (const path of ['/rng', '/live', '/fish', '/pvp', '/sports', '/esports']) {
      if (path !== '/rng') await moveTo(path);
      const title = await page.getByRole('heading', { level: 1 }).textContent();
      // The sports lobbies open on the in-house book, above their vendors' games.
      const book = { '/sports': 'Sportsbook', '/esports': 'Esports book' }[path];
      const first = (
        book
          ? page.getByRole('region', { name: book }).getByRole('listitem')
          : page.getByRole('list', { name: `${title} games` }).getByRole('listitem')
      ).first();
      await first.waitFor();
      const box = await first.boundingBox();
      expect(box && Math.round(box.y + box.height), path).toBeLessThanOrEqual(900);
    }
    await page.context().close();
    for (const theme of ['light', 'dark']) {
      for (const size of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const page = await visit('/rng', { ...size, local: { theme } });
        await tile(page, 'Lucky Seven').waitFor();
        await screenshot(page, `lobby-rng-${size.width}-${theme}`, { networkIdle: true });
        await page.context().close();
      }
    }
  });
});
