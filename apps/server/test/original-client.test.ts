import { readFileSync } from 'node:fs';
import { promotionEndpoints } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/crypto.ts';
import { registerMember } from './factories/accounts.ts';
import { pendingOffer, storedTier, tokenOf } from './factories/agent-contracts.ts';
import { placeMember } from './factories/agents.ts';
import { type ProviderWorld, startProviderWorld } from './factories/game-providers.ts';
import { newGame, playedRound } from './factories/games.ts';
import { creditPoints, mallItem } from './factories/points.ts';
import { newPromotion } from './factories/promotions.ts';
import { giveTickets, newRaffle } from './factories/raffle.ts';
import { fundMember } from './factories/wallet.ts';
import type { TestApp } from './harness.ts';
import { type OriginalAnswer, OriginalClient } from './original-client.ts';

/**
 * Conformance with the original client (architecture §3): every call of original-client-calls.json, the
 * repository's copy of shared/spec/original-client-calls.md, is made the way the original makes it (Merchant,
 * Device, Language, the bare token in Authorization, its encryption, so LEGACY_ENCRYPTION=1), in the table's order.
 * A served call must answer, and in a shape the original reads; a refused one with its code; any other must still
 * answer 404, so that serving a call means marking it served.
 */

type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';

interface Row {
  section: string;
  method: string;
  path: string;
  token: boolean;
  encrypted: boolean;
  modId: string;
  sends: string;
  reads: string;
  notes: string;
  client: 'original' | 'other';
  served: boolean;
  owner: string;
  probe?: {
    method?: string;
    path?: string;
    query?: Record<string, string>;
    body?: Record<string, unknown>;
    bodyType?: 'json' | 'form' | 'legacy';
    headers?: Record<string, string>;
    as?: 'member' | 'visitor' | 'fresh' | 'agent';
  };
  expect?: {
    answer?: 'envelope' | 'bare' | 'text';
    fields?: Record<string, FieldType>;
    pattern?: string;
    refusal?: string;
  };
}

const TABLE = JSON.parse(readFileSync(new URL('./original-client-calls.json', import.meta.url), 'utf8')) as {
  calls: Row[];
};
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const ORIGINAL = TABLE.calls.filter((row) => row.client === 'original');
const servedCount = (rows: Row[]) => rows.filter((row) => row.served).length;

const typeOf = (value: unknown): string =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

/** The values at a path of the table's syntax: a.b, a[] (every element), * (every value), "" (the value). */
function valuesAt(value: unknown, path: string): unknown[] {
  if (path === '') return [value];
  let current: unknown[] = [value];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      const object = (item ?? {}) as Record<string, unknown>;
      if (part === '*') next.push(...(typeOf(item) === 'object' ? Object.values(object) : []));
      else if (part.endsWith('[]')) {
        const list = object[part.slice(0, -2)];
        next.push(...(Array.isArray(list) ? list : []));
      } else next.push(object[part]);
    }
    current = next;
  }
  return current;
}

/** What the original cannot read in an answer, by the row's expectations; empty when it can read it all. */
function problems(row: Row, answer: OriginalAnswer): string[] {
  const expected = row.expect ?? {};
  if (answer.status !== 200) return [`answered ${answer.status}: ${answer.text.slice(0, 300)}`];
  let value: unknown;
  if (expected.answer === 'text') value = answer.text;
  else if (expected.answer === 'bare') value = answer.json;
  else {
    const envelope = answer.json as { success?: unknown; value?: unknown } | null;
    if (envelope?.success !== true) return [`no successful envelope: ${answer.text.slice(0, 300)}`];
    value = envelope.value;
  }
  const found: string[] = [];
  if (expected.pattern && !(typeof value === 'string' && new RegExp(expected.pattern).test(value))) {
    found.push(`the value does not match ${expected.pattern}`);
  }
  for (const [path, type] of Object.entries(expected.fields ?? {})) {
    const values = valuesAt(value, path);
    if (values.length === 0) found.push(`${path}: nothing there`);
    for (const item of values) if (typeOf(item) !== type) found.push(`${path}: ${typeOf(item)}, not ${type}`);
  }
  return found;
}

