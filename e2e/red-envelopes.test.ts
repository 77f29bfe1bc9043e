import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, operatorToken, ownerConsolePage, screenshot, useBrowser, visible } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The red envelope rain and the prize wheel (issue 24 parts 5 and 6): an operator opens a rain round, a member finds
 * the way into it from home, grabs an envelope and sees the credit; a member with a ticket spins the prize wheel,
 * which the rewards centre shows too.
 * The falling envelopes never stand still, so the grab is made as a person who asked for reduced motion (they lie
 * still, as the browser tests' contexts ask by default); the rain is then shown falling.
 */
const browser = useBrowser();
const visit = visitor(browser);

const open = (path: string, token: string, options: { theme?: string; width?: number } = {}) =>
  visit(path, {
    session: { token },
    local: options.theme ? { theme: options.theme } : {},
    ...(options.width ? { width: options.width, height: 844 } : {}),
  });

describe('red envelope rain and the prize wheel', () => {
  it('lets a member grab an envelope in a live rain and see the credit', async () => {
    const owner = await operatorToken();
    const schedule = await api('POST', '/backoffice/api/red-envelope-rain/schedules', owner, {
      name: 'E2E rain',
      enabled: false,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      times: ['03:00'],
      durationSeconds: 600,
      pool: 100,
      envelopes: 10,
      minAmount: 5,
      maxAmount: 15,
      turnoverMultiple: 2,
      grabRules: [{ minDeposit: 0, grabs: 1 }],
    });
    expect(schedule.success).toBe(true);
    const round = await api(
      'POST',
      `/backoffice/api/red-envelope-rain/schedules/${schedule.value.id}/start`,
      owner,
    );
    expect(round.success).toBe(true);
    try {
      const member = await loggedInMember('rain');
      // On a phone: the way in sits above the tab bar, and a tap grabs.
      const page = await open('/', member.token, { width: 390 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.getByRole('link', { name: 'Red envelope rain — grab now!' }).click();
      await visible(page.getByRole('heading', { name: 'Red envelope rain', level: 1 }));
      await visible(page.getByText('Grabs left: 1'));
      await page.getByRole('button', { name: 'Grab a red envelope' }).first().click();
      const got = page.getByText(/^You got .+!$/);
      await visible(got);
      const amount = Number(((await got.textContent()) ?? '').replace(/[^\d.]/g, ''));
      expect(amount).toBeGreaterThanOrEqual(5);
      expect(amount).toBeLessThanOrEqual(15);
      await visible(page.getByText('Credited to your wallet (turnover ×2).'));
      await visible(page.getByText('Grabs left: 0'));
      expect(await page.getByRole('button', { name: 'Grab a red envelope' }).first().isDisabled()).toBe(true);
      await screenshot(page, 'red-envelopes-phone-grabbed');
      await page.context().close();

      // On a desktop in the dark theme, the envelopes fall.
      const desktop = await open('/redEnvelope', member.token, { theme: 'dark' });
      await desktop.emulateMedia({ reducedMotion: 'no-preference' });
      await visible(desktop.getByRole('region', { name: 'Falling red envelopes' }));
      await screenshot(desktop, 'red-envelopes-dark');
      await desktop.context().close();
    } finally {
      await api('POST', `/backoffice/api/red-envelope-rain/rounds/${round.value.id}/end`, owner);
    }
  });

  it('spins the prize wheel once', async () => {
    const member = await loggedInMember('wheel');
    const granted = await api('POST', '/backoffice/api/raffle-tickets', await operatorToken(), {
      memberId: member.id,
      count: 1,
      reason: 'E2E spin',
    });
    expect(granted.value).toEqual({ memberId: member.id, tickets: 1 });
    const page = await open('/luckyWheel', member.token, { width: 390 });
    await visible(page.getByRole('heading', { name: 'Lucky wheel', level: 2 }));
    await visible(page.getByRole('img', { name: /^Prize wheel with: / }));
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    // The wheel turns for a few seconds, then the result is announced.
    await visible(page.getByRole('status').filter({ hasText: /You won .+!|No prize this time/ }));
    await visible(page.getByRole('button', { name: 'Spin', exact: true }));
    await screenshot(page, 'prize-wheel-phone');
    await page.context().close();
  });

  it('shows the prize wheel with the member’s tickets in the rewards centre', async () => {
    const member = await loggedInMember('wheelrc');
    await api('POST', '/backoffice/api/raffle-tickets', await operatorToken(), {
      memberId: member.id,
      count: 2,
      reason: 'E2E rewards centre',
    });
    const page = await open('/member?page=rewardCenter', member.token, { width: 390 });
    const wheel = page.getByRole('region', { name: 'Lucky wheel' });
    await visible(wheel.getByRole('heading', { name: 'Lucky wheel', level: 3 }));
    await visible(wheel.getByRole('img', { name: /^Prize wheel with: / }));
    expect(await wheel.getByRole('term').first().textContent()).toBe('Tickets');
    expect(await wheel.getByRole('definition').first().textContent()).toBe('2');
    await visible(wheel.getByRole('button', { name: 'Spin', exact: true }));
    await visible(page.getByText('Earn more tickets:'));
    await screenshot(page, 'rewards-centre-wheel-phone', { fullPage: true });
    await page.context().close();
  });

  it('lets an operator hand over a physical prize won on the wheel, and the member reads the note under the wheel', async () => {
    const owner = await operatorToken();
    const names = (text: string) => ({ EN: text, VI: text, CN: text });
    const raffle = await api('POST', '/backoffice/api/raffles', owner, {
      names: names('E2E gadget wheel'),
      enabled: true,
      entryKind: 'tickets',
      entryCost: 1,
      dailyLimit: 1,
      prizes: [
        { names: names('E2E headphones'), kind: 'physical', value: 0, weight: 1, stock: 5 },
        { names: names('Try again'), kind: 'none', value: 0, weight: 0, stock: null },
      ],
    });
    expect(raffle.success).toBe(true);
    const member = await loggedInMember('gadget');
    await api('POST', '/backoffice/api/raffle-tickets', owner, {
      memberId: member.id,
      count: 1,
      reason: 'E2E',
    });
    const draw = await api('POST', `/wps/raffles/${raffle.value.id}/draw`, member.token);
    expect(draw.value.prize.name).toBe('E2E headphones');
    // Closed again, so that the other tests' wheels stay the demo's.
    await api('PUT', `/backoffice/api/raffles/${raffle.value.id}`, owner, {
      names: names('E2E gadget wheel'),
      enabled: false,
      entryKind: 'tickets',
      entryCost: 1,
      dailyLimit: 1,
      prizes: raffle.value.prizes.map(
        (prize: { id: number; names: object; kind: string; weight: number; stock: number | null }) => ({
          id: prize.id,
          names: prize.names,
          kind: prize.kind,
          value: 0,
          weight: prize.weight,
          stock: prize.stock,
        }),
      ),
    });

    const page = await ownerConsolePage(browser(), '/raffles/handovers');
    await visible(page.getByRole('heading', { name: 'Prize hand-overs', level: 1 }));
    await page.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Hand over E2E headphones to ${member.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand over E2E headphones' });
    await dialog.getByRole('textbox', { name: 'Hand-over note' }).fill('Courier E2E 42');
    await screenshot(page, 'console-raffle-handover');
    await dialog.getByRole('button', { name: 'Hand over' }).click();
    await visible(page.getByText('Prize handed over.'));
    await visible(
      page.getByRole('row').filter({ hasText: member.username }).getByText('Handed over', { exact: true }),
    );
    await screenshot(page, 'console-raffle-handovers', { fullPage: true });
    await page.close();

    const site = await open('/luckyWheel', member.token, { width: 390 });
    const prizes = site.getByRole('region', { name: 'Your prizes' });
    await visible(prizes.getByText('Courier E2E 42'));
    await visible(prizes.getByText('Handed over', { exact: true }));
    await screenshot(site, 'prize-wheel-my-prizes-phone', { fullPage: true });
    await site.context().close();
  });

  it('shows operators the rain’s rounds with what was grabbed, and the raffles with their stock', async () => {
    // A round of the demo's evening rain, opened and ended now, so the list has one of this test's own.
    const owner = await operatorToken();
    const schedules = await api('GET', '/backoffice/api/red-envelope-rain/schedules', owner);
    const evening = schedules.value.find((row: { name: string }) => row.name === 'Evening rain');
    const round = await api('POST', `/backoffice/api/red-envelope-rain/schedules/${evening.id}/start`, owner);
    await api('POST', `/backoffice/api/red-envelope-rain/rounds/${round.value.id}/end`, owner);
    const page = await ownerConsolePage(browser(), '/red-envelope-rain');
    await visible(page.getByRole('heading', { name: 'Red envelope rain', level: 1 }));
    await visible(
      page.getByRole('table', { name: 'Schedules' }).getByRole('row').filter({ hasText: 'Evening rain' }),
    );
    const rounds = page.getByRole('table', { name: 'Rounds' });
    await rounds
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Envelopes of round / })
      .click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('table', { name: /^Envelopes of round / }));
    await screenshot(page, 'console-red-envelope-rain');
    await page.goto(page.url().replace('/red-envelope-rain', '/raffles'));
    await visible(page.getByRole('table', { name: 'Prizes of Lucky wheel' }));
    await screenshot(page, 'console-raffles', { fullPage: true });
    await page.getByRole('button', { name: 'Edit Lucky wheel' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit raffle' });
    await visible(editor.getByRole('textbox', { name: 'Prize 1 name (EN)' }));
    await screenshot(page, 'console-raffle-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Raffle saved.'));
    await page.close();
  });
});
