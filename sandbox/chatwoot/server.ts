import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json, readBody } from '../http.ts';

/**
 * A sandbox of the parts of Chatwoot the chat area's adapter uses (design C4), so tests and `npm start` exercise it
 * without the network:
 * - `GET /packs/js/sdk.js`: the website widget's SDK (`window.chatwootSDK.run({websiteToken, baseUrl})`, then
 *   `window.$chatwoot.setUser(identifier, {name, identifier_hash})`, `toggle`, `reset`), which shows a small bubble
 *   and asks this sandbox to verify the identity hash, as Chatwoot's identity validation does;
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
  const state = { baseUrl: '', websiteToken: '', user: null, open: false };
  const bubble = document.createElement('button');
  bubble.type = 'button';
  bubble.textContent = 'Chatwoot';
  bubble.setAttribute('data-chatwoot-sandbox', '');
  bubble.style.cssText = 'position:fixed;right:20px;bottom:20px;z-index:70;padding:10px 16px;border:0;border-radius:999px;background:#1f93ff;color:#fff;font:600 14px system-ui';
  bubble.addEventListener('click', () => window.$chatwoot.toggle());
  window.chatwootSDK = {
    run(settings) {
      state.baseUrl = settings.baseUrl;
      state.websiteToken = settings.websiteToken;
      document.body.appendChild(bubble);
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
      bubble.textContent = answer.ok ? 'Chatwoot: ' + attributes.name : 'Chatwoot: identity refused';
      bubble.dataset.verified = answer.ok ? 'true' : 'false';
      if (!answer.ok) window.dispatchEvent(new CustomEvent('chatwoot:error', { detail: 'identity' }));
    },
    setLocale(locale) { bubble.lang = locale; },
    toggle(mode) { state.open = mode ? mode === 'open' : !state.open; bubble.setAttribute('aria-expanded', String(state.open)); },
    reset() { state.user = null; bubble.remove(); },
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
      return json(
        response,
        verified ? 200 : 401,
        verified ? { identifier, verified: true } : { error: 'invalid hash' },
      );
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
      sent.set(key, event);
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
