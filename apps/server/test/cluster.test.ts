import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  accountsEndpoints,
  backofficeEndpoints,
  encryptBody,
  type ModuleFlagNode,
  systemConsoleEndpoints,
  systemEndpoints,
  walletConsoleEndpoints,
  walletPlayerEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, startCluster } from '../../../scripts/cluster.ts';
import type { Database } from '../src/db/database.ts';
import { createOperator } from '../src/modules/backoffice/service.ts';
import { hashPassword } from '../src/platform/crypto.ts';
import { cryptoRng } from '../src/platform/rng.ts';
import { openSession } from '../src/platform/sessions.ts';
import { openTestDatabase, TEST_DATABASE } from './harness.ts';

/**
 * Three server processes behind nginx on one PostgreSQL (scripts/cluster.ts), every call through nginx only: one
 * cluster for the file, of the compiled server as in production. nginx sends requests to the processes in turn, so
 * three calls in a row reach all three. PostgreSQL only (the processes share a server).
 */
const SESSION = { idleMinutes: 60, maxHours: 24 };
const GENEROUS = { timeout: 15_000, interval: 50 };

describe.runIf(TEST_DATABASE === 'postgres')('three processes behind nginx', () => {
  let cluster: Cluster;
  let db: Database;
  let drop: () => Promise<void>;
  let owner: string;
  let members = 0;

  beforeAll(async () => {
    const database = await openTestDatabase({ migrated: true });
    db = database.db;
    drop = database.drop;
    cluster = await startCluster({
      databaseUrl: database.url,
      env: { DEMO_SEED: '0', LOG_LEVEL: 'warn' },
    });
    const operator = await createOperator(
      db,
      { username: 'cluster-owner', displayName: 'Owner', password: 'cluster-owner-password', role: 'owner' },
      new Date(),
    );
    // The second factor is the console's own test; here an owner's session is opened as after it.
    await db.query('update operators set totp_enabled = true where id = $1', [operator.id]);
    owner = await sessionOf('operator', operator.id);
  }, 600_000);

  afterAll(async () => {
    await cluster?.stop();
    await drop?.();
  }, 120_000);

  async function sessionOf(kind: 'member' | 'operator', id: number): Promise<string> {
    return (await openSession(db, { kind, id }, SESSION, new Date(), '127.0.0.1', cryptoRng)).token;
  }

  async function newMember(): Promise<{ id: number; token: string }> {
    members += 1;
    const [row] = await db.query<{ id: number }>(
      'insert into members (username, type) values ($1, 0) returning id',
      [`cluster${members}`],
    );
    const id = row?.id as number;
    return { id, token: await sessionOf('member', id) };
  }

  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${cluster.url}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: the answers of several endpoints are read through one shape.
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  }

  /** The statuses of three calls in a row: one from each process. */
  async function fromEach(path: string, token?: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call('GET', path, token ? { token } : {})).status);
    return statuses;
  }

  /** A socket through nginx, signed in with the token when there is one, and the events it has received. */
  async function socketOf(token?: string) {
    const socket = new WebSocket(`${cluster.url.replace('http', 'ws')}/ws`);
    const messages: { type: string; [key: string]: unknown }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    if (token) {
      socket.send(JSON.stringify({ type: 'auth', token }));
      await expect.poll(() => messages.at(-1), GENEROUS).toEqual({ type: 'hello', audience: 'member' });
    } else {
      await expect.poll(() => messages.length, GENEROUS).toBeGreaterThan(0);
    }
    return { socket, messages, closed };
  }

  it('runs the compiled server with node and NODE_ENV=production on every process', () => {
    for (const node of cluster.nodes) {
      const pid = String(node.pid());
      const command = execFileSync('ps', ['-o', 'args=', '-p', pid], { encoding: 'utf8' }).trim();
      expect(command).toMatch(/ apps\/server\/dist\/main\.js$/);
      expect(command).not.toContain('tsx');
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('NODE_ENV=production');
    }
  });

  it('serves a session on every process; a logout through one ends it on all and closes its socket', async () => {
    const member = await newMember();
    expect(await fromEach(accountsEndpoints.memberInfo.path, member.token)).toEqual([200, 200, 200]);
    const { closed } = await socketOf(member.token);
    expect((await call('DELETE', accountsEndpoints.logout.path, { token: member.token })).status).toBe(200);
    expect(await closed).toBe(4401);
    // Each process forgets the session as the NOTIFY of its end arrives.
    await expect
      .poll(() => fromEach(accountsEndpoints.memberInfo.path, member.token), GENEROUS)
      .toEqual([401, 401, 401]);
  });

  it("a wallet change through one process reaches the member's sockets held by every process", async () => {
    const member = await newMember();
    // Three sockets opened in a row: nginx gives one to each process.
    const sockets = [
      await socketOf(member.token),
      await socketOf(member.token),
      await socketOf(member.token),
    ];
    const credited = await call('POST', walletConsoleEndpoints.adjust.path, {
      token: owner,
      body: { memberId: member.id, amount: 25, reason: 'cluster test credit' },
    });
    expect(credited.status).toBe(200);
    for (const { messages } of sockets) {
      await expect
        .poll(() => messages.find((message) => message.type === 'wallet.changed'), GENEROUS)
        .toMatchObject({ type: 'wallet.changed', sumBalance: 25 });
    }
    for (const { socket } of sockets) socket.close();
  });

  it('an operator change to the module flags shows on every process', async () => {
    const find = (nodes: ModuleFlagNode[]): ModuleFlagNode | undefined =>
      nodes.map((node) => (node.modId === 'CBS3' ? node : find(node.childrenNodes))).find(Boolean);
    const flagsOfEach = async () => {
      const seen: (string | undefined)[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { body } = await call('GET', systemEndpoints.modules.path);
        seen.push(find(body.value as ModuleFlagNode[])?.enabled);
      }
      return seen;
    };
    // Each process has the answer cached before the change.
    expect(await flagsOfEach()).toEqual(['1', '1', '1']);
    const changed = await call('PUT', systemConsoleEndpoints.setModuleFlag.path.replace(':modId', 'CBS3'), {
      token: owner,
      body: { enabled: false },
    });
    expect(changed.status).toBe(200);
    await expect.poll(flagsOfEach, GENEROUS).toEqual(['0', '0', '0']);
  });

  it('postings with Idempotency-Keys while a process is killed: each posted once, the ledger reconciles', async () => {
    const member = await newMember();
    const count = 45;
    const victim = cluster.nodes[1];
    if (!victim) throw new Error('no second process');
    const answers = new Map<string, number>();
    const keys = Array.from({ length: count }, () => randomUUID());
    const postOnce = (key: string, index: number) =>
      call('POST', walletConsoleEndpoints.adjust.path, {
        token: owner,
        headers: { 'idempotency-key': key },
        body: { memberId: member.id, amount: 1, reason: `cluster posting ${index}` },
      }).catch(() => ({ status: 0, body: null }));
    let killed: Promise<number | null> | null = null;
    // Three clients post at once; the second process is killed outright a third of the way through.
    const client = async (offset: number) => {
      for (let index = offset; index < count; index += 3) {
        const key = keys[index] as string;
        if (index === 15) killed = victim.kill('SIGKILL');
        // A lost answer (the process died, nginx answered 502) is sent again with the same key.
        for (;;) {
          const answer = await postOnce(key, index);
          if (answer.status === 200) {
            answers.set(key, answer.body.value.transactionId as number);
            break;
          }
          expect([0, 502, 503, 504, 409]).toContain(answer.status);
        }
      }
    };
    await Promise.all([client(0), client(1), client(2)]);
    expect(await killed).not.toBe(0);
    expect(answers.size).toBe(count);
    expect(new Set(answers.values()).size).toBe(count);
    // Sent again, an acknowledged key answers the same posting.
    const first = keys[0] as string;
    const again = await postOnce(first, 0);
    expect(again.body.value.transactionId).toBe(answers.get(first));
    const balance = await call('GET', walletPlayerEndpoints.balance.path, { token: member.token });
    expect(balance.body.value.sumBalance).toBe(count);
    await victim.start();
    // The reconciliation job, asked through the console, runs on one of the processes and finds the ledger clean.
    const asked = await call('POST', walletConsoleEndpoints.runReconciliation.path, { token: owner });
    expect(asked.status).toBe(200);
    await expect
      .poll(async () => {
        const list = (await call('GET', walletConsoleEndpoints.reconciliations.path, { token: owner })).body
          .value.list as { status: string }[];
        return list[0]?.status;
      }, GENEROUS)
      .toBe('clean');
    // Three runners, one report: the queued job ran once.
    const reports = await call('GET', walletConsoleEndpoints.reconciliations.path, { token: owner });
    expect(reports.body.value.list).toHaveLength(1);
  }, 120_000);

  it('login brute force and SMS limits hold across the processes as on one', async () => {
    const password = 'Cluster-pass-2026';
    await db.query('insert into members (username, type, password_hash) values ($1, 0, $2)', [
      'clusterlogin',
      await hashPassword(password),
    ]);
    const key = (await call('GET', accountsEndpoints.encryptionKey.path)).body.value;
    const login = async (body: Record<string, unknown>) => {
      const sealed = await encryptBody(key, accountsEndpoints.login, { type: 'username', ...body });
      const response = await fetch(`${cluster.url}${accountsEndpoints.login.path}`, {
        method: 'POST',
        headers: sealed.headers,
        body: sealed.body,
      });
      return {
        status: response.status,
        body: (await response.json()) as { code: string; fields?: Record<string, string> },
      };
    };
    // Three failures, one on each process: the third asks for a captcha, as on one process.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const wrong = await login({ username: 'clusterlogin', password: 'wrong-password' });
      expect(wrong.body.code).toBe('invalid_credentials');
      expect(wrong.body.fields?.captcha).toBe(attempt >= 3 ? 'Input cannot be empty' : undefined);
    }
    // Whichever process answers next knows of the three: the right password without a captcha is refused.
    for (let i = 0; i < 3; i += 1) {
      const right = await login({ username: 'clusterlogin', password });
      expect(right.status).toBe(400);
      expect(right.body.code).toBe('captcha_required');
    }

    // SMS codes: at most SMS_MAX_PER_NUMBER (5) for one number, whichever process sends them.
    const sms = () =>
      call('POST', accountsEndpoints.smsRegister.path, {
        headers: { 'idempotency-key': randomUUID() },
        body: { mobileNo: '912000001', countryDialingCode: '84' },
      });
    const flag = await call(
      'PUT',
      systemConsoleEndpoints.setModuleFlag.path.replace(':modId', 'MOBILENUMREG3'),
      {
        token: owner,
        body: { enabled: true },
      },
    );
    expect(flag.status).toBe(200);
    for (let index = 0; index < 5; index += 1) expect((await sms()).status).toBe(200);
    for (let index = 5; index < 8; index += 1) expect((await sms()).body.code).toBe('too_many_requests');
  });

  // The last case: the processes are restarted with TEST_CLOCK (a test's setting, refused with NODE_ENV=production),
  // then the clock of all three is moved past the draw instead of waiting for it.
  it('a lottery draw is drawn and settled once while a process is killed and restarted around it', async () => {
    const restarted = await Promise.all(
      cluster.nodes.map(async (node) => {
        const code = await node.kill('SIGTERM');
        await node.start({ NODE_ENV: 'test', TEST_CLOCK: '1' });
        return code;
      }),
    );
    expect(restarted).toEqual([0, 0, 0]);
    const member = await newMember();
    const funded = await call('POST', walletConsoleEndpoints.adjust.path, {
      token: owner,
      body: { memberId: member.id, amount: 1000, reason: 'cluster lottery funds' },
    });
    expect(funded.status).toBe(200);
    // Every number of the special prize: the ticket wins whatever is drawn.
    const every = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    let numero = '';
    for (;;) {
      const detail = await call('GET', '/wps/lottery/games/E_MB1');
      numero = detail.body.value.current.numero as string;
      const bet = await call('POST', '/wps/lottery/bets', {
        token: member.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { gameId: 'E_MB1', numero, betType: 'de_special', numbers: every, points: 1 },
      });
      if (bet.status === 200) break;
      // Betting closed for that draw in between: the next one is on sale.
      expect(bet.body.code).toBe('lottery_betting_closed');
    }
    const [draw] = await db.query<{ id: string }>(
      `select d.id from lottery_draws d join lottery_games g on g.game_id = d.game_id
       where g.code = 'E_MB1' and d.numero = $1`,
      [numero],
    );
    const stateOf = async () =>
      (await db.query<{ state: string }>('select state from lottery_draws where id = $1', [draw?.id]))[0]
        ?.state;
    const victim = cluster.nodes[2];
    if (!victim) throw new Error('no third process');
    // Killed before the draw, restarted once it is drawn (or settled): the others draw and settle it meanwhile, as
    // soon as the clock moved a minute (every draw of the one-minute lottery on sale is due by then).
    expect(await victim.kill('SIGKILL')).not.toBe(0);
    const moved = await call('POST', backofficeEndpoints.advanceTestClock.path, {
      token: owner,
      body: { minutes: 1 },
    });
    expect(moved.status).toBe(200);
    // Ceilings for a loaded machine, not waits: the draw runs as soon as the move wakes the runners.
    await expect.poll(stateOf, { timeout: 60_000, interval: 100 }).toMatch(/^(drawn|settled)$/);
    await victim.start();
    await expect.poll(stateOf, { timeout: 60_000, interval: 100 }).toBe('settled');
    // All three processes, the restarted one too, keep the moved time (the offset is read at start).
    const floor = Date.now() + 60_000;
    for (let i = 0; i < 3; i += 1) {
      const { body } = await call('GET', '/wps/red-envelope-rain');
      expect(Date.parse(body.value.serverTime)).toBeGreaterThanOrEqual(floor);
    }
    const tickets = await db.query<{ ticket_no: string; state: string }>(
      'select ticket_no, state from lottery_tickets where draw_id = $1',
      [draw?.id],
    );
    expect(tickets.map((ticket) => ticket.state)).toEqual(['won']);
    const wins = await db.query<{ n: number }>(
      'select count(*)::int as n from ledger_transactions where idempotency_key = $1',
      [`lottery:win:${tickets[0]?.ticket_no}`],
    );
    expect(wins[0]?.n).toBe(1);
    const drawJobs = await db.query<{ status: string }>(
      `select status from jobs where kind = 'lottery-draw' and payload ->> 'drawId' = $1`,
      [String(draw?.id)],
    );
    expect(drawJobs.every((job) => job.status === 'done')).toBe(true);
    expect(drawJobs.length).toBeLessThanOrEqual(1);
  }, 360_000);
});
