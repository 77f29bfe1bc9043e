/**
 * Seamless game wallet figures (issue 12) on a real PostgreSQL server the script starts: bet-and-win round trips per
 * second, each a signed transaction/bet and a signed transaction/win sent over HTTP by the provider simulator
 * (sandbox/game-provider) to a started server process, with 1 player and with 100 players; beside, measured in the
 * same run, the wallet benchmark's baselines: pgbench's built-in simple-update and postings through
 * POST /wps/relay/GCS_walletTransfer on the same server, driven by autocannon in a process of its own. A round
 * moves money twice (two ledger postings); its signed calls are made by the simulator, in this process.
 * Run: npx tsx bench/game-wallet.ts   [CONCURRENCY=8 SECONDS=10]
 */

import { randomUUID } from 'node:crypto';
import { walletPlayerEndpoints as api } from '@tessera/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { hub88User } from '../apps/server/src/modules/games/providers/hub88.ts';
import { registerProvider } from '../apps/server/src/modules/games/providers/registry.ts';
import { hashSessionToken } from '../apps/server/src/modules/games/providers/seamless.ts';
import { cryptoRng, token } from '../apps/server/src/platform/rng.ts';
import { openSession } from '../apps/server/src/platform/sessions.ts';
import { startServer } from '../e2e/start-server.ts';
import { startGameProvider } from '../sandbox/game-provider/server.ts';
import { fundBenchMember, startBenchDatabase } from './database.ts';
import { builtinTps, loadFrom, throughput } from './measure.ts';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const SECONDS = Number(process.env.SECONDS ?? 10);
const PLAYERS = 100;
const PROVIDER = 'BENCH';
const OPERATOR = 'bench-operator';
const SECRETS_KEY = Buffer.alloc(32, 5);

const measure = (work: () => Promise<unknown>) =>
  throughput(work, { concurrency: CONCURRENCY, seconds: SECONDS });

