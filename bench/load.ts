/**
 * The load generator of the HTTP benchmarks, run in a process of its own (forked by `loadFrom` in measure.ts) so
 * that the figures measure the server, not a client sharing its process: autocannon drives one target and sends
 * back requests per second, p50 and p99 latency, and the calls that did not answer 2xx.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { LoadResult, LoadTarget } from './measure.ts';

function run(target: LoadTarget): Promise<LoadResult> {
  let sent = 0;
  // Each run its own keys: a call counter alone starts again at 1 in every run, and a second run of the same
  // prefix would send the first run's keys again, answered from the stored answers (replays, not postings).
  const keys = `${target.idempotencyKeys}-${randomUUID()}`;
  const next = () => {
    sent += 1;
    return sent;
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections: target.connections,
        ...(target.amount === undefined ? { duration: target.seconds } : { amount: target.amount }),
        requests: [
          {
            method: target.method ?? 'GET',
            setupRequest: (request) => {
              const call = next();
              const headers: Record<string, string> = { ...(target.headers ?? {}) };
              if (target.tokens?.length)
                headers.authorization = target.tokens[call % target.tokens.length] as string;
              if (target.idempotencyKeys) headers['idempotency-key'] = `${keys}-${call}`;
              const body = target.bodies?.length ? target.bodies[call % target.bodies.length] : target.body;
              if (body !== undefined) headers['content-type'] = 'application/json';
              return {
                ...request,
                path: target.paths[call % target.paths.length] as string,
                headers,
                ...(body === undefined ? {} : { body }),
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          perSecond: result.requests.average,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          failures: result.non2xx + result.errors + result.timeouts,
          statuses: Object.keys(result.statusCodeStats ?? {}).join(','),
          total: result.requests.total,
        });
      },
    );
  });
}

process.once('message', async (target: LoadTarget) => {
  try {
    process.send?.({ result: await run(target) });
  } catch (error) {
    process.send?.({ error: String(error) });
  }
  process.disconnect?.();
});
