import { execFileSync } from 'node:child_process';
import { pgbenchPath } from '../apps/server/test/postgres.ts';

/** What every benchmark measures with: the median, calls per second of concurrent loops, and pgbench's baselines. */

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Runs `work` in `concurrency` loops for `seconds`; answers completed calls per second, their median latency,
 * and how many calls threw (not counted as completed).
 */
export async function throughput(
  work: () => Promise<unknown>,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<{ perSecond: number; medianMs: number; failures: number }> {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      try {
        await work();
        latencies.push(performance.now() - start);
      } catch {
        failures += 1;
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return {
    perSecond: latencies.length / ((performance.now() - start) / 1000),
    medianMs: median(latencies),
    failures,
  };
}

export function pgbench(bin: string, port: number, args: string[]): string {
  return execFileSync(
    pgbenchPath(bin),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', ...args, 'postgres'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** Transactions per second of one of pgbench's built-in scripts (the database must be initialised with -i). */
export function builtinTps(
  bin: string,
  port: number,
  script: 'simple-update' | 'select-only',
  concurrency: number,
  seconds: number,
): number {
  const output = pgbench(bin, port, [
    '-b',
    script,
    '-c',
    String(concurrency),
    '-j',
    '2',
    '-T',
    String(seconds),
  ]);
  const match =
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(output);
  return match ? Number(match[1]) : Number.NaN;
}
