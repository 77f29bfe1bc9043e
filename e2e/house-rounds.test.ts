import type { SlotOutcome } from '@tessera/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineFor } from '../apps/server/src/modules/games/house/engine.ts';
import { serverSeedOf } from '../apps/server/src/modules/games/house/fairness.ts';
import type { SeedDb } from '../apps/server/src/modules/games/house/store.ts';
import { loggedInMember } from './accounts-api.ts';
import { screenshot, useBrowser, useExtraSite, visible } from './browser.ts';

/**
 * Interrupted house rounds in the browser (issue 27 item 6, GLI-19): a Jade Temple spin wins free spins, which wait
 * for the player; the page is reloaded mid-decision and the game launched again, and both times the round is taken
 * up where it was; the player starts the free spins, then recalls the last rounds in the frame's panel. The worker's
 * extra site (PostgreSQL), so that the test can choose the client seed that wins the free spins (the server seed
 * stays the one committed to).
 */
const browser = useBrowser();
const site = useExtraSite();
/** server.ts starts every site with this SECRETS_KEY. */
const SECRETS_KEY = Buffer.alloc(32, 9);
const GAME = 'jade-temple';

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${site().baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as { success: boolean; value: Record<string, unknown> };
  if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.value;
}

describe('an interrupted house round', () => {
  let member = { token: '', id: 0 };
  let nodeId = 0;

  /** A one-time launch id of Jade Temple for the member (the fragment of the frame's address). */
  async function launch(): Promise<string> {
    const launched = await call('GET', `/wps/game/launchGame?nodeId=${nodeId}`, member.token);
    return (launched.game_url as string).split('#')[1] ?? '';
  }

  beforeAll(async () => {
    const { baseUrl, db, ownerToken } = site();
    const registered = await loggedInMember('hri', baseUrl);
    member = { token: registered.token, id: registered.id };
    await call('POST', '/backoffice/api/wallet/adjustments', ownerToken, {
      memberId: member.id,
      amount: 100,
      reason: 'E2E funding',
    });
    const { rows } = await db.query<{ id: number; rtp: string; min_bet: string }>(
      `select g.id, s.rtp, s.min_bet::text from games g join house_game_settings s on s.game_id = g.id
       where g.game_id = $1`,
      [GAME],
    );
    const game = rows[0];
    if (!game) throw new Error(`no ${GAME}`);
    nodeId = game.id;
    // The member's seed pair, opened through the frame API; then the client seed whose next spin at the page's
    // first stake (the smallest) wins free spins.
    const opened = await call('POST', '/house/api/session', '', { launch: await launch() });
    await call('GET', '/house/api/fairness', opened.token as string);
    const seeds = await db.query<SeedDb>(
      'select * from house_seeds where member_id = $1 and revealed_at is null',
      [member.id],
    );
    const seed = seeds.rows[0];
    if (!seed) throw new Error('no seed pair');
    const serverSeed = serverSeedOf({ config: { secretsKey: SECRETS_KEY } } as never, seed);
    for (let n = 0; ; n++) {
      const clientSeed = `e2e-free-spins-${n}`;
      const draw = (nonce: bigint) =>
        engineFor(GAME).draw(
          { rtp: game.rtp, bet: BigInt(game.min_bet), choice: null },
          { serverSeed, clientSeed, nonce },
        ).outcome as SlotOutcome;
      // The spin after it pays back some of its stake but no more (and wins no free spins): the page's next spin
      // shows its cooldown, and a return that is no win is not celebrated.
      const next = BigInt(seed.next_nonce);
      const after = draw(next + 1n);
      const back = BigInt(after.totalWin);
      if (
        draw(next).freeSpins.length > 0 &&
        after.freeSpins.length === 0 &&
        back > 0n &&
        back <= BigInt(game.min_bet)
      ) {
        await db.query('update house_seeds set client_seed = $2 where id = $1', [seed.id, clientSeed]);
        break;
      }
    }
  }, 240_000);

  async function framePage(theme: 'light' | 'dark', lang = 'EN'): Promise<Page> {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await page.addInitScript(
      ({ theme, lang }) => {
        localStorage.setItem('theme', theme);
        localStorage.setItem('lang', lang);
      },
      { theme, lang },
    );
    await page.goto(`${site().baseUrl}/house/slots/${GAME}#${await launch()}`);
    await visible(page.getByRole('heading', { level: 1 }));
    return page;
  }

  it('resumes free spins waiting for the player after a reload and on the next launch, then recalls the rounds (EN, VI)', async () => {
    const page = await framePage('dark');
    const status = page.locator('p[role="status"]');
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const start = page.getByRole('button', { name: 'Start free spins' });
    await visible(start);
    expect(await status.textContent()).toMatch(/^You won \d+ free spins\. Start them when you are ready\.$/);
    // No new round meanwhile: the spin button is gone until the round is resolved.
    expect(await page.getByRole('button', { name: 'Spin', exact: true }).count()).toBe(0);
    await screenshot(page, 'house-rounds-free-spins-waiting');

    // The browser reloads mid-decision: the round is taken up where it was.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Start free spins' }));
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Your last round is waiting for you: \d+ free spins to play\.$/);
    await page.close();

    // The next launch of the game takes it up too.
    const next = await framePage('light');
    const resumed = next.locator('p[role="status"]');
    await visible(next.getByRole('button', { name: 'Start free spins' }));
    expect(await resumed.textContent()).toMatch(
      /^Your last round is waiting for you: \d+ free spins to play\.$/,
    );
    await screenshot(next, 'house-rounds-resumed');
    await next.getByRole('button', { name: 'Start free spins' }).click();
    const spin = next.getByRole('button', { name: 'Spin', exact: true });
    await visible(spin);
    await expect
      .poll(() => resumed.textContent(), { timeout: 20_000 })
      .toMatch(/^(You win .+!|.+ back, no win\.|No win this time\.)$/);

    // The last rounds: the free spins round with its stake, what it paid and its free spins.
    await next.getByRole('button', { name: 'Last rounds' }).click();
    const panel = next.getByRole('dialog', { name: 'Your last 10 rounds' });
    await visible(panel);
    const rows = panel.getByRole('row');
    await visible(rows.nth(1));
    expect(await rows.count()).toBe(2);
    const cells = await rows.nth(1).getByRole('cell').allTextContents();
    expect(cells[1]).toMatch(/^\d+\.\d{2} PHP$/);
    expect(cells[2]).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} PHP$/);
    expect(cells[3]).toMatch(/^(Wins: \d+|No win) · \d+ free spins$/);
    await screenshot(next, 'house-rounds-last-rounds');
    await panel.getByRole('button', { name: 'Close' }).click();

    // The next spin: the button waits out 2.5 s from the spin's start, saying so, rather than erring.
    await spin.click();
    const cooldown = next.locator('#spin-cooldown');
    await expect.poll(() => cooldown.textContent()).toMatch(/^Next spin in \d\.\d s$/);
    expect(await spin.isDisabled()).toBe(true);
    await screenshot(next, 'house-rounds-cooldown');
    // It paid back part of the stake: said plainly, its cells marked without a win's glow, no flash.
    await expect.poll(() => resumed.textContent()).toMatch(/^\d+\.\d{2} PHP back, no win\.$/);
    expect(await next.locator('.reels.won').count()).toBe(0);
    expect(await next.locator('.cell.win').count()).toBe(0);
    expect(await next.locator('.cell.paid').count()).toBeGreaterThan(0);
    await expect.poll(() => spin.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await cooldown.textContent()).toBe('');
    await screenshot(next, 'house-rounds-return-not-a-win');
    await next.close();

    // The same rounds recalled in Vietnamese, with its numbers, money and dates.
    const vi = await framePage('dark', 'VI');
    await vi.getByRole('button', { name: 'Các ván gần đây' }).click();
    const viPanel = vi.getByRole('dialog', { name: '10 ván gần nhất của bạn' });
    await visible(viPanel);
    const viRows = viPanel.getByRole('row');
    await visible(viRows.nth(1));
    const header = await viRows.nth(0).getByRole('columnheader').allTextContents();
    expect(header).toEqual(['Thời gian', 'Tiền cược', 'Đã trả', 'Kết quả']);
    // The latest first: the spin that paid back part of its 0,25, then the free spins round.
    const latest = await viRows.nth(1).getByRole('cell').allTextContents();
    // Vietnamese dates: the time, then day/month/year (14:03:22 27/11/26).
    expect(latest[0]).toMatch(/^\d{2}:\d{2}:\d{2} \d{1,2}\/\d{1,2}\/\d{2}$/);
    expect(latest.slice(1)).toEqual([
      '0,25 PHP',
      expect.stringMatching(/^0,\d{2} PHP$/),
      expect.stringMatching(/^Lần thắng: \d+$/),
    ]);
    const feature = await viRows.nth(2).getByRole('cell').allTextContents();
    expect(feature[3]).toMatch(/^(Lần thắng: \d+|Không thắng) · \d+ lượt quay miễn phí$/);
    await screenshot(vi, 'house-rounds-last-rounds-vi');
    await vi.close();
  });
});
