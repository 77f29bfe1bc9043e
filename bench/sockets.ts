/**
 * Sockets per process (issue 30, docs/scaling.md): SOCKETS (2,000) member sockets, each of its own member and
 * session, held by one compiled server process (NODE_ENV=production, no jobs) on a PostgreSQL server the script
 * starts, beside a bare `ws` server (echo, and a broadcast on request) in a node process of its own on the same
 * machine. For each: the process's resident memory per 1,000 open sockets (RSS with the sockets open minus RSS
 * before, after a warm-up of 100 sockets opened and closed), and the time to deliver one push to every socket.
 * Tessera's push is a balance push to every member: one transaction posts a credit to each of them, each posting's
 * `ledger_post` NOTIFYs its member's balance, and the process hands each one to its member's socket; the time runs
 * from the commit's answer to the last socket's `wallet.changed`. The bare server's push is one message a client
 * sends, which it sends on to every socket. RUNS (3) pushes each; medians printed. The sockets' client is this
 * process (one for both servers).
 * Run: npm run sockets -w bench   [SOCKETS=2000 RUNS=3]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { post } from '../apps/server/src/modules/wallet/ledger.ts';
import { write } from '../apps/server/src/platform/write.ts';
import { startServer } from '../e2e/start-server.ts';
import { benchSite, startBenchDatabase } from './database.ts';
import { median, rssMiB } from './measure.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 2000);
const RUNS = Number(process.env.RUNS ?? 3);
/** Sockets opened at once while connecting. */
const BATCH = 50;

interface Client {
  socket: WebSocket;
  /** Pushes received (wallet.changed, or the bare server's broadcast). */
  pushes: number;
}

