import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml, json, readBody } from '../http.ts';

/**
 * A sandbox SMS gateway: it sends nothing, it keeps the messages so that a person trying the site (npm start) or a
 * browser test can read a verification code. It speaks the protocol of the server's SMS delivery job
 * (apps/server/src/modules/accounts/delivery.ts):
 *
 *   POST /api/messages      JSON {to, countryDialingCode, mobile, message} with Authorization: Bearer <token> and an
 *                           Idempotency-Key: stored → 200 {id, status: 'accepted'}; the same key answers the same id
 *                           and stores nothing more; a wrong token → 401, a malformed message → 400
 *
 * and, to read them (loopback only by default; they hold live codes of the site they serve):
 *
 *   GET /                   a page listing the messages, newest first (?mobile= narrows it to a number)
 *   GET /messages           the same as JSON [{id, to, countryDialingCode, mobile, message, receivedAt}]
 *                           (?mobile= and ?countryDialingCode= narrow it)
 */

interface SandboxSms {
  id: number;
  to: string;
  countryDialingCode: string;
  mobile: string;
  message: string;
  receivedAt: string;
}

export interface SmsSandboxOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** The Bearer token the site must send; none: any request is accepted. */
  token?: string;
  log?: (line: string) => void;
}

export interface SmsSandbox {
  /** The sandbox's address, without a trailing slash. */
  url: string;
  /** The address the site's SMS_GATEWAY_URL points at. */
  gatewayUrl: string;
  port: number;
  /** The messages received, oldest first. */
  messages(): SandboxSms[];
  close(): Promise<void>;
}

const MAX_BODY = 16 * 1024;
/** The sandbox keeps the latest messages only. */
const KEEP = 1000;

function page(messages: SandboxSms[], mobile: string): string {
  const rows = messages
    .map(
      (sms) => `<tr><td>${escapeHtml(sms.receivedAt.replace('T', ' ').slice(0, 19))}</td>
<td>${escapeHtml(sms.to)}</td><td class="message">${escapeHtml(sms.message)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox SMS</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; padding: 24px 16px; background: Canvas; color: CanvasText; }
  main { max-width: 860px; margin: 0 auto; }
  h1 { font-size: 20px; margin: 0 0 4px; } .note { margin: 0 0 16px; font-size: 13px; opacity: 0.75; }
  form { display: flex; gap: 8px; margin: 0 0 16px; flex-wrap: wrap; }
  input, button, a.button { font: inherit; padding: 8px 12px; border-radius: 8px; border: 1px solid #8a93a6; }
  button { cursor: pointer; font-weight: 600; }
  table { border-collapse: collapse; width: 100%; font-size: 14px; }
  th, td { padding: 8px; text-align: left; border-bottom: 1px solid #8a93a655; vertical-align: top; }
  td.message { font-family: ui-monospace, monospace; word-break: break-word; }
</style>
</head>
<body><main>
<h1>Sandbox SMS</h1>
<p class="note">Test messages: nothing is sent to a phone. Newest first; reload for new ones.</p>
<form method="get" action="/">
<label>Mobile number <input name="mobile" inputmode="numeric" value="${escapeHtml(mobile)}"></label>
<button type="submit">Show</button>
</form>
${
  messages.length
    ? `<table aria-label="Messages"><thead><tr><th>Received (UTC)</th><th>To</th><th>Message</th></tr></thead>
<tbody>
${rows}
</tbody></table>`
    : '<p>No messages yet.</p>'
}
</main></body>
</html>`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export async function startSmsSandbox(options: SmsSandboxOptions = {}): Promise<SmsSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  const messages: SandboxSms[] = [];
  const byKey = new Map<string, number>();
  let nextId = 1;

  const authorized = (request: IncomingMessage) => {
    if (!expected) return true;
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    if (request.method === 'POST' && url.pathname === '/api/messages') {
      if (!authorized(request)) return json(response, 401, { error: 'unauthorized' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(request, MAX_BODY));
      } catch {
        return json(response, 400, { error: 'bad_request' });
      }
      const sms = {
        to: text(body?.to),
        countryDialingCode: text(body?.countryDialingCode),
        mobile: text(body?.mobile),
        message: text(body?.message),
      };
      if (!sms.to || !sms.countryDialingCode || !sms.mobile || !sms.message) {
        return json(response, 400, { error: 'bad_request' });
      }
      const key = text(request.headers['idempotency-key']);
      const earlier = key ? byKey.get(key) : undefined;
      if (earlier !== undefined) return json(response, 200, { id: earlier, status: 'accepted' });
      const stored: SandboxSms = {
        id: nextId++,
        to: sms.to,
        countryDialingCode: sms.countryDialingCode,
        mobile: sms.mobile,
        message: sms.message,
        receivedAt: new Date().toISOString(),
      };
      messages.push(stored);
      if (key) byKey.set(key, stored.id);
      if (messages.length > KEEP) messages.splice(0, messages.length - KEEP);
      // The code stays out of the log: the page and /messages show it.
      log(`SMS ${stored.id} to ${stored.to} received`);
      return json(response, 200, { id: stored.id, status: 'accepted' });
    }
    if (request.method === 'GET' && (url.pathname === '/' || url.pathname === '/messages')) {
      const mobile = url.searchParams.get('mobile') ?? '';
      const dialing = url.searchParams.get('countryDialingCode') ?? '';
      const listed = messages
        .filter(
          (sms) => (!mobile || sms.mobile === mobile) && (!dialing || sms.countryDialingCode === dialing),
        )
        .reverse();
      if (url.pathname === '/messages') return json(response, 200, listed);
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
      });
      response.end(page(listed, mobile));
      return;
    }
    json(response, 404, { error: 'not_found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`error: ${(error as Error).message}`);
      if (!response.headersSent) json(response, 400, { error: 'bad_request' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    gatewayUrl: `${url}/api/messages`,
    port,
    messages: () => [...messages],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
