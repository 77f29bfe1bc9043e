/**
 * Accounts figures (issue 4): how long one argon2id hash of a password takes here (OWASP parameters: 19 MiB,
 * 2 iterations, 1 lane), and logins per second through the real HTTP stack (encrypted body, argon2id verify,
 * new session), against a started server on the embedded database.
 * Baselines measured in the same run: SHA-256 of the same password, and GET /readyz per second from autocannon in a
 * process of its own (the floor of one request through the same server, database round trip included). Logins
 * are sent from this process: each body is encrypted for its call by the contract's client.
 * Run: npx tsx bench/accounts.ts   [CONCURRENCY=8 SECONDS=10 HASHES=21]
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { accountsEndpoints, CAPTCHA_ID_HEADER, createClient } from '@tessera/contract';
import { hashPassword } from '../apps/server/src/platform/crypto.ts';
import { startServer } from '../e2e/start-server.ts';
import { loadFrom, median, throughput } from './measure.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const HASHES = Number(process.env.HASHES ?? 21);
const PASSWORD = 'Bench-password-2026';
const BENCH_CAPTCHA = 'B3NC';

async function timeEach(runs: number, work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

const measure = (work: () => Promise<unknown>) =>
  throughput(work, { concurrency: CONCURRENCY, seconds: SECONDS });

async function main() {
  await hashPassword('warm-up');
  const argon = await timeEach(HASHES, () => hashPassword(PASSWORD));
  const sha = await timeEach(HASHES * 100, () => createHash('sha256').update(PASSWORD).digest('hex'));

  // The test verifier's captcha (always BENCH_CAPTCHA) lets the bench register its member through the API, and the
  // per-address limit of calls without a session is lifted: every login of the bench comes from 127.0.0.1.
  const server = await startServer({
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    CAPTCHA_PROVIDER: 'test',
    CAPTCHA_TEST_ANSWER: BENCH_CAPTCHA,
    VISITOR_REQUESTS_PER_MINUTE: '10000000',
    SECRETS_KEY: Buffer.alloc(32, 5).toString('base64'),
  });
  try {
    const base = server.baseUrl;
    const call = createClient({ baseUrl: base });
    await call(accountsEndpoints.register, {
      body: {
        username: 'benchplayer',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ageConfirmed: true,
        termsAccepted: true,
        // The original's captcha call answers the image; its id travels in a header.
        captchaId:
          (await fetch(`${base}${accountsEndpoints.captcha.path}`)).headers.get(CAPTCHA_ID_HEADER) ?? '',
        captcha: BENCH_CAPTCHA,
        login: false,
        registerMethod: 'WEB',
      },
    });
    const login = () =>
      call(accountsEndpoints.login, {
        body: { type: 'username', username: 'benchplayer', password: PASSWORD },
      });
    await login();
    // The floor, from autocannon in a process of its own (measure.ts loadFrom).
    const healthRun = await loadFrom({
      url: base,
      paths: ['/readyz'],
      connections: CONCURRENCY,
      seconds: SECONDS,
    }).then((run) => ({ ...run, medianMs: run.p50Ms }));
    const loginRun = await measure(login);

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
        `  baseline GET /readyz             ${healthRun.perSecond.toFixed(0).padStart(10)}   ${healthRun.medianMs.toFixed(1).padStart(10)} ms   ${healthRun.failures}`,
        `  POST /wps/session/login          ${loginRun.perSecond.toFixed(0).padStart(10)}   ${loginRun.medianMs.toFixed(1).padStart(10)} ms   ${loginRun.failures}`,
        '',
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}

await main();
