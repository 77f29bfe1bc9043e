import { createServer, request as httpRequest } from 'node:http';
import { accountsEndpoints as api, createClient } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * A loopback proxy in front of the app that loses the first answer: it forwards the request, lets the server act,
 * then drops the client's connection, as a flaky network would.
 */
function lossyProxy(target: string) {
  const seen: { path: string; key: string | undefined }[] = [];
  let dropped = 0;
  const server = createServer((incoming, outgoing) => {
    const key = incoming.headers['idempotency-key'];
    seen.push({ path: incoming.url ?? '', key: typeof key === 'string' ? key : undefined });
    const upstream = httpRequest(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          if (dropped === 0) {
            dropped += 1;
            outgoing.socket?.destroy();
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          outgoing.end(Buffer.concat(chunks));
        });
      },
    );
    incoming.pipe(upstream);
  });
  return { server, seen };
}

describe('the shared client and idempotency keys', () => {
  let t: TestApp;
  let proxy: ReturnType<typeof lossyProxy>;
  let proxyUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = lossyProxy(address);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.server.close(resolve));
    await t.close();
  });

  it('sends a retry after a lost answer with the same key, and the server acts once', async () => {
    const call = createClient({ baseUrl: proxyUrl });
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from members where type = 4');
    const value = await call(api.freePlay, { body: {} });
    expect(value.isAgent).toBe(4);
    // Two requests reached the server, with one key; only one trial account exists, and it is the one answered.
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(proxy.seen[1]?.key).toBe(proxy.seen[0]?.key);
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from members where type = 4');
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
    const [member] = await t.db.query<{ id: number }>(
      'select id from members where type = 4 order by id desc limit 1',
    );
    expect(value.customerId).toBe(member?.id);
  });

  it('sends no key on a repeatable call', async () => {
    const call = createClient({ baseUrl: proxyUrl });
    proxy.seen.length = 0;
    await call(api.captcha);
    expect(proxy.seen.map((request) => request.key)).toEqual([undefined]);
  });
});
