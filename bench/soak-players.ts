/**
 * The players of the soak (soak.ts), run in a process of their own (forked) so that the figures are the server's:
 * each player waits a think time of 2–8 s, makes one call of the mix, and again, until the end; a few hold a socket
 * open. Every minute, sends the parent the calls answered that minute, their p50 and p99, and the failures.
 */
import WebSocket from 'ws';
import { percentile } from './measure.ts';

export interface SoakPlan {
  url: string;
  tokens: string[];
  players: number;
  seconds: number;
  sockets: number;
  /** The calls of the mix, each with its weight. */
  calls: {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    member: boolean;
    body?: string;
    weight: number;
  }[];
}

export interface SoakMinute {
  minute: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** The failures by status (or error). */
  failed: Record<string, number>;
  byCall: Record<string, number>;
}

const thinkMs = () => 2000 + Math.random() * 6000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(plan: SoakPlan) {
  const started = Date.now();
  const until = started + plan.seconds * 1000;
  const totalWeight = plan.calls.reduce((sum, call) => sum + call.weight, 0);
  const pick = () => {
    let left = Math.random() * totalWeight;
    for (const call of plan.calls) {
      left -= call.weight;
      if (left < 0) return call;
    }
    return plan.calls[0] as SoakPlan['calls'][number];
  };
  let latencies: number[] = [];
  let failures = 0;
  let failed: Record<string, number> = {};
  const fail = (why: string) => {
    failures += 1;
    failed[why] = (failed[why] ?? 0) + 1;
  };
  let byCall: Record<string, number> = {};
  let minute = 0;
  const report = setInterval(() => {
    minute += 1;
    const message: SoakMinute = {
      minute,
      requests: latencies.length,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      failures,
      failed,
      byCall,
    };
    process.send?.({ minute: message });
    latencies = [];
    failures = 0;
    failed = {};
    byCall = {};
  }, 60_000);

  const sockets = plan.tokens.slice(0, plan.sockets).map((token) => {
    const socket = new WebSocket(`${plan.url.replace('http', 'ws')}/ws`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('error', () => {});
    return socket;
  });

  let sent = 0;
  const player = async (index: number) => {
    const token = plan.tokens[index % plan.tokens.length] as string;
    // Players start spread over the first think time.
    await sleep(Math.random() * 8000);
    while (Date.now() < until) {
      const call = pick();
      sent += 1;
      const start = performance.now();
      try {
        const response = await fetch(`${plan.url}${call.path}`, {
          method: call.method,
          headers: {
            ...(call.member ? { authorization: token } : {}),
            ...(call.body === undefined
              ? {}
              : { 'content-type': 'application/json', 'idempotency-key': `soak-${started}-${sent}` }),
          },
          ...(call.body === undefined ? {} : { body: call.body }),
        });
        await response.arrayBuffer();
        if (response.ok) {
          latencies.push(performance.now() - start);
          byCall[call.name] = (byCall[call.name] ?? 0) + 1;
        } else fail(String(response.status));
      } catch (error) {
        fail((error as { cause?: { code?: string } }).cause?.code ?? 'error');
      }
      await sleep(thinkMs());
    }
  };
  await Promise.all(Array.from({ length: plan.players }, (_, index) => player(index)));
  clearInterval(report);
  for (const socket of sockets) socket.close();
}

process.once('message', async (plan: SoakPlan) => {
  try {
    await run(plan);
    process.send?.({ done: true });
  } catch (error) {
    process.send?.({ error: String(error) });
  }
  process.disconnect?.();
});