/** Resolves once `test` holds, looking every 5 ms (a ceiling of `ceilingMs`). */
async function until(test: () => boolean, ceilingMs: number, what: string): Promise<void> {
  const end = performance.now() + ceilingMs;
  while (!test()) {
    if (performance.now() > end) throw new Error(`${what}: not within ${ceilingMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Opens a socket to `url`; with a token, signs in as Tessera's site does and resolves once the server says the
 * socket is the member's. `isPush` tells which messages count as pushes.
 */
async function connect(
  url: string,
  token: string | null,
  isPush: (data: string) => boolean,
): Promise<Client> {
  const socket = new WebSocket(url);
  const client: Client = { socket, pushes: 0 };
  let member = false;
  socket.on('message', (data) => {
    const text = String(data);
    if (isPush(text)) client.pushes += 1;
    else if (text.includes('"audience":"member"')) member = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (token) {
    socket.send(JSON.stringify({ type: 'auth', token }));
    await until(() => member, 60_000, 'signing a socket in');
  }
  return client;
}

async function connectAll(count: number, open: (index: number) => Promise<Client>): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => open(start + i));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

async function closeAll(clients: Client[]): Promise<void> {
  await Promise.all(
    clients.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}

/** RSS settles for a second after the sockets opened or closed. */
async function settledRss(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return rssMiB(pid);
}

interface Figures {
  baseRss: number;
  rss: number;
  pushMs: number[];
  /** Tessera: how long the transaction of the postings took, up to its commit's answer. */
  transactionMs?: number[];
}

async function tessera(): Promise<Figures> {
  const bench = await startBenchDatabase(4);
  try {
    const { tokens } = await benchSite(bench.db, { accounts: SOCKETS, games: 0 });
    const members = await bench.db.query<{ id: number }>(
      "select id from members where username like 'bench%' order by id",
    );
    const server = await startServer(
      {
        NODE_ENV: 'production',
        SECRETS_KEY: randomBytes(32).toString('base64'),
        DATABASE_URL: bench.url,
        DEMO_SEED: '0',
        JOBS: '0',
        LOG_LEVEL: 'warn',
        // Every socket comes from 127.0.0.1, and all must fit: the caps are lifted for the measurement.
        MAX_CONNECTIONS: String(SOCKETS + 100),
        MAX_CONNECTIONS_PER_IP: '0',
        VISITOR_REQUESTS_PER_MINUTE: '100000000',
      },
      { compiled: true },
    );
    try {
      const url = `${server.baseUrl.replace('http', 'ws')}/ws`;
      const isPush = (data: string) => data.includes('"wallet.changed"');
      await closeAll(await connectAll(100, (i) => connect(url, tokens[i] as string, isPush)));
      const baseRss = await settledRss(server.pid);
      const clients = await connectAll(SOCKETS, (i) => connect(url, tokens[i] as string, isPush));
      const rss = await settledRss(server.pid);
      const pushMs: number[] = [];
      const transactionMs: number[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const begun = performance.now();
        await write(bench.db, { isolation: 'read committed' }, async (tx) => {
          for (const { id } of members) {
            await post(
              tx,
              {
                key: `sockets-${run}-${id}`,
                kind: 'deposit',
                memberId: id,
                reference: 'bench',
                legs: [
                  { account: { member: id, wallet: 'main' }, amount: 1n },
                  { account: { system: 'merchant:cash' }, amount: -1n },
                ],
              },
              new Date(),
            );
          }
        });
        const committed = performance.now();
        transactionMs.push(committed - begun);
        await until(() => clients.every((client) => client.pushes >= run), 120_000, 'the balance push');
        pushMs.push(performance.now() - committed);
      }
      await closeAll(clients);
      return { baseRss, rss, pushMs, transactionMs };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.stop();
  }
}

/** A bare `ws` server: echoes each message, and sends a `broadcast` on to every socket. */
const BARE_SERVER = `
import { WebSocketServer } from 'ws';
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('listening', () => console.log(server.address().port));
server.on('connection', (socket) => {
  socket.on('message', (data) => {
    const text = String(data);
    if (text === 'broadcast') for (const client of server.clients) client.send('pushed');
    else socket.send(text);
  });
});
`;

async function bare(): Promise<Figures> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
      child.once('exit', (code) => reject(new Error(`the bare ws server exited with ${code}`)));
    });
    const url = `ws://127.0.0.1:${port}`;
    const pid = child.pid as number;
    const isPush = (data: string) => data === 'pushed';
    await closeAll(await connectAll(100, () => connect(url, null, isPush)));
    const baseRss = await settledRss(pid);
    const clients = await connectAll(SOCKETS, () => connect(url, null, isPush));
    const rss = await settledRss(pid);
    const pushMs: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const sent = performance.now();
      clients[0]?.socket.send('broadcast');
      await until(() => clients.every((client) => client.pushes >= run), 120_000, 'the broadcast');
      pushMs.push(performance.now() - sent);
    }
    await closeAll(clients);
    return { baseRss, rss, pushMs };
  } finally {
    child.kill();
  }
}

async function main() {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
  const loadBefore = load();
  const rows = [
    ['Tessera, compiled, one process', await tessera()],
    ['bare `ws` server', await bare()],
  ] as const;
  const perThousand = (figures: Figures) => ((figures.rss - figures.baseRss) / SOCKETS) * 1000;
  const lines = [
    '',
    `${SOCKETS.toLocaleString('en')} sockets from 127.0.0.1, ${RUNS} pushes each; ${availableParallelism()} cores; load average ${loadBefore} before, ${load()} after`,
    '',
    "| server | RSS before | RSS with the sockets | RSS per 1,000 sockets | one push to every socket (median, runs) | the postings' transaction (median) |",
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ([name, figures]) =>
        `| ${name} | ${figures.baseRss.toFixed(1)} MiB | ${figures.rss.toFixed(1)} MiB | ${perThousand(figures).toFixed(1)} MiB | ${median(figures.pushMs).toFixed(0)} ms (${figures.pushMs.map((ms) => ms.toFixed(0)).join(', ')}) | ${figures.transactionMs ? `${median(figures.transactionMs).toFixed(0)} ms` : '–'} |`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

await main();
