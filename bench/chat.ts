/**
 * The chat room's figures (issue 26 part 5): SOCKETS member sockets in one room, half on each of two server
 * processes (scripts/cluster.ts, one PostgreSQL server the script starts), and SENDERS of them posting one message a
 * second each over HTTP for SECONDS: the delivery latency (from the post to each socket's receipt, measured in this
 * process, where both ends are) p50 and p99, the messages delivered, and each server process's resident memory.
 * Baseline in the same run: a bare WebSocket broadcast server (the ws package, in a process of its own) with the
 * same sockets and senders, where a sender's message goes to every socket as the room's does.
 * Run: npm run chat -w bench   [SOCKETS=1000 SENDERS=50 SECONDS=10]
 * This process holds every socket: on a small machine it shares the cores with the servers and PostgreSQL, so the
 * latencies include its own queueing (the baseline's do too).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { chatTopic } from '@tessera/contract';
import WebSocket from 'ws';
import { freePort } from '../e2e/start-server.ts';
import { type Cluster, startCluster } from '../scripts/cluster.ts';
import { benchSite, startBenchDatabase } from './database.ts';
import { percentile, rssMiB } from './measure.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const SENDERS = Number(process.env.SENDERS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);

interface Run {
  latencies: number[];
  sent: number;
  delivered: number;
  failed: number;
  memoryMiB: number[];
}

/** Opens a socket and resolves once `ready` says its first message (hello, or the subscription) came. */
function openSocket(url: string, onOpen: (socket: WebSocket) => void, ready: (data: string) => boolean) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url);
    const onMessage = (data: WebSocket.RawData) => {
      if (!ready(String(data))) return;
      socket.off('message', onMessage);
      resolve(socket);
    };
    socket.on('message', onMessage);
    socket.once('open', () => onOpen(socket));
    socket.once('error', reject);
  });
}

