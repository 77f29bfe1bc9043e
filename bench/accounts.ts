/**
 * Accounts figures (issue 4): how long one argon2id hash of a password takes here (OWASP parameters: 19 MiB,
 * 2 iterations, 1 lane), and logins per second through the real HTTP stack (encrypted body, argon2id verify,
 * new session), against a started server on the embedded database.
 * Baselines measured in the same run and the same way: SHA-256 of the same password, and GET /healthz per second
 * (the floor of one request through the same server, database round trip included).
 * Run: npx tsx bench/accounts.ts   [CONCURRENCY=8 SECONDS=10 HASHES=21]
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { accountsEndpoints, createClient } from '@tessera/contract';
import { hashPassword } from '../apps/server/src/platform/crypto.ts';
import { startServer } from '../e2e/start-server.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const HASHES = Number(process.env.HASHES ?? 21);
const PASSWORD = 'Bench-password-2026';
const DEMO_OWNER = { username: 'owner', password: 'tessera-demo-owner' };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function timeEach(runs: number, work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

/** Runs `work` in CONCURRENCY loops for SECONDS; answers completed calls per second and the median latency. */
async function throughput(work: () => Promise<unknown>) {
  const until = performance.now() + SECONDS * 1000;
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
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const elapsed = (performance.now() - start) / 1000;
  return { perSecond: latencies.length / elapsed, medianMs: median(latencies), failures };
}

async function main() {
  await hashPassword('warm-up');
  const argon = await timeEach(HASHES, () => hashPassword(PASSWORD));
  const sha = await timeEach(HASHES * 100, () => createHash('sha256').update(PASSWORD).digest('hex'));

  const server = await startServer({ DEMO_SEED: '1', LOG_LEVEL: 'warn' });
  try {
    const base = server.baseUrl;
    // The demo owner turns the registration captcha off, so the bench can register its member through the API.
    const owner = await fetch(`${base}/backoffice/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_OWNER),
    }).then((response) => response.json());
    await fetch(`${base}/backoffice/api/register-rules/captcha`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.value.token}` },
      body: JSON.stringify({
        acceptedPattern: '^[A-Za-z0-9]+$',
        patternId: 4,
        minLength: 4,
        maxLength: 6,
        enabled: false,
        required: false,
      }),
    });
    const call = createClient({ baseUrl: base });
    await call(accountsEndpoints.register, {
      body: {
        username: 'benchplayer',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ageConfirmed: true,
        termsAccepted: true,
        login: false,
        registerMethod: 'WEB',
      },
    });
    const login = () =>
      call(accountsEndpoints.login, {
        body: { type: 'username', username: 'benchplayer', password: PASSWORD },
      });
    await login();
    const health = () =>
      fetch(`${base}/healthz`).then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.arrayBuffer();
      });
    await health();
    const healthRun = await throughput(health);
    const loginRun = await throughput(login);

    const cores = availableParallelism();
    process.stdout.write(
      [
        `machine: ${cores} cores; ${CONCURRENCY} concurrent clients for ${SECONDS} s each; embedded PostgreSQL`,
        '',
        'hashing one password                 median',
        `  baseline sha256                  ${(median(sha) * 1000).toFixed(1).padStart(8)} µs`,
        `  argon2id (19 MiB, t=2, p=1)      ${median(argon).toFixed(1).padStart(8)} ms   (${HASHES} runs; ceiling ${((1000 / median(argon)) * cores).toFixed(0)} hashes/s on ${cores} cores)`,
        '',
        'through HTTP                          per second   median latency   failures',
        `  baseline GET /healthz            ${healthRun.perSecond.toFixed(0).padStart(10)}   ${healthRun.medianMs.toFixed(1).padStart(10)} ms   ${healthRun.failures}`,
        `  POST /wps/session/login          ${loginRun.perSecond.toFixed(0).padStart(10)}   ${loginRun.medianMs.toFixed(1).padStart(10)} ms   ${loginRun.failures}`,
        '',
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}

await main();
