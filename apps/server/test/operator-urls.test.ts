import diagnostics from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpResultFeed } from '../src/modules/lottery/console.ts';
import { createPayment, GatewayUnavailable } from '../src/modules/wallet/payment-gateway.ts';
import { AppError } from '../src/platform/app-error.ts';
import { checkOperatorUrl, isPublicAddress } from '../src/platform/operator-urls.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * URLs operators enter for the server to fetch (issue 32 §30): no loopback, private, link-local or unspecified
 * address, IPv4 or IPv6, literal or behind a DNS name, unless OPERATOR_URLS_ALLOW_PRIVATE allows them.
 */
describe('operator-entered URLs', () => {
  it('only public unicast addresses count as public', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ];
    expect(refused.filter(isPublicAddress)).toEqual([]);
    const allowed = ['8.8.8.8', '93.184.216.34', '2001:4860:4860::8888', '::ffff:8.8.8.8'];
    expect(allowed.filter(isPublicAddress)).toEqual(allowed);
  });

  const refusal = async (url: string, resolve?: (host: string) => Promise<string[]>) => {
    try {
      await checkOperatorUrl(url, { allowPrivate: false, field: 'url', ...(resolve ? { resolve } : {}) });
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).fields?.url;
    }
  };

  it('refuses literal and named hosts on local networks, whatever form the address takes', async () => {
    const internal = async () => ['203.0.113.10', '10.0.0.7'];
    const cases: [string, ((host: string) => Promise<string[]>) | undefined, string | null | undefined][] = [
      ['http://127.0.0.1:8080/results.json', undefined, 'address_not_public'],
      ['http://2130706433/', undefined, 'address_not_public'],
      ['http://0x7f.1/', undefined, 'address_not_public'],
      ['http://[::1]:9000/', undefined, 'address_not_public'],
      ['http://[::ffff:127.0.0.1]/', undefined, 'address_not_public'],
      ['http://169.254.169.254/latest/meta-data/', undefined, 'address_not_public'],
      ['http://[fe80::1]/', undefined, 'address_not_public'],
      ['http://0.0.0.0/', undefined, 'address_not_public'],
      // A name is judged by every address it resolves to: one internal address is enough to refuse it.
      ['https://feed.example/results.json', internal, 'address_not_public'],
      ['https://feed.example/results.json', async () => ['::1'], 'address_not_public'],
      ['https://feed.example/results.json', async () => [], 'invalid_value'],
      ['ftp://feed.example/results.json', undefined, 'invalid_value'],
      [
        'https://feed.example/results.json',
        async () => ['203.0.113.10', '2001:db8::1'],
        'address_not_public',
      ],
      ['https://feed.example/results.json', async () => ['93.184.216.34', '2606:2800:220:1::1'], null],
    ];
    for (const [url, resolve, expected] of cases) {
      expect([url, await refusal(url, resolve)]).toEqual([url, expected]);
    }
    await expect(
      checkOperatorUrl('http://127.0.0.1/', { allowPrivate: true, field: 'url' }),
    ).resolves.toMatchObject({ addresses: null });
  });

  describe('a name that answers a public address when checked and loopback when asked again (DNS rebinding)', () => {
    let server: Server;
    let requests = 0;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        requests += 1;
        response.end('[]');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    /**
     * The name is `localhost`, which the system resolves to loopback (from the hosts file, no DNS): a fetch that
     * asked again would reach the loopback server. The check's resolver answers a public address first and
     * loopback after. Every connection to `localhost` is watched as it gets its address, and one bound for any
     * address but loopback is stopped there, so that nothing leaves this machine.
     */
    const watched = async (attempt: (url: string, resolve: () => Promise<string[]>) => Promise<unknown>) => {
      const addresses: string[] = [];
      const watch = (message: unknown) => {
        const { socket } = message as { socket: Socket };
        socket.once('lookup', (_error: Error | null, address: string, _family: unknown, host: string) => {
          if (host !== 'localhost') return;
          addresses.push(address);
          if (address !== '127.0.0.1' && address !== '::1') socket.destroy();
        });
      };
      let asked = 0;
      const rebinding = async () => (asked++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
      const before = requests;
      diagnostics.subscribe('net.client.socket', watch);
      try {
        const outcome = await attempt(
          `http://localhost:${(server.address() as AddressInfo).port}`,
          rebinding,
        ).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        return { outcome, addresses, asked, reached: requests - before };
      } finally {
        diagnostics.unsubscribe('net.client.socket', watch);
      }
    };

    it('the lottery results feed connects to the address it checked, never to loopback', async () => {
      const seen = await watched((url, resolve) =>
        httpResultFeed(`${url}/results.json`, { allowPrivate: false, resolve }).results(),
      );
      expect(seen).toMatchObject({ addresses: ['93.184.216.34'], asked: 1, reached: 0 });
      expect(seen.outcome).toMatchObject({ error: { code: 'lottery_feed_unavailable' } });

      // The watch stops only other addresses: where the install allows private addresses, the feed is read.
      const allowed = await watched((url) =>
        httpResultFeed(`${url}/results.json`, { allowPrivate: true }).results(),
      );
      expect(allowed).toMatchObject({ outcome: { value: [] }, reached: 1 });
    });

    it("a payment gateway's request connects to the address it checked, never to loopback", async () => {
      const seen = await watched((url, resolve) =>
        createPayment(
          { url, merchant: 'm', secret: 'a-secret-of-its-own', allowPrivate: false, resolve },
          {
            orderNo: 'D1',
            amount: '10.00',
            currency: 'PHP',
            notifyUrl: 'https://site.example/n',
            returnUrl: 'https://site.example/r',
          },
          new Date('2026-01-01T00:00:00Z'),
          5_000,
        ),
      );
      expect(seen).toMatchObject({ addresses: ['93.184.216.34'], asked: 1, reached: 0 });
      expect((seen.outcome as { error?: unknown }).error).toBeInstanceOf(GatewayUnavailable);
    });
  });

  describe('the lottery results feed and payment gateways, without the setting', () => {
    let t: TestApp;
    let feed: Server;
    let requests = 0;
    beforeAll(async () => {
      t = await startTestApp({ runJobs: false });
      feed = createServer((_request, response) => {
        requests += 1;
        response.end('[]');
      });
      await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await t.close();
      await new Promise((resolve) => feed.close(resolve));
    });

    it('refuses a loopback, private or link-local feed with the field message, and never calls it', async () => {
      const operations = await t.operatorToken('operations');
      const port = (feed.address() as AddressInfo).port;
      for (const url of [
        `http://127.0.0.1:${port}/results.json`,
        `http://localhost:${port}/results.json`,
        `http://[::1]:${port}/results.json`,
        'http://169.254.169.254/latest/meta-data/',
        'http://192.168.0.10/results.json',
      ]) {
        const res = await t.send('POST', '/backoffice/api/lottery/results/import', { url }, operations);
        expect([url, res.status, res.body.code, res.body.fields]).toEqual([
          url,
          400,
          'validation_failed',
          { url: 'This address is on a local or private network, which the server does not fetch from' },
        ]);
      }
      expect(requests).toBe(0);
    });

    it("refuses a payment channel's gateway URL on a private address", async () => {
      const finance = await t.operatorToken('finance');
      const channel = {
        kind: 'gateway',
        name: 'Internal gateway',
        minAmount: 50,
        maxAmount: 20_000,
        presets: [100],
        gatewayMerchant: 'm',
        gatewaySecret: 'a-secret-of-its-own',
      };
      for (const gatewayUrl of ['http://127.0.0.1:8090', 'http://10.0.0.5/pay', 'http://[fd00::5]/pay']) {
        const res = await t.send(
          'POST',
          '/backoffice/api/wallet/payment-channels',
          { ...channel, gatewayUrl },
          finance,
        );
        expect([gatewayUrl, res.status, res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([
          gatewayUrl,
          400,
          'validation_failed',
          ['gatewayUrl'],
        ]);
      }
      expect(
        await t.db.query('select 1 from payment_channels where name = $1', ['Internal gateway']),
      ).toEqual([]);
    });
  });
});
