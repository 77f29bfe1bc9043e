import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json, readBody } from '../http.ts';

/**
 * A sandbox of the parts of Chatwoot the chat area's adapter uses (design C4), so tests and `npm start` exercise it
 * without the network:
 * - `GET /packs/js/sdk.js`: the website widget's SDK (`window.chatwootSDK.run({websiteToken, baseUrl})`, then
 *   `window.$chatwoot.setUser(identifier, {name, identifier_hash})`, `toggle`, `reset`), which shows a small bubble
 *   (with the agents' unread replies while closed) and a window with the conversation and a box to write in, and
 *   asks this sandbox to verify the identity hash, as Chatwoot's identity validation does;
 * - `GET /api/v1/widget/messages?website_token&identifier` and `POST /api/v1/widget/messages`
 *   `{website_token, identifier, content}`: a verified contact's conversation, and a message written in the widget
 *   (tests read what reached the sandbox with the GET);
 * - `POST /api/v1/widget/contact` `{website_token, identifier, identifier_hash}`: 200 when the hash is
 *   HMAC-SHA256(inbox HMAC token, identifier), 401 otherwise (Chatwoot refuses setUser the same way);
 * - `POST /sandbox/reply` `{webhookUrl, identifier, content, conversationId?}` and `POST /sandbox/resolve`
 *   `{webhookUrl, identifier, conversationId}`: an agent's reply (message_created, outgoing) or a resolution
 *   (conversation_status_changed) sent to the site's webhook as Chatwoot sends them; answers the site's status and
 *   body. The same event can be sent again with `repeat: true` (webhooks delivered twice).
 */
export interface ChatwootSandbox {
  url: string;
  close(): Promise<void>;
}