/** Sends SENDERS messages a second for SECONDS, each stamped with its send time; waits for the deliveries to settle. */
async function drive(
  send: (sender: number, stamp: string) => Promise<boolean>,
  run: Run,
  expected: () => number,
) {
  const start = performance.now();
  for (let second = 0; second < SECONDS; second += 1) {
    const tick = start + second * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tick - performance.now())));
    for (let sender = 0; sender < SENDERS; sender += 1) {
      // Spread over the second, as people type.
      setTimeout(
        () => {
          run.sent += 1;
          send(sender, `t=${performance.now()}`).then(
            (ok) => {
              if (!ok) run.failed += 1;
            },
            () => {
              run.failed += 1;
            },
          );
        },
        (sender * 1000) / SENDERS,
      );
    }
  }
  // The last second's sends go out before the deliveries are counted.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const deadline = performance.now() + SECONDS * 1000 + 15_000;
  while (run.delivered < expected() && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function receive(run: Run, data: string) {
  const match = /t=([\d.]+)/.exec(data);
  if (!match) return;
  run.delivered += 1;
  run.latencies.push(performance.now() - Number(match[1]));
}

async function tessera(): Promise<Run> {
  const bench = await startBenchDatabase(2);
  let cluster: Cluster | null = null;
  const sockets: WebSocket[] = [];
  try {
    const { tokens } = await benchSite(bench.db, { accounts: SOCKETS, games: 1 });
    const [room] = await bench.db.query<{ id: number }>(
      `insert into chat_rooms (name, created_at) values ('Bench room', now()) returning id`,
    );
    const roomId = (room as { id: number }).id;
    cluster = await startCluster({
      databaseUrl: bench.url,
      processes: 2,
      env: {
        DEMO_SEED: '0',
        JOBS: '0',
        LOG_LEVEL: 'warn',
        VISITOR_REQUESTS_PER_MINUTE: '100000000',
        MAX_CONNECTIONS: String(SOCKETS + 100),
      },
    });
    const nodes = cluster.nodes;
    const run: Run = { latencies: [], sent: 0, delivered: 0, failed: 0, memoryMiB: [] };
    const topic = chatTopic(roomId);
    for (const [index, token] of tokens.entries()) {
      const node = nodes[index % nodes.length] as (typeof nodes)[number];
      // Subscribed once hello came back for the member; the first chat message proves the subscription.
      const socket = await openSocket(
        `ws://127.0.0.1:${node.port}/ws`,
        (open) => open.send(JSON.stringify({ type: 'auth', token })),
        (data) => {
          if (data.includes('"audience":"member"')) {
            return true;
          }
          return false;
        },
      );
      socket.send(JSON.stringify({ type: 'subscribe', topic }));
      socket.on('message', (data) => receive(run, String(data)));
      sockets.push(socket);
    }
    // Subscriptions are answered asynchronously: a warm-up message reaches every socket before the run.
    const warm: Run = { latencies: [], sent: 0, delivered: 0, failed: 0, memoryMiB: [] };
    for (const socket of sockets) socket.on('message', (data) => receive(warm, String(data)));
    await post(nodes[0]?.port as number, tokens[0] as string, roomId, 't=0 warm-up');
    const settle = performance.now() + 30_000;
    while (warm.delivered < SOCKETS && performance.now() < settle)
      await new Promise((r) => setTimeout(r, 100));
    run.latencies.length = 0;
    run.delivered = 0;
    await drive(
      (sender, stamp) =>
        post(nodes[sender % nodes.length]?.port as number, tokens[sender] as string, roomId, stamp),
      run,
      () => (run.sent - run.failed) * SOCKETS,
    );
    run.memoryMiB = nodes.map((node) => rssMiB(node.pid() as number));
    return run;
  } finally {
    for (const socket of sockets) socket.terminate();
    await cluster?.stop();
    await bench.stop();
  }
}

async function post(port: number, token: string, roomId: number, text: string): Promise<boolean> {
  const answer = await fetch(`http://127.0.0.1:${port}/wps/chat/rooms/${roomId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'text', text }),
  });
  await answer.arrayBuffer();
  return answer.ok;
}

/** The baseline: a ws server in its own process that sends each message it receives to every socket. */
const ECHO = `
const { WebSocketServer } = require('ws');
const server = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
server.on('connection', (socket) => {
  socket.send('ready');
  socket.on('message', (data) => { for (const client of server.clients) if (client.readyState === 1) client.send(String(data)); });
});
server.on('listening', () => process.stdout.write('listening\\n'));
`;

async function bareWebSocket(): Promise<Run> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', ECHO], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sockets: WebSocket[] = [];
  try {
    await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
    const run: Run = { latencies: [], sent: 0, delivered: 0, failed: 0, memoryMiB: [] };
    for (let index = 0; index < SOCKETS; index += 1) {
      const socket = await openSocket(
        `ws://127.0.0.1:${port}`,
        () => {},
        (data) => data === 'ready',
      );
      socket.on('message', (data) => receive(run, String(data)));
      sockets.push(socket);
    }
    await drive(
      async (sender, stamp) => {
        (sockets[sender] as WebSocket).send(stamp);
        return true;
      },
      run,
      () => run.sent * SOCKETS,
    );
    run.memoryMiB = [rssMiB(child.pid as number)];
    return run;
  } finally {
    for (const socket of sockets) socket.terminate();
    child.kill('SIGTERM');
  }
}

async function main() {
  const rows: [string, Run][] = [
    ['Tessera chat room, 2 processes (HTTP post, NOTIFY fan-out, /ws)', await tessera()],
    ['bare ws broadcast, 1 process', await bareWebSocket()],
  ];
  const ms = (value: number) => value.toFixed(1).padStart(7);
  const lines = [
    `${SOCKETS} sockets in one room, ${SENDERS} senders at 1 message/s for ${SECONDS} s; ${availableParallelism()} cores`,
    '',
    '| setup | sent | failed | delivered | p50 ms | p99 ms | server RSS MiB |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      ([name, run]) =>
        `| ${name} | ${run.sent} | ${run.failed} | ${run.delivered} | ${ms(percentile(run.latencies, 0.5))} | ${ms(percentile(run.latencies, 0.99))} | ${run.memoryMiB.map((m) => m.toFixed(0)).join(' + ')} |`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

await main();
