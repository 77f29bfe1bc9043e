import { depositPlayerEndpoints as api, depositConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig, PUBLISHED_SANDBOX_SECRET } from '../../config.ts';
import { migrate } from '../../db/migrate.ts';
import { seededRng } from '../../platform/rng.ts';
import { demoGatewayOf, seed } from '../../seed/index.ts';
import { refuseDemoSecretsInProduction } from './payment-channels.ts';
import { signed } from './payment-gateway.ts';

/**
 * The published sandbox secret (issue 32 §29): the demo's online channel exists only with the sandbox, a channel
 * signing with that secret is neither offered nor believed while the sandbox is off, and production refuses to
 * start while any channel uses it.
 */
const KEY = Buffer.alloc(32, 9);

describe('the demo payment channel and the published sandbox secret', () => {
  it('the demo data gets its online channel only while the sandbox runs', async () => {
    for (const [sandbox, kinds] of [
      ['0', ['bank']],
      ['1', ['bank', 'gateway']],
    ] as const) {
      const { db, drop } = await openTestDatabase();
      try {
        await migrate(db);
        const config = { ...loadConfig({ PAYMENT_SANDBOX: sandbox }), secretsKey: KEY };
        await seed(db, {
          merchantCode: 'TESSERA',
          demo: true,
          now: new Date('2026-06-01T00:00:00Z'),
          rng: seededRng('demo-secret'),
          demoGateway: demoGatewayOf(config),
        });
        // Production never gets the demo's online channel, sandbox or not.
        expect(demoGatewayOf({ ...config, production: true })).toBeNull();
        const rows = await db.query<{ kind: string }>('select kind from payment_channels order by kind');
        expect([sandbox, rows.map((row) => row.kind)]).toEqual([sandbox, kinds]);
        // With the sandbox, the seeded channel signs with the published secret: production refuses to start.
        const production = { ...config, production: true };
        if (sandbox === '1') {
          await expect(refuseDemoSecretsInProduction(db, production)).rejects.toThrow(
            /Refusing to start in production: payment channel \d+ \(Sandbox Pay \(online\)\) uses the published sandbox secret/,
          );
          await expect(refuseDemoSecretsInProduction(db, config)).resolves.toBeUndefined();
        } else {
          await expect(refuseDemoSecretsInProduction(db, production)).resolves.toBeUndefined();
        }
      } finally {
        await drop();
      }
    }
  }, 120_000);

  describe('with the sandbox off', () => {
    let t: TestApp;
    let channelId: number;
    beforeAll(async () => {
      const base = loadConfig({ LOG_LEVEL: 'silent', PAYMENT_SANDBOX: '0' });
      t = await startTestApp({
        runJobs: false,
        config: { payments: base.payments, operatorUrlsAllowPrivate: true },
      });
      const finance = await t.operatorToken('finance');
      const created = await t.send(
        'POST',
        bo.channels.create.path,
        {
          kind: 'gateway',
          name: 'Left from the demo',
          minAmount: 50,
          maxAmount: 20_000,
          presets: [100],
          gatewayUrl: 'http://127.0.0.1:8090',
          gatewayMerchant: 'tessera-demo',
          gatewaySecret: PUBLISHED_SANDBOX_SECRET,
        },
        finance,
      );
      expect(created.status).toBe(200);
      channelId = created.body.value.id;
    });
    afterAll(() => t.close());

    it('a channel signing with the published secret is not offered, and its callbacks are refused and logged', async () => {
      const member = await t.memberToken();
      const offered = await t.get(api.depositChannels.path, member);
      expect(offered.body.value.channels.map((channel: { id: number }) => channel.id)).not.toContain(
        channelId,
      );
      const forged = await t.call({
        method: 'POST',
        url: api.gatewayCallback.path.replace(':id', String(channelId)),
        payload: signed(
          {
            merchant: 'tessera-demo',
            orderNo: 'D2606010000000001',
            amount: '100.00',
            currency: 'PHP',
            status: 'success',
          },
          PUBLISHED_SANDBOX_SECRET,
        ),
      });
      expect([forged.status, forged.body.code, Object.keys(forged.body.fields ?? {})]).toEqual([
        400,
        'callback_refused',
        ['id'],
      ]);
      const [logged] = await t.db.query<{ outcome: string; channel_id: number }>(
        'select outcome, channel_id from gateway_callbacks order by id desc limit 1',
      );
      expect(logged).toEqual({ outcome: 'refused_channel', channel_id: channelId });
      // Production would not start with it.
      await expect(refuseDemoSecretsInProduction(t.db, { ...t.config, production: true })).rejects.toThrow(
        /Left from the demo/,
      );
    });
  });
});