describe('the table of the original client’s calls', () => {
  it('holds the 109 calls of the original client and the 7 of other clients, each once', () => {
    expect(ORIGINAL).toHaveLength(109);
    expect(TABLE.calls).toHaveLength(116);
    const keys = TABLE.calls.map((row) => `${row.method} ${row.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of TABLE.calls) {
      if (row.served)
        expect(row.expect, `${row.path} is served but says nothing of its answer`).toBeDefined();
    }
  });

  it('is counted in the README', () => {
    expect(README).toContain(`${servedCount(ORIGINAL)} of 109 calls of the original client served`);
  });
});

describe('every call, made as the original makes it', () => {
  let world: ProviderWorld;
  let t: TestApp;
  let client: OriginalClient;
  const values: Record<string, string> = {};
  let agentToken = '';

  beforeAll(async () => {
    // The provider simulator beside the server, so that the launch calls open real games.
    world = await startProviderWorld({
      contracts: ['hub88', 'transfer'],
      config: { legacyEncryption: true },
    });
    t = world.t;
    client = new OriginalClient(t, t.config.merchantCode);
    await t.db.query(
      `update site_settings set value = value || '{"liveChatUrl": "https://chat.tessera.example/"}'
       where key = 'site'`,
    );
    const member = await registerMember(t);
    const resetting = await registerMember(t);
    await t.db.query("update members set country_dialing_code = '84', mobile = '966000001' where id = $1", [
      member.id,
    ]);
    await t.db.query("update members set country_dialing_code = '84', mobile = '966000002' where id = $1", [
      resetting.id,
    ]);
    await t.db.query(
      "insert into members (username, type, affiliate_code) values ('conformanceagent', 1, 'AGENT2026')",
    );
    client.token = member.token;
    // A top-level agent with contract offers waiting for its answers (one per call that answers one).
    const agent = await placeMember(t.db, { type: 1, username: 'contractagent' });
    agentToken = await tokenOf(t, agent);
    const offers: Record<string, number> = {};
    for (const [name, kind, product, rate] of [
      ['dividendOffer', 'dividend', 'LOTT', 10],
      ['dividendOffer2', 'dividend', 'LIVE', 10],
      ['dailyOffer', 'daily_salary', 'LOTT', 0.5],
      ['dailyOffer2', 'daily_salary', 'LIVE', 0.5],
      ['hourOffer', 'hourly_salary', 'LOTT', 0.5],
      ['hourOffer2', 'hourly_salary', 'LIVE', 0.5],
      ['realtimeOffer', 'realtime_salary', 'LOTT', 0.5],
    ] as const) {
      const tiers = [
        storedTier(rate, kind === 'realtime_salary' ? {} : { minimumBet: 10_000n, activeMember: 1 }),
      ];
      offers[name] = await pendingOffer(t.db, { agentId: agent, kind, product, tiers, at: t.clock.now() });
    }
    // Money to move, an upline to send it to, and a payment password for the wallet's calls.
    await fundMember(t, member.id, 1_000_000n);
    await t.db.query(
      "update members set upline_id = (select id from members where username = 'conformanceagent'), to_upline = true, payment_password_hash = $2 where id = $1",
      [member.id, await hashPassword('246810')],
    );
    // Points to convert and a mall item to redeem them on.
    await creditPoints(t, member.id, 10_000n);
    const rewardId = await mallItem(t.db, {
      name: 'Conformance bonus',
      points: 1_000n,
      bonus: 1_000n,
      stock: 10,
    });
    // A game to list, favour, launch and find among the recent games, a room, a win and a jackpot to show.
    const nodeId = await newGame(t, { vendor: 'HOUSE_SLOTS', hotRank: 1 });
    await newGame(t, { vendor: 'HOUSE_SLOTS', hotRank: 2 });
    await newGame(t, { vendor: 'HOUSE_PVP', classify: 'CARD', gameId: null, roomId: 'ROOM-1' });
    await t.db.query('insert into game_favourites (member_id, game_id, created_at) values ($1, $2, $3)', [
      member.id,
      nodeId,
      t.clock.now(),
    ]);
    await t.db.query('insert into game_recent (member_id, game_id, played_at) values ($1, $2, $3)', [
      member.id,
      nodeId,
      t.clock.now(),
    ]);
    await playedRound(t, { memberId: member.id, gameId: nodeId, bet: 100n, win: 5_000n });
    await t.db.query(
      "update game_vendors set jackpot = 1000000, jackpot_updated_at = now() where vassalage = 'HOUSE_SLOTS'",
    );
    const [real, free] = await Promise.all(
      [false, true].map(async (demo) => {
        const [row] = await t.db.query<{ id: number; game_id: string; vassalage: string }>(
          `select g.id, g.game_id, v.vassalage from games g join game_vendors v on v.id = g.vendor_id
           where g.demo = $1 and g.game_id is not null and v.provider is not null and v.vassalage <> 'FB'
           order by g.id limit 1`,
          [demo],
        );
        if (!row) throw new Error('the simulator has no such game');
        return row;
      }),
    );
    // Promotions to list, one claimed (the claim list) and one to sign up to.
    const operations = await t.operatorToken('operations');
    const claimed = await newPromotion(t, operations, { category: 'NEW' });
    const signUp = await newPromotion(t, operations, {
      kind: 'application',
      amount: null,
      category: 'EVENT',
    });
    await t.send(
      'POST',
      promotionEndpoints.claim.path.replace(':id', String(claimed)),
      undefined,
      member.token,
    );
    // A prize wheel whose claim costs one ticket, and the ticket to claim it with.
    const raffle = await newRaffle(t.db, {
      prizes: [
        { kind: 'points', value: 10n, weight: 1, stock: null },
        { kind: 'tickets', value: 1n, weight: 1, stock: null },
      ],
    });
    await giveTickets(t, member.id, 1);
    const [event] = await t.db.query<{ id: number }>(
      `select id from missions where kind = 'event' and leaderboard is not null order by id limit 1`,
    );
    Object.assign(values, {
      promotionId: String(signUp),
      raffleId: String(raffle.id),
      missionId: String(event?.id),
      nodeId: String(nodeId),
      launchGameId: real?.game_id,
      launchVendor: real?.vassalage,
      freeNodeId: String(free?.id),
      merchant: t.config.merchantCode,
      username: member.username,
      password: member.password,
      email: `${member.username}@example.com`,
      dialingCode: '84',
      mobile: '966000001',
      resetMobile: '966000002',
      newMobile: '966000003',
      newUsername: 'Original2026',
      freeUsername: 'Unused2026',
      newPassword: 'Changed-pass-2026',
      affiliateCode: 'AGENT2026',
      randomHex: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      paymentPassword: '246810',
      rewardId: String(rewardId),
      ...Object.fromEntries(Object.entries(offers).map(([name, id]) => [name, String(id)])),
    });
  });
  afterAll(async () => {
    await world.close();
  });

  /** A "$name" of the table: a value above, a fresh captcha (its cookie kept by the client), or an SMS code. */
  async function fill(value: unknown): Promise<unknown> {
    if (typeof value !== 'string' || !value.startsWith('$')) return value;
    const name = value.slice(1);
    if (name === 'now') return String(t.clock.now().getTime());
    if (name === 'captcha') {
      await client.call({ method: 'GET', path: '/wps/captcha' });
      const rows = await t.db.query<{ answer: string }>('select answer from captchas where id = $1', [
        client.cookie('captchaId'),
      ]);
      return rows[0]?.answer;
    }
    if (name.startsWith('smsCode:')) {
      const rows = await t.db.query<{ body: string }>(
        'select body from sms_outbox where mobile = $1 order by id desc limit 1',
        [values[name.slice('smsCode:'.length)]],
      );
      return /\d{6}/.exec(rows[0]?.body ?? '')?.[0];
    }
    if (!(name in values)) throw new Error(`the table names an unknown value ${value}`);
    return values[name];
  }

  async function filled<T extends Record<string, unknown>>(record: T | undefined): Promise<T | undefined> {
    if (!record) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) out[key] = await fill(value);
    return out as T;
  }

  for (const row of TABLE.calls) {
    const probe = row.probe ?? {};
    const method = probe.method ?? (row.method === '?' ? 'GET' : row.method);
    const label = `${method} ${row.path}${row.client === 'other' ? ' (other client)' : ''}`;
    const state = row.served
      ? 'served'
      : row.expect?.refusal
        ? `refused (${row.owner})`
        : `not served (${row.owner})`;

    it(`${label}: ${state}`, async () => {
      const token =
        probe.as === 'visitor'
          ? null
          : probe.as === 'fresh'
            ? await t.memberToken()
            : probe.as === 'agent'
              ? agentToken
              : client.token;
      const answer = await client.call({
        method,
        path: probe.path ?? row.path,
        ...(probe.query ? { query: (await filled(probe.query)) as Record<string, string> } : {}),
        ...(probe.body ? { body: await filled(probe.body), bodyType: probe.bodyType ?? 'json' } : {}),
        ...(probe.headers ? { headers: (await filled(probe.headers)) as Record<string, string> } : {}),
        token,
      });
      expect(answer.status, `${label} answered ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      if (row.served) {
        expect(problems(row, answer), label).toEqual([]);
      } else if (row.expect?.refusal) {
        expect(answer.json, label).toMatchObject({ success: false, code: row.expect.refusal });
      } else {
        expect([label, answer.status, (answer.json as { code?: string } | null)?.code]).toEqual([
          label,
          404,
          'not_found',
        ]);
      }
    });
  }
});
