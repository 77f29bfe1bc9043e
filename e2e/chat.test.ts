import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, newOperator, screenshot, useBrowser, visible } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * The chat room end to end (issue 26 part 2): support opens a room in the console's API; two members with the site
 * open enter it from the right bar's menu, and each sees the other's message arrive without a reload (over /ws);
 * hiding the window leaves a bubble with the unread count, and the window enlarges.
 */

const browser = useBrowser();
const visit = visitor(browser);

/** Opens the chat room from the right bar's More menu: the floating window named after the room. */
async function openChat(page: Page, room: string): Promise<Locator> {
  const bar = page.getByRole('complementary', { name: 'Quick menu' });
  await bar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Chat room' }).click();
  const window = page.getByRole('region', { name: room });
  await visible(window);
  return window;
}

async function say(window: Locator, text: string): Promise<void> {
  await window.getByRole('textbox', { name: 'Message' }).fill(text);
  await window.getByRole('button', { name: 'Send' }).click();
  await visible(window.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true }));
}

describe('chat room', () => {
  it('two members see each other’s messages live; hide keeps an unread count; the window enlarges', async () => {
    const support = await newOperator('support', 'chat', 'Chat desk');
    const room = `Lounge ${Date.now().toString(36)}`;
    const created = await api('POST', '/backoffice/api/chat/rooms', support.token, {
      name: room,
      notice: 'Be kind, no links to other sites.',
      sort: 0,
    });
    expect(created.success).toBe(true);
    // The room opens first for these members: every other open room is sorted after it.
    const others = await api('GET', '/backoffice/api/chat/rooms', support.token);
    for (const other of others.value as { id: number; name: string; sort: number }[]) {
      if (other.id !== created.value.id && other.sort === 0) {
        await api('PUT', `/backoffice/api/chat/rooms/${other.id}`, support.token, { ...other, sort: 1 });
      }
    }
    const alice = await loggedInMember('chata');
    const bob = await loggedInMember('chatb');
    const alicePage = await visit('/index', { session: { token: alice.token } });
    const bobPage = await visit('/index', { session: { token: bob.token }, local: { theme: 'dark' } });
    const aliceChat = await openChat(alicePage, room);
    const bobChat = await openChat(bobPage, room);
    await visible(aliceChat.getByText('Be kind, no links to other sites.'));

    const hello = `Hello from Alice <b>${Date.now().toString(36)}</b>`;
    await say(aliceChat, hello);
    // Bob sees it without a reload, as text (the markup is shown, never run).
    await visible(bobChat.getByRole('list', { name: 'Messages' }).getByText(hello, { exact: true }));
    await say(bobChat, 'Hi Alice!');
    await visible(aliceChat.getByRole('list', { name: 'Messages' }).getByText('Hi Alice!', { exact: true }));
    await screenshot(alicePage, 'chat-window');
    await screenshot(bobPage, 'chat-window-dark');

    // Bob hides the window: a bubble stays; Alice's next message shows there as 1 unread.
    await bobChat.getByRole('button', { name: 'Hide chat' }).click();
    const bubble = bobPage.getByRole('button', { name: new RegExp(`Open ${room}`) });
    await visible(bubble);
    await say(aliceChat, 'Are you still there?');
    await visible(bobPage.getByRole('button', { name: `Open ${room} 1 unread` }));
    await screenshot(bobPage, 'chat-hidden-unread');
    await bubble.click();
    await visible(bobChat.getByText('Are you still there?', { exact: true }));
    await visible(bobPage.getByRole('button', { name: 'Hide chat' }));

    // Enlarge: the window grows, and shrinks back.
    const small = await bobChat.boundingBox();
    await bobChat.getByRole('button', { name: 'Enlarge chat' }).click();
    await visible(bobChat.getByRole('button', { name: 'Make chat smaller' }));
    const large = await bobChat.boundingBox();
    expect(large?.width ?? 0).toBeGreaterThan(small?.width ?? 0);
    await screenshot(bobPage, 'chat-enlarged');
    await bobChat.getByRole('button', { name: 'Make chat smaller' }).click();
    await visible(bobChat.getByRole('button', { name: 'Enlarge chat' }));

    // A sticker from the built-in set.
    await aliceChat.getByRole('button', { name: 'Stickers' }).click();
    await aliceChat.getByRole('group', { name: 'Stickers' }).getByRole('button', { name: 'Fire' }).click();
    await visible(bobChat.getByRole('img', { name: 'Fire' }));
    await alicePage.close();
    await bobPage.close();
  });

  it('support opens a room in the console; the page CBS_launchChat names shows it with its title and colour', async () => {
    const support = await newOperator('support', 'chatc', 'Chat console');
    const room = `Tables ${Date.now().toString(36)}`;
    const desk = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await desk.addInitScript((token) => {
      if (location.protocol !== 'about:') sessionStorage.setItem('bo.token', token);
    }, support.token);
    await desk.goto(`${baseUrl()}/backoffice/chat-rooms`);
    await desk.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await desk.getByRole('button', { name: 'New room' }).click();
    const dialog = desk.getByRole('dialog', { name: 'New chat room' });
    await dialog.getByLabel('Name', { exact: true }).fill(room);
    await dialog.getByLabel('Pinned notice').fill('Tables open at 8 pm.');
    await dialog.getByLabel('Slow mode (seconds between messages)').fill('5');
    await screenshot(desk, 'chat-console-room');
    await dialog.getByRole('button', { name: 'Save room' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(desk.getByRole('row', { name: new RegExp(room) }));
    await screenshot(desk, 'chat-console-rooms');
    await desk.close();
    // The settings (the webhook's secret path, the HMAC token) are the operations role's.
    const operations = await newOperator('operations', 'chato', 'Chat settings');
    const settings = await browser().newPage({ viewport: { width: 1440, height: 900 } });
    await settings.addInitScript((token) => {
      if (location.protocol !== 'about:') sessionStorage.setItem('bo.token', token);
    }, operations.token);
    await settings.goto(`${baseUrl()}/backoffice/chat-settings`);
    await settings.getByLabel('Blocked words').fill('scam');
    await settings.getByRole('button', { name: 'Save chat settings' }).click();
    await visible(settings.getByText('Chat settings saved.'));
    expect(await settings.getByLabel('Webhook path').inputValue()).toMatch(/^\/wps\/chat\/chatwoot\//);
    await screenshot(settings, 'chat-console-settings');
    await settings.getByLabel('Blocked words').fill('');
    await settings.getByRole('button', { name: 'Save chat settings' }).click();
    await settings.close();

    // The room sorts first for this member: the page opens it.
    const rooms = await api('GET', '/backoffice/api/chat/rooms', support.token);
    for (const other of rooms.value as { id: number; name: string; sort: number }[]) {
      if (other.name !== room && other.sort === 0) {
        await api('PUT', `/backoffice/api/chat/rooms/${other.id}`, support.token, { ...other, sort: 1 });
      }
    }
    const member = await loggedInMember('chatp');
    const launch = await api(
      'GET',
      '/wps/relay/CBS_launchChat?title=Lobby&headerColor=%23b02a37',
      member.token,
    );
    const page = await visit(launch.value.chatUrl, {
      session: { token: member.token },
      width: 390,
      height: 700,
    });
    const window = page.getByRole('region', { name: 'Lobby' });
    await visible(window);
    await visible(window.getByText('Tables open at 8 pm.'));
    await say(window, 'Hello from the phone');
    await screenshot(page, 'chat-page-phone');
    await page.close();
  });
});
