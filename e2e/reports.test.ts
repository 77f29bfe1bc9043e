import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import {
  followSiteClock,
  screenshot,
  siteNow,
  transitionsDone,
  useBrowser,
  useExtraSite,
  visible,
} from './browser.ts';

/**
 * The console's reports (issue 25): the owner opens the dashboard, reads yesterday's GGR, opens the games report of
 * yesterday, finds the day's biggest winner and opens their page. The worker's extra site (PostgreSQL), so the test
 * can write yesterday's rounds (by the site's clock, which other files may have moved) (settled real-money rounds at noon of the merchant's yesterday: the roll-up triggers
 * queue them like any round, and the roll-up job, every 2 seconds here, adds them to the reports).
 */
const browser = useBrowser();
const site = useExtraSite();

interface DashboardAnswer {
  yesterday: { ggr: number; activePlayers: number };
  queued: number;
  digits: number;
}

describe('console reports', () => {
  let ownerToken = '';
  let winner = { username: '', id: 0 };
  let dashboard: DashboardAnswer;

  beforeAll(async () => {
    const { baseUrl, db } = site();
    ownerToken = site().ownerToken;
    winner = await loggedInMember('win', baseUrl);
    const loser = await loggedInMember('los', baseUrl);
    const noon = `((($4::timestamptz at time zone (select time_zone from merchant limit 1))::date - 1) + time '12:00')
                  at time zone (select time_zone from merchant limit 1)`;
    const [game] = (
      await db.query<{ id: number }>(
        `select g.id from games g join game_vendors v on v.id = g.vendor_id
          where v.game_type = 'RNG' order by g.id limit 1`,
      )
    ).rows;
    // Yesterday: the winner staked 100.00 and won 1,000,000.00 (more than anyone of the demo); the loser lost
    // 5,000.00 over two rounds.
    await db.query(
      `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at,
                                play_money)
       values ($1, $3, 'e2e-report-1', 'PHP', 10000, 100000000, 'settled', ${noon}, ${noon}, false),
              ($2, $3, 'e2e-report-2', 'PHP', 300000, 0, 'settled', ${noon}, ${noon}, false),
              ($2, $3, 'e2e-report-3', 'PHP', 200000, 0, 'settled', ${noon}, ${noon}, false)`,
      [winner.id, loser.id, game?.id, siteNow().toISOString()],
    );
    // The roll-up job (every 2 seconds on the browser tests' sites) takes them within seconds.
    await vi.waitUntil(
      async () => {
        const response = await fetch(`${baseUrl}/backoffice/api/reports/dashboard`, {
          headers: { authorization: `Bearer ${ownerToken}` },
        });
        const answer = (await response.json()) as { value: DashboardAnswer };
        if (answer.value.queued !== 0 || answer.value.yesterday.activePlayers < 2) return false;
        dashboard = answer.value;
        return true;
      },
      { timeout: 60_000, interval: 250 },
    );
  }, 240_000);

  async function consolePage(
    path: string,
    options: { width?: number; theme?: 'light' | 'dark'; lang?: 'en' | 'vi' | 'zh' } = {},
  ) {
    const width = options.width ?? 1366;
    const context = await browser().newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    await context.addInitScript(
      ({ token, theme, lang }) => {
        if (location.protocol === 'about:') return;
        sessionStorage.setItem('bo.token', token);
        localStorage.setItem('bo.theme', theme);
        localStorage.setItem('bo.lang', lang);
      },
      { token: ownerToken, theme: options.theme ?? 'light', lang: options.lang ?? 'en' },
    );
    const page = await context.newPage();
    await followSiteClock(page);
    await page.goto(`${site().baseUrl}/backoffice${path}`);
    return page;
  }

  /** A figure of a named list of figures: the item that starts with its label. */
  const figure = (page: Page, list: string, label: string) =>
    page
      .getByRole('list', { name: list, exact: true })
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${label}`) });

  it("the owner reads yesterday's GGR on the dashboard and opens the day's biggest winner's page", async () => {
    const page = await consolePage('/');
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    const ggr = new Intl.NumberFormat('en', {
      minimumFractionDigits: dashboard.digits,
      maximumFractionDigits: dashboard.digits,
    }).format(dashboard.yesterday.ggr);
    // What the house kept yesterday: the loser's 5,000.00 less the winner's 999,900.00, with the demo's own play.
    expect(dashboard.yesterday.ggr).toBeLessThan(0);
    await visible(figure(page, 'Yesterday', 'GGR').getByText(ggr, { exact: true }));
    await transitionsDone(page);
    await screenshot(page, 'reports-dashboard', { fullPage: true });

    await page.getByRole('link', { name: "Open yesterday's games report" }).click();
    await visible(page.getByRole('heading', { name: 'Games report', level: 1 }));
    expect(await page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('yesterday');
    const winners = page.getByRole('table', { name: 'Biggest winners' });
    const first = winners.getByRole('row').nth(1);
    await visible(first.getByRole('link', { name: winner.username }));
    expect(await first.textContent()).toContain('999,900.00');
    await transitionsDone(page);
    await screenshot(page, 'reports-games', { fullPage: true });

    await first.getByRole('link', { name: winner.username }).click();
    await page.waitForURL(`**/backoffice/players/${winner.id}`);
    await visible(page.getByRole('heading', { name: new RegExp(winner.username), level: 1 }));
    await page.context().close();
  });

  it('shows the reports in dark and on a phone, and in Vietnamese and Chinese number formats', async () => {
    const dark = await consolePage('/', { theme: 'dark' });
    await visible(figure(dark, 'Yesterday', 'GGR'));
    await transitionsDone(dark);
    await screenshot(dark, 'reports-dashboard-dark', { fullPage: true });
    await dark.context().close();

    const phone = await consolePage('/reports/games?period=yesterday', { width: 390, theme: 'dark' });
    await visible(
      phone.getByRole('table', { name: 'Biggest winners' }).getByRole('link', { name: winner.username }),
    );
    await transitionsDone(phone);
    await screenshot(phone, 'reports-games-phone-dark', { fullPage: true });
    await phone.context().close();

    const money = await consolePage('/reports/money?period=last7Days', { width: 390 });
    await visible(money.getByRole('heading', { name: 'Money report', level: 1 }));
    await visible(money.getByRole('table', { name: 'By day' }));
    await transitionsDone(money);
    await screenshot(money, 'reports-money-phone', { fullPage: true });
    await money.context().close();

    // In Vietnamese, the reader's number format: yesterday's GGR with a dot between thousands.
    const vi = await consolePage('/', { lang: 'vi' });
    const viGgr = new Intl.NumberFormat('vi', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      dashboard.yesterday.ggr,
    );
    await visible(figure(vi, 'Hôm qua', 'GGR').getByText(viGgr, { exact: true }));
    await transitionsDone(vi);
    await screenshot(vi, 'reports-dashboard-vi', { fullPage: true });
    await vi.context().close();

    const zh = await consolePage('/reports/games?period=yesterday', { lang: 'zh' });
    await visible(zh.getByRole('heading', { name: '游戏报表', level: 1 }));
    await visible(zh.getByRole('table', { name: '最大赢家' }).getByRole('link', { name: winner.username }));
    await transitionsDone(zh);
    await screenshot(zh, 'reports-games-zh', { fullPage: true });
    await zh.context().close();

    const players = await consolePage('/reports/players?period=last7Days');
    await visible(players.getByRole('heading', { name: 'Players report', level: 1 }));
    await visible(players.getByRole('table', { name: 'Retention by sign-up week' }));
    await transitionsDone(players);
    await screenshot(players, 'reports-players', { fullPage: true });
    await players.context().close();
  });
});
