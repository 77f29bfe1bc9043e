import { execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pgbenchPath } from '../apps/server/test/postgres.ts';

/** What every benchmark measures with: the median, calls per second of concurrent loops, and pgbench's baselines. */

export const median = (values: readonly number[]): number => percentile(values, 0.5);

/** The value below which the given share of the values lie (0.99: the 99th percentile). */
export const percentile = (values: readonly number[], share: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ??
  Number.NaN;

/**
 * Runs `work` in `concurrency` loops for `seconds`; answers completed calls per second, their median and 99th
 * percentile latency, and how many calls threw (not counted as completed).
 */
export async function throughput(
  work: () => Promise<unknown>,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<{ perSecond: number; medianMs: number; p99Ms: number; failures: number }> {
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
    p99Ms: percentile(latencies, 0.99),
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

/** One target of the HTTP load generator (load.ts): paths taken in turn, tokens in turn, a fresh Idempotency-Key per call. */
export interface LoadTarget {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  /** Stop after this many calls instead (of at most `seconds`). */
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Bodies taken in turn, one per call (instead of `body`). */
  bodies?: string[];
  /** Authorization headers, one per call in turn. */
  tokens?: string[];
  /** The prefix of a fresh Idempotency-Key per call (load.ts adds one of its own for each run, then the call's number). */
  idempotencyKeys?: string;
}

export interface LoadResult {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Calls that did not answer 2xx, errors and timeouts. */
  failures: number;
  total: number;
  /** The statuses answered (e.g. "200,429"). */
  statuses: string;
}

/** Drives one target with autocannon in a process of its own (load.ts), so the figures are the server's. */
export function loadFrom(target: LoadTarget): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { result?: LoadResult; error?: string }) =>
      message.result ? resolve(message.result) : reject(new Error(message.error)),
    );
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send(target);
  });
}

/** A Fastify hello-world route in its own process (the HTTP baseline): its URL, its process id and a stop. */
export async function startHelloWorld(): Promise<{ url: string; pid: number; stop: () => void }> {
  const script = `import Fastify from 'fastify';
    const app = Fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write(url + '\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../apps/server/', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => resolve(`${chunk.toString().trim()}/hello`));
  });
  return { url, pid: child.pid as number, stop: () => child.kill() };
}

/**
 * CPU time a process has used so far (user and system, in seconds): read before and after a run, it gives what the
 * process spent per request whatever else the machine's cores were doing (requests per second depend on that too).
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) end at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process, in MiB. */
export function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