async function main() {
  const bench = await startBenchDatabase(4);
  const { pg, url, db } = bench;
  const simulator = await startGameProvider();
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const now = new Date();
    const config = loadConfig({});
    await registerProvider(
      db,
      SECRETS_KEY,
      cryptoRng,
      {
        code: PROVIDER,
        name: 'Bench',
        contract: 'hub88',
        baseUrl: simulator.url,
        operatorId: OPERATOR,
        providerPublicKey: simulator.publicKey,
      },
      now,
    );
    const [vendor] = await db.query<{ id: number }>(
      "insert into game_vendors (game_type, vassalage, display_name, provider) values ('RNG', 'BENCH', 'Bench', $1) returning id",
      [PROVIDER],
    );
    const [game] = await db.query<{ id: number }>(
      `insert into games (vendor_id, code, game_id, names, created_at, updated_at)
       values ($1, 'bench_slot', 'bench_slot', '{"EN": "Bench slot"}', $2, $2) returning id`,
      [vendor?.id, now],
    );
    // A game of the FB vendor, whose wallet the transfers fill (a vendor without games takes no money).
    await db.query(
      `insert into games (vendor_id, code, game_id, names, created_at, updated_at)
       select id, 'bench_fb', 'bench_fb', '{"EN": "Bench FB"}', $1, $1 from game_vendors where vassalage = 'FB'`,
      [now],
    );
    const members = await db.query<{ id: number }>(
      `insert into members (username) select 'bench' || g from generate_series(1, ${PLAYERS}) g returning id`,
    );
    const players: { user: string; token: string; session: string }[] = [];
    for (const { id } of members) {
      const sessionToken = token(cryptoRng);
      await db.query(
        `insert into game_sessions (token_hash, provider, member_id, game_id, currency, created_at, expires_at)
         values ($1, $2, $3, $4, 'PHP', $5, $5::timestamptz + interval '1 day')`,
        [hashSessionToken(sessionToken), PROVIDER, id, game?.id, now],
      );
      const session = await openSession(
        db,
        { kind: 'member', id },
        config.memberSession,
        now,
        '127.0.0.1',
        cryptoRng,
      );
      players.push({ user: hub88User(id), token: sessionToken, session: session.token });
      await fundBenchMember(db, id, now);
    }
    const [provider] = await db.query<{ public_key: string }>(
      'select public_key from game_providers where code = $1',
      [PROVIDER],
    );

    server = await startServer({
      DATABASE_URL: url,
      DEMO_SEED: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      SECRETS_KEY: SECRETS_KEY.toString('base64'),
    });
    const base = server.baseUrl;
    await fetch(`${simulator.url}/sandbox/operators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        operator_id: OPERATOR,
        public_key: provider?.public_key,
        wallet_url: `${base}/providers/hub88/${PROVIDER}`,
      }),
    });

    const pick = () => players[cryptoRng.int(0, players.length)] as (typeof players)[number];
    const round = async (player: (typeof players)[number]) => {
      const bet = randomUUID();
      const common = {
        user: player.user,
        token: player.token,
        round: bet,
        game_code: 'bench_slot',
        currency: 'PHP',
      };
      const placed = await simulator.walletCall(OPERATOR, '/transaction/bet', {
        ...common,
        request_uuid: randomUUID(),
        transaction_uuid: bet,
        amount: 1000,
      });
      if (placed.answer?.status !== 'RS_OK') throw new Error(String(placed.answer?.status));
      const paid = await simulator.walletCall(OPERATOR, '/transaction/win', {
        ...common,
        request_uuid: randomUUID(),
        transaction_uuid: `${bet}-win`,
        reference_transaction_uuid: bet,
        round_closed: true,
        amount: 2000,
      });
      if (paid.answer?.status !== 'RS_OK') throw new Error(String(paid.answer?.status));
    };
    const simpleUpdate = builtinTps(pg.bin, pg.port, 'simple-update', CONCURRENCY, SECONDS);
    await measure(() => round(pick())); // warm-up
    // A posting answers 2xx once before it is measured: a benchmark of refusals would measure nothing.
    const check = await fetch(`${base}${api.walletTransfer.path}`, {
      method: 'POST',
      headers: {
        authorization: pick().session,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: '{"fromWallet":"main","toWallet":"FB","amount":0.01}',
    });
    if (!check.ok) throw new Error(`GCS_walletTransfer: ${check.status} ${await check.text()}`);
    // Postings through HTTP from autocannon in a process of its own (measure.ts loadFrom).
    const transferRun = await loadFrom({
      url: base,
      paths: [api.walletTransfer.path],
      method: 'POST',
      tokens: players.map((player) => player.session),
      idempotencyKeys: `h-${randomUUID()}`,
      body: '{"fromWallet":"main","toWallet":"FB","amount":0.01}',
      connections: CONCURRENCY,
      seconds: SECONDS,
    });
    const transfers = { ...transferRun, medianMs: transferRun.p50Ms };
    const rounds1 = await measure(() => round(players[0] as (typeof players)[number]));
    const roundsMany = await measure(() => round(pick()));

    const row = (name: string, perSecond: number, medianMs?: number, ratio?: number) =>
      `  ${name.padEnd(62)}${perSecond.toFixed(0).padStart(8)}${medianMs === undefined ? ''.padStart(13) : `${medianMs.toFixed(2).padStart(10)} ms`}${ratio === undefined ? '' : `   ratio ${ratio.toFixed(2)}`}`;
    process.stdout.write(
      [
        `PostgreSQL server started by the script; ${CONCURRENCY} concurrent clients for ${SECONDS} s each; ${PLAYERS} funded players`,
        '',
        `${'  per second'.padEnd(64)}      median`,
        row('baseline pgbench simple-update (built-in)', simpleUpdate),
        row(
          'baseline postings, HTTP GCS_walletTransfer (wallet bench)',
          transfers.perSecond,
          transfers.medianMs,
          transfers.perSecond / simpleUpdate,
        ),
        row(
          'seamless bet-and-win rounds, signed HTTP, 1 player',
          rounds1.perSecond,
          rounds1.medianMs,
          rounds1.perSecond / simpleUpdate,
        ),
        row(
          `seamless bet-and-win rounds, signed HTTP, ${PLAYERS} players`,
          roundsMany.perSecond,
          roundsMany.medianMs,
          roundsMany.perSecond / simpleUpdate,
        ),
        row(
          `  the same as wallet calls (2 a round), ${PLAYERS} players`,
          roundsMany.perSecond * 2,
          undefined,
          (roundsMany.perSecond * 2) / transfers.perSecond,
        ),
        '',
        `  failed calls: ${[transfers, rounds1, roundsMany].reduce((sum, run) => sum + run.failures, 0)}${transferRun.failures ? ` (postings answered ${transferRun.statuses})` : ''}`,
        '',
      ].join('\n'),
    );
  } finally {
    await server?.stop();
    await simulator.close();
    await bench.stop();
  }
}

await main();
