import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, operatorToken, ownerConsolePage, screenshot, useBrowser, visible } from './browser.ts';
import { nodeIdOf, visitor } from './games-browser.ts';

/**
 * Responsible gaming as a member meets it: a deposit limit set on the member centre's page, a deposit above it
 * refused on the deposit page with the server's words, then a time-out taken while a game is open in another tab,
 * whose play page closes at once (told over /ws).
 */
const browser = useBrowser();
const visit = visitor(browser);

describe('responsible gaming', () => {
  it('a member sets a deposit limit, is refused above it, takes a time-out and is signed out of play', async () => {
    const member = await loggedInMember('rg');
    const credit = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
      memberId: member.id,
      amount: 200,
      reason: 'E2E funding',
    });
    expect(credit.success).toBe(true);
    const session = { token: member.token };

    // The Responsible gaming page: a deposit limit of 100.00 a day, holding at once.
    const page = await visit('/member?page=responsibleGaming', { session });
    const centre = page.getByRole('region', { name: 'Member centre' });
    await visible(centre.getByRole('heading', { name: 'Responsible gaming', exact: true }));
    const daily = centre.getByRole('form', { name: 'Deposits in 24 hours' });
    await daily.getByRole('textbox', { name: 'Amount' }).fill('100');
    await daily.getByRole('button', { name: 'Set limit' }).click();
    await visible(centre.getByText('P 0.00 of P 100.00 used'));
    await visible(centre.getByRole('link', { name: /GamCare/ }));
    await screenshot(page, 'responsible-page', { fullPage: true });
    const phone = await visit('/member?page=responsibleGaming', {
      session,
      local: { theme: 'dark' },
      width: 390,
      height: 844,
    });
    await visible(phone.getByText('P 0.00 of P 100.00 used'));
    await screenshot(phone, 'responsible-page-phone-dark', { fullPage: true });
    await phone.context().close();

    // The deposit page refuses 150.00 with the server's reason; nothing is written.
    await page.goto(page.url().replace(/page=[^&]*/, 'page=depositv2'));
    await centre.getByRole('radio', { name: 'Bank transfer' }).check();
    await centre.getByRole('textbox', { name: 'Amount' }).fill('150');
    await centre.getByRole('textbox', { name: 'Transfer reference' }).fill('E2E-RG-1');
    await centre.getByRole('button', { name: 'Submit deposit' }).click();
    await visible(centre.getByText('This deposit is larger than your deposit limit.'));
    expect((await api('GET', '/wps/payment/deposits', member.token)).value.list).toEqual([]);
    await screenshot(page, 'responsible-deposit-refused');

    // A game open in another tab: it shows the time played in the session.
    const nodeId = await nodeIdOf('lucky-sevens');
    const game = await page
      .context()
      .newPage()
      .then(async (tab) => {
        await tab.goto(
          `${new URL(page.url()).origin}/game?nodeId=${nodeId}&mode=real&vendor=HOUSE_SLOTS&type=RNG&gameId=lucky-sevens&name=Lucky%20Sevens&from=%2Frng`,
        );
        return tab;
      });
    await visible(game.getByRole('heading', { name: 'Lucky Sevens', level: 1 }));
    await visible(
      game
        .frameLocator('iframe[title="Game: Lucky Sevens"]')
        .getByRole('button', { name: 'Spin', exact: true }),
    );
    await visible(game.getByText('Time played'));

    // The time-out, confirmed in its dialog, starts at once; the play page closes.
    await page.goto(page.url().replace(/page=[^&]*/, 'page=responsibleGaming'));
    await centre.getByRole('button', { name: '24 hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a time-out?' });
    await visible(dialog.getByText(/Your time-out will last until/));
    await dialog.getByRole('button', { name: 'Start now' }).click();
    await visible(centre.getByText(/You are taking a time-out until/));
    await visible(game.getByText('Play is closed during your time-out.'));
    expect(await game.locator('iframe').count()).toBe(0);
    await screenshot(game, 'responsible-play-closed');

    // Launching again is refused by the server.
    const launch = await api('GET', `/wps/game/launchGame?nodeId=${nodeId}`, member.token);
    expect(launch.code).toBe('rg_time_out');
    await page.context().close();
  });

  it("an operator reads a self-excluded member's controls, their history and the exclusions list, and cannot lift anything", async () => {
    const member = await loggedInMember('rgx');
    const set = await api('PUT', '/wps/responsible/limits/deposit_day', member.token, { value: 50 });
    expect(set.success).toBe(true);
    const excluded = await fetch(`${baseUrl()}/wps/responsible/self-exclusion`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${member.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ months: 6 }),
    });
    expect(((await excluded.json()) as { success: boolean }).success).toBe(true);

    // The player page: the controls and their history, with nothing to press.
    const page = await ownerConsolePage(browser(), `/players/${member.id}`);
    const card = page.getByRole('region', { name: 'Responsible gaming' });
    await visible(card.getByText(/^Self-excluded until /));
    await visible(card.getByText('Deposits in 24 hours'));
    await visible(card.getByText(/0\.00 of \S*50\.00 used/));
    const history = card.getByRole('table', { name: 'History of changes' });
    await visible(history.getByRole('row').filter({ hasText: 'Self-exclusion' }));
    await visible(history.getByRole('row').filter({ hasText: 'Limit set' }));
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await card.getByRole('textbox').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'responsible-console-player');

    // The exclusions list: the member, linked to the player page, read-only.
    await page.goto(`${baseUrl()}/backoffice/responsible/exclusions?kind=self_exclusion`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: member.username }) });
    await visible(row);
    expect(await row.textContent()).toContain('Self-exclusion');
    expect(await row.getByRole('button').count()).toBe(0);
    await screenshot(page, 'responsible-console-exclusions');
    await page.context().close();

    // No operator can lift it or lower the member's protection: the member's endpoints refuse an operator.
    const owner = await operatorToken();
    expect((await api('POST', '/wps/responsible/reopen', owner)).code).toBe('unauthorized');
    expect((await api('PUT', '/wps/responsible/limits/deposit_day', owner, { value: null })).code).toBe(
      'unauthorized',
    );
    expect((await api('GET', '/wps/responsible', member.token)).value.block).toMatchObject({
      kind: 'self_exclusion',
    });
  });

  it('the responsible gaming trust page describes the member’s own controls and links the member centre’s page and its help links', async () => {
    const member = await loggedInMember('rgt');
    const page = await visit('/responsible-gaming', { session: { token: member.token } });
    const section = page.getByRole('heading', { name: 'Limits, reality checks and breaks', level: 2 });
    await visible(section);
    const article = page.getByRole('article', { name: 'Responsible gaming' });
    expect(await article.getByText(/customer service/i).count()).toBe(0);
    await visible(page.getByText(/A reality check every 15, 30, 45 or 60 minutes/));
    const centre = page.getByRole('link', { name: 'Responsible gaming in your member centre' });
    expect(await centre.getAttribute('href')).toBe('/member?page=responsibleGaming');
    expect(await page.getByRole('link', { name: 'Help links' }).getAttribute('href')).toBe(
      '/member?page=responsibleGaming#responsible-help',
    );
    await screenshot(page, 'responsible-trust-page', { fullPage: true });
    await centre.click();
    await page.waitForURL(/\/member\?page=responsibleGaming$/);
    await visible(
      page
        .getByRole('region', { name: 'Member centre' })
        .getByRole('heading', { name: 'Responsible gaming', exact: true }),
    );
    await page.goBack();
    await page.getByRole('link', { name: 'Help links' }).click();
    await page.waitForURL(/#responsible-help$/);
    const help = page.getByRole('region', { name: 'Help and support' });
    await visible(help.getByRole('link', { name: /GamCare/ }));
    // The address's anchor scrolls the help links into view.
    await expect
      .poll(() => help.evaluate((node) => node.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);
    await page.context().close();
  });
});
