import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatwootSandbox, startChatwootSandbox } from '../sandbox/chatwoot/server.ts';
import { loggedInMember } from './accounts-api.ts';
import { api, baseUrl, newOperator, screenshot, useBrowser, visible } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * Chatwoot's widget booting in a browser (issue 26 item 3): with the console's live chat set to Chatwoot, pointing at
 * the Chatwoot sandbox over real HTTP as `npm start` runs it, a member's /chat/live loads the widget's script and
 * boots it with the member's identifier and the identity hash the sandbox accepts; what the member writes in the
 * widget reaches the sandbox, and an agent's reply (the sandbox's webhook to the site) shows in the widget and
 * raises the unread counts. A visitor never loads the widget.
 */

const browser = useBrowser();
const visit = visitor(browser);
const HMAC_TOKEN = 'e2e-chatwoot-hmac';
const WEBSITE_TOKEN = 'e2e-website-token';
const SETTINGS = '/backoffice/api/chat/settings';

describe('live chat with Chatwoot', () => {
  let sandbox: ChatwootSandbox;
  let operations: string;
  let before: Record<string, unknown>;
  let webhookPath: string;

  beforeAll(async () => {
    sandbox = await startChatwootSandbox({ hmacToken: HMAC_TOKEN, websiteToken: WEBSITE_TOKEN });
    operations = (await newOperator('operations', 'cwop', 'Chatwoot settings')).token;
    before = (await api('GET', SETTINGS, operations)).value;
    const saved = await api('PUT', SETTINGS, operations, {
      keywords: before.keywords,
      linkHosts: before.linkHosts,
      bigWinMin: before.bigWinMin,
      liveProvider: 'chatwoot',
      chatwoot: { baseUrl: sandbox.url, websiteToken: WEBSITE_TOKEN, hmacToken: HMAC_TOKEN },
    });
    webhookPath = saved.value.webhookPath;
  });
  afterAll(async () => {
    const chatwoot = before.chatwoot as { baseUrl: string; websiteToken: string };
    await api('PUT', SETTINGS, operations, {
      keywords: before.keywords,
      linkHosts: before.linkHosts,
      bigWinMin: before.bigWinMin,
      liveProvider: before.liveProvider,
      chatwoot: { baseUrl: chatwoot.baseUrl, websiteToken: chatwoot.websiteToken, hmacToken: '' },
    });
    await sandbox.close();
  });

  it("boots the sandbox's widget for a member with a verified identity; messages go both ways; a visitor never loads it", async () => {
    // A visitor: the login modal, and no request to the sandbox at all.
    const outsider = await visit('/chat/live');
    const asked: string[] = [];
    outsider.on('request', (request) => asked.push(request.url()));
    await visible(outsider.getByRole('dialog', { name: 'Log in' }));
    await visible(outsider.getByText('Log in to chat.'));
    expect(asked.filter((url) => url.startsWith(sandbox.url))).toEqual([]);
    await outsider.context().close();

    const member = await loggedInMember('cwm');
    const page = await visit('/chat/live', { session: { token: member.token } });
    const sdk = page.waitForResponse(`${sandbox.url}/packs/js/sdk.js`);
    const bubble = page.locator('[data-chatwoot-sandbox]');
    expect((await sdk).status()).toBe(200);
    // The sandbox accepted the identity hash the server computed for member-<id> (it refuses any other).
    await expect.poll(() => bubble.getAttribute('data-verified')).toBe('true');
    await visible(page.getByRole('status').getByText('The live chat is open.'));
    const widget = page.getByRole('dialog', { name: 'Chatwoot widget' });
    await widget.getByRole('textbox', { name: 'Type your message' }).fill('Is my deposit there yet?');
    await widget.getByRole('button', { name: 'Send message' }).click();
    await visible(widget.getByText('You: Is my deposit there yet?'));
    const identifier = `member-${member.id}`;
    const reached = await fetch(
      `${sandbox.url}/api/v1/widget/messages?website_token=${WEBSITE_TOKEN}&identifier=${identifier}`,
    );
    expect((await reached.json()).messages).toEqual([
      expect.objectContaining({ content: 'Is my deposit there yet?', type: 'incoming' }),
    ]);
    await screenshot(page, 'live-chat-chatwoot-open');

    // The member closes the widget; an agent replies in Chatwoot (the sandbox sends the site its webhook).
    await bubble.click();
    await widget.waitFor({ state: 'hidden' });
    const replied = await fetch(`${sandbox.url}/sandbox/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        webhookUrl: `${baseUrl()}${webhookPath}`,
        identifier,
        content: 'Yes, it arrived a minute ago.',
      }),
    });
    expect((await replied.json()).status).toBe(200);
    await expect.poll(() => bubble.textContent()).toMatch(/\(1 unread\)$/);
    const unread = await api('GET', '/wps/relay/CBS_unreadCount', member.token);
    expect(unread.value.unReadCount).toBe(1);
    await screenshot(page, 'live-chat-chatwoot-unread');
    await bubble.click();
    await visible(widget.getByText('Agent: Yes, it arrived a minute ago.'));
    await expect.poll(() => bubble.textContent()).not.toMatch(/unread/);
  });
});