const SDK = `(() => {
  const state = { baseUrl: '', websiteToken: '', user: null, open: false, seen: 0, messages: [], timer: 0 };
  const bubble = document.createElement('button');
  bubble.type = 'button';
  bubble.textContent = 'Chatwoot';
  bubble.setAttribute('data-chatwoot-sandbox', '');
  bubble.style.cssText = 'position:fixed;right:20px;bottom:20px;z-index:70;padding:10px 16px;border:0;border-radius:999px;background:#1f93ff;color:#fff;font:600 14px system-ui';
  bubble.addEventListener('click', () => window.$chatwoot.toggle());
  // The widget's window: the conversation and a box to write in (Chatwoot draws it in a frame of its own).
  const panel = document.createElement('section');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Chatwoot widget');
  panel.hidden = true;
  panel.style.cssText = 'position:fixed;right:20px;bottom:70px;z-index:70;width:300px;padding:12px;border-radius:12px;background:#fff;color:#1f2d3d;box-shadow:0 4px 24px rgba(0,0,0,.2);font:14px system-ui';
  const list = document.createElement('ol');
  list.setAttribute('aria-label', 'Conversation');
  list.style.cssText = 'margin:0 0 8px;padding:0;list-style:none;max-height:240px;overflow:auto';
  const form = document.createElement('form');
  const input = document.createElement('input');
  input.setAttribute('aria-label', 'Type your message');
  input.style.cssText = 'width:200px;margin-right:6px';
  const send = document.createElement('button');
  send.type = 'submit';
  send.textContent = 'Send message';
  form.append(input, send);
  panel.append(list, form);
  const label = () => {
    const name = state.user ? 'Chatwoot: ' + state.user.name : 'Chatwoot';
    const unread = state.messages.filter((m) => m.type === 'outgoing').length - state.seen;
    bubble.textContent = !state.open && unread > 0 ? name + ' (' + unread + ' unread)' : name;
  };
  const draw = () => {
    list.replaceChildren(...state.messages.map((m) => {
      const item = document.createElement('li');
      item.textContent = (m.type === 'outgoing' ? 'Agent: ' : 'You: ') + m.content;
      return item;
    }));
    if (state.open) state.seen = state.messages.filter((m) => m.type === 'outgoing').length;
    label();
  };
  const query = () => '?website_token=' + encodeURIComponent(state.websiteToken) + '&identifier=' + encodeURIComponent(state.user.identifier);
  const poll = async () => {
    if (!state.user) return;
    const answer = await fetch(state.baseUrl + '/api/v1/widget/messages' + query());
    if (answer.ok) { state.messages = (await answer.json()).messages; draw(); }
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const content = input.value.trim();
    if (!content || !state.user) return;
    input.value = '';
    await fetch(state.baseUrl + '/api/v1/widget/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ website_token: state.websiteToken, identifier: state.user.identifier, content }),
    });
    await poll();
  });
  window.chatwootSDK = {
    run(settings) {
      state.baseUrl = settings.baseUrl;
      state.websiteToken = settings.websiteToken;
      document.body.append(panel, bubble);
      window.dispatchEvent(new Event('chatwoot:ready'));
    },
  };
  window.$chatwoot = {
    async setUser(identifier, attributes) {
      const answer = await fetch(state.baseUrl + '/api/v1/widget/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ website_token: state.websiteToken, identifier, identifier_hash: attributes.identifier_hash }),
      });
      state.user = answer.ok ? { identifier, name: attributes.name } : null;
      bubble.dataset.verified = answer.ok ? 'true' : 'false';
      if (!answer.ok) {
        bubble.textContent = 'Chatwoot: identity refused';
        window.dispatchEvent(new CustomEvent('chatwoot:error', { detail: 'identity' }));
        return;
      }
      label();
      clearInterval(state.timer);
      state.timer = setInterval(poll, 500);
      await poll();
    },
    setLocale(locale) { bubble.lang = locale; },
    toggle(mode) {
      state.open = mode ? mode === 'open' : !state.open;
      bubble.setAttribute('aria-expanded', String(state.open));
      panel.hidden = !state.open;
      draw();
    },
    reset() { state.user = null; clearInterval(state.timer); bubble.remove(); panel.remove(); },
  };
})();
`;

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startChatwootSandbox(options: {
  port?: number;
  host?: string;
  /** The inbox's HMAC token (Inboxes → Settings → Configuration → Identity Validation). */
  hmacToken: string;
  websiteToken?: string;
  log?: (line: string) => void;
}): Promise<ChatwootSandbox> {
  let nextId = 1;
  const sent = new Map<string, Record<string, unknown>>();
  /** Each contact's conversation as the widget shows it: what the contact wrote and the agents' replies. */
  const conversations = new Map<string, { id: number; content: string; type: 'incoming' | 'outgoing' }[]>();
  /** Contacts whose identity hash was accepted: only they may write from the widget. */
  const verifiedContacts = new Set<string>();
  const conversationOf = (identifier: string) => {
    let found = conversations.get(identifier);
    if (!found) {
      found = [];
      conversations.set(identifier, found);
    }
    return found;
  };
  const log = options.log ?? (() => {});

  async function deliver(webhookUrl: string, event: Record<string, unknown>) {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    log(`webhook ${String(event.event)} → ${response.status}`);
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    if (request.method === 'GET' && url.pathname === '/packs/js/sdk.js') {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      });
      response.end(SDK);
      return;
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
        'access-control-allow-methods': 'POST',
      });
      response.end();
      return;
    }
    if (request.method === 'GET' && url.pathname === '/api/v1/widget/messages') {
      response.setHeader('access-control-allow-origin', '*');
      const identifier = url.searchParams.get('identifier') ?? '';
      if (!verifiedContacts.has(identifier)) return json(response, 401, { error: 'unknown contact' });
      return json(response, 200, { messages: conversations.get(identifier) ?? [] });
    }
    if (request.method !== 'POST') return json(response, 404, { error: 'not found' });
    const body = JSON.parse((await readBody(request, 64_000)) || '{}') as Record<string, unknown>;
    const identifier = String(body.identifier ?? '');
    if (url.pathname === '/api/v1/widget/contact') {
      response.setHeader('access-control-allow-origin', '*');
      const expected = createHmac('sha256', options.hmacToken).update(identifier).digest('hex');
      const websiteOk = options.websiteToken === undefined || body.website_token === options.websiteToken;
      const verified =
        websiteOk && identifier !== '' && sameText(String(body.identifier_hash ?? ''), expected);
      log(`setUser ${identifier}: ${verified ? 'verified' : 'refused'}`);
      if (verified) verifiedContacts.add(identifier);
      return json(
        response,
        verified ? 200 : 401,
        verified ? { identifier, verified: true } : { error: 'invalid hash' },
      );
    }
    if (url.pathname === '/api/v1/widget/messages') {
      response.setHeader('access-control-allow-origin', '*');
      const content = String(body.content ?? '').slice(0, 5000);
      if (!verifiedContacts.has(identifier)) return json(response, 401, { error: 'unknown contact' });
      if (!content) return json(response, 400, { error: 'content required' });
      const message = { id: nextId++, content, type: 'incoming' as const };
      conversationOf(identifier).push(message);
      log(`widget message from ${identifier}`);
      return json(response, 200, message);
    }
    const webhookUrl = String(body.webhookUrl ?? '');
    const conversationId = Number(body.conversationId ?? 1);
    const sender = { identifier, type: 'contact' };
    if (url.pathname === '/sandbox/reply' || url.pathname === '/sandbox/resolve') {
      const key = `${url.pathname}:${identifier}:${conversationId}`;
      const event =
        body.repeat === true && sent.has(key)
          ? (sent.get(key) as Record<string, unknown>)
          : url.pathname === '/sandbox/reply'
            ? {
                event: 'message_created',
                id: nextId++,
                content: String(body.content ?? ''),
                message_type: 'outgoing',
                private: false,
                created_at: new Date().toISOString(),
                conversation: { id: conversationId, status: 'open', meta: { sender } },
                sender: { type: 'user', name: 'Sandbox agent' },
              }
            : {
                event: 'conversation_status_changed',
                id: conversationId,
                status: 'resolved',
                updated_at: new Date().toISOString(),
                meta: { sender },
              };
      const repeated = sent.get(key) === event;
      sent.set(key, event);
      // The agent's reply shows in the contact's widget (once, however often the webhook is sent).
      if (event.event === 'message_created' && !repeated) {
        conversationOf(identifier).push({
          id: Number(event.id),
          content: String(event.content),
          type: 'outgoing',
        });
      }
      return json(response, 200, await deliver(webhookUrl, event));
    }
    return json(response, 404, { error: 'not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      json(response, 400, { error: (error as Error).message }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
