import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, newOperator, screenshot, useBrowser } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The chat room's red envelopes end to end (issue 26 part 2): operations aims a rain schedule at a room and drops a
 * round at once; a member in the room sees the envelope message arrive, opens it, grabs one, reads the amount got
 * in the site's currency, and the wallet holds it.
 */

const browser = useBrowser();
const visit = visitor(browser);

async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  expect(await locator.isVisible()).toBe(true);
}

async function openChat(page: Page, room: string): Promise<Locator> {
  const bar = page.getByRole('complementary', { name: 'Quick menu' });
  await bar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Chat room' }).click();
  const window = page.getByRole('region', { name: room });
  await visible(window);
  return window;
}

const balanceOf = async (token: string) =>
  (await api('GET', '/wps/v2/wallets/balance', token)).value.sumBalance as number;

describe('chat room red envelopes', () => {
  it('operations drops envelopes in a room; a member there grabs one and sees the amount credited', async () => {
    const support = await newOperator('support', 'envs', 'Envelope desk');
    const operations = await newOperator('operations', 'envo', 'Envelope ops');
    const room = `Envelopes ${Date.now().toString(36)}`;
    const created = await api('POST', '/backoffice/api/chat/rooms', support.token, { name: room, sort: 0 });
    expect(created.success).toBe(true);
    const rooms = await api('GET', '/backoffice/api/chat/rooms', support.token);
    for (const other of rooms.value as { id: number; name: string; sort: number }[]) {
      if (other.id !== created.value.id && other.sort === 0) {
        await api('PUT', `/backoffice/api/chat/rooms/${other.id}`, support.token, { ...other, sort: 1 });
      }
    }
    const schedule = await api('POST', '/backoffice/api/red-envelope-rain/schedules', operations.token, {
      name: `Room drop ${room}`,
      enabled: false,
      weekdays: [1],
      times: ['03:00'],
      durationSeconds: 600,
      pool: 50,
      envelopes: 5,
      minAmount: 5,
      maxAmount: 15,
      turnoverMultiple: 1,
      grabRules: [{ minDeposit: 0, grabs: 1 }],
      roomId: created.value.id,
    });
    expect(schedule.value).toMatchObject({ roomId: created.value.id, roomName: room });

    const member = await loggedInMember('envm');
    const page = await visit('/index', { session: { token: member.token } });
    const chat = await openChat(page, room);
    const before = await balanceOf(member.token);
    const started = await api(
      'POST',
      `/backoffice/api/red-envelope-rain/schedules/${schedule.value.id}/start`,
      operations.token,
    );
    expect(started.success).toBe(true);
    // The drop arrives in the open window over /ws.
    const card = chat.getByRole('button', { name: /Red envelopes/ });
    await visible(card);
    await screenshot(page, 'chat-envelope-message');
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Red envelopes' });
    await visible(dialog.getByText('5 of 5 left'));
    await dialog.getByRole('button', { name: 'Grab an envelope' }).click();
    const got = dialog.getByText(/^You got \D*\d/);
    await visible(got);
    await visible(dialog.getByText('You have used your grabs in this drop.'));
    await screenshot(page, 'chat-envelope-grabbed');
    const amount = Number((await got.innerText()).replace(/[^\d.]/g, ''));
    expect(amount).toBeGreaterThanOrEqual(5);
    expect(amount).toBeLessThanOrEqual(15);
    expect(await balanceOf(member.token)).toBeCloseTo(before + amount, 2);
    await page.close();

    // Another member of the room, on a phone in the dark theme, sees the same drop with what is left.
    const other = await loggedInMember('envp');
    // On a phone the room is a page of its own (/chat, the page CBS_launchChat names).
    const phone = await visit('/chat', {
      session: { token: other.token },
      local: { theme: 'dark' },
      width: 390,
      height: 760,
    });
    const phoneChat = phone.getByRole('region', { name: room });
    await visible(phoneChat);
    await visible(phoneChat.getByRole('button', { name: /Red envelopes/ }));
    await screenshot(phone, 'chat-envelope-message-phone-dark');
    await phoneChat.getByRole('button', { name: /Red envelopes/ }).click();
    await visible(phone.getByRole('dialog', { name: 'Red envelopes' }).getByText('4 of 5 left'));
    await screenshot(phone, 'chat-envelope-dialog-phone-dark');
    await phone.close();
  });
});
