import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { advanceClock, api, screenshot, siteNow, useBrowser, useExtraSite, visible } from './browser.ts';
import { nodeIdOf, visitor } from './games-browser.ts';

/**
 * The reality check as a member meets it (issue 27): a member with a 15-minute interval plays a slot; the site's
 * clock (the worker's extra site, TEST_CLOCK) moves past the interval; the dialog shows at once (told over /ws, not
 * at the page's next poll) with the time played and the session's net result; the next round is refused; Continue
 * lets play go on.
 */
const browser = useBrowser();
const site = useExtraSite();
const visit = visitor(browser);

describe('reality check', () => {
  it('interrupts play when the interval falls due, shows the time played and the net result, and Continue plays on', async () => {
    const member = await loggedInMember('rc', site().baseUrl);
    const credit = await api('POST', '/backoffice/api/wallet/adjustments', site().ownerToken, {
      memberId: member.id,
      amount: 200,
      reason: 'E2E funding',
    });
    expect(credit.success).toBe(true);
    const chosen = await api('PUT', '/wps/responsible/reality-check', member.token, { minutes: 15 });
    expect(chosen.value.realityCheckMinutes).toBe(15);
    const rounds = async () =>
      Number(
        (
          await site().db.query('select count(*)::int as n from game_rounds where member_id = $1', [
            member.id,
          ])
        ).rows[0].n,
      );

    // The page reads the site's time, so the time played it shows is the server's.
    const page = await visit('/', { session: { token: member.token } });
    await page.clock.setSystemTime(siteNow());
    const nodeId = await nodeIdOf('lucky-sevens');
    await page.goto(
      `${site().baseUrl}/game?nodeId=${nodeId}&mode=real&vendor=HOUSE_SLOTS&type=RNG&gameId=lucky-sevens&name=Lucky%20Sevens&from=%2Frng`,
    );
    const frame = page.frameLocator('iframe[title="Game: Lucky Sevens"]');
    const spin = frame.getByRole('button', { name: 'Spin', exact: true });
    await visible(spin);
    await spin.click();
    await expect.poll(rounds).toBe(1);
    await expect.poll(() => spin.isEnabled()).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Reality check' });
    expect(await dialog.count()).toBe(0);

    // 16 minutes later by the site's clock: the dialog comes without a reload (the page polls only each minute).
    await advanceClock(16);
    await page.clock.setSystemTime(siteNow());
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const overview = (await api('GET', '/wps/responsible', member.token)).value;
    expect(overview.session.realityCheckDue).toBe(true);
    const net = new Intl.NumberFormat('en', {
      minimumFractionDigits: overview.digits,
      maximumFractionDigits: overview.digits,
    }).format(overview.session.net);
    await visible(dialog.getByText('Time played'));
    expect(await dialog.locator('time').textContent()).toMatch(/^0:1[67]:\d\d$/);
    await visible(dialog.getByText('Net result this session'));
    await visible(dialog.getByText(`${overview.currencySymbol} ${net}`, { exact: true }));
    await screenshot(page, 'responsible-reality-check');

    // The next round is refused by the server until the member has chosen (the dialog covers the game: the
    // frame's button is pressed directly).
    await spin.dispatchEvent('click');
    await visible(frame.getByRole('status').filter({ hasText: 'Time for a reality check' }));
    expect(await rounds()).toBe(1);

    // Continue: the dialog closes and play goes on.
    await dialog.getByRole('button', { name: 'Continue playing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => spin.isEnabled()).toBe(true);
    await spin.click();
    await expect.poll(rounds).toBe(2);
    await page.context().close();
  });
});
