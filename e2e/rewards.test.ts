import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { headerBalance, screenshot, transitionsDone, useBrowser, useExtraSite, visible } from './browser.ts';

/**
 * The rewards centre (issue 23 part 4): a member with a weekly VIP reward to claim sees the badge on the header and
 * on the member centre's Rewards entry, opens the rewards centre, claims, and the badge goes while the balance rises.
 * On the worker's extra site (PostgreSQL), so the test can issue the reward as the VIP job does (the job would need last
 * week's play).
 */
const browser = useBrowser();
const site = useExtraSite();

describe('rewards centre', () => {
  /** A new member with a weekly VIP reward of 150.00 to claim, as the VIP job issues it. */
  async function memberWithReward(): Promise<string> {
    const { db } = site();
    const member = await loggedInMember('rwd');
    await db.query(
      `insert into vip_rewards (member_id, kind, period, rank, amount, turnover_multiple, status, created_at)
       values ($1, 'weekly', '2026-06-01', 0, 15000, 2, 'available', now())`,
      [member.id],
    );
    return member.token;
  }

  it('shows the badge, claims the reward in the rewards centre, then the badge goes and the balance rises', async () => {
    const token = await memberWithReward();
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript(
      ({ token }) => {
        if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
        sessionStorage.setItem('e2e-init', '1');
        sessionStorage.setItem('token', token);
      },
      { token },
    );
    const page = await context.newPage();
    await page.goto(`${site().baseUrl}/member?page=securityCenter`);
    const header = page.getByRole('banner');
    await visible(header.getByRole('link', { name: 'Inbox, 1 new' }));
    const centre = page.getByRole('region', { name: 'Member centre' });
    await centre.getByRole('link', { name: 'Rewards 1 to claim' }).click();
    await visible(centre.getByRole('heading', { name: 'Rewards' }));
    const card = centre.getByRole('listitem').filter({ hasText: 'Weekly reward' });
    await visible(card.getByText('Wager 2× the amount before withdrawing it'));
    expect(await headerBalance(page)).toBe(0);
    await transitionsDone(page);
    await screenshot(page, 'rewards-light', { fullPage: true });

    await card.getByRole('button', { name: /^Claim Weekly reward, Week of .* P 150\.00$/ }).click();
    await visible(centre.getByText('Nothing to claim right now'));
    const recent = centre.getByRole('list', { name: 'Claimed recently' });
    await visible(recent.getByText('Weekly reward'));
    await visible(header.getByRole('link', { name: 'Inbox', exact: true }));
    await visible(centre.getByRole('link', { name: 'Rewards', exact: true }));
    await expect.poll(() => headerBalance(page)).toBe(150);
    await transitionsDone(page);
    await screenshot(page, 'rewards-claimed', { fullPage: true });
    await context.close();
  });

  it('lists the reward on a phone in the dark theme, in Vietnamese', async () => {
    const token = await memberWithReward();
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(
      ({ token }) => {
        if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
        sessionStorage.setItem('e2e-init', '1');
        sessionStorage.setItem('token', token);
        localStorage.setItem('theme', 'dark');
        localStorage.setItem('lang', 'VI');
      },
      { token },
    );
    const page = await context.newPage();
    await page.goto(`${site().baseUrl}/member?page=rewardCenter`);
    const centre = page.getByRole('region', { name: 'Trung tâm hội viên' });
    await visible(centre.getByRole('button', { name: /^Nhận .* 150,00$/ }));
    await transitionsDone(page);
    await screenshot(page, 'rewards-phone-dark-vi', { fullPage: true });
    await context.close();
  });
});
