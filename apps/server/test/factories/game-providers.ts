import { freePort } from '../../../../e2e/start-server.ts';
import { type GameProviderSandbox, startGameProvider } from '../../../../sandbox/game-provider/server.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { syncCatalogue } from '../../src/modules/games/providers/catalogue.ts';
import { hub88User } from '../../src/modules/games/providers/hub88.ts';
import { type LaunchRequest, launchGame } from '../../src/modules/games/providers/launch.ts';
import { registerProvider } from '../../src/modules/games/providers/registry.ts';
import { memberAccounts } from '../../src/modules/wallet/ledger.ts';
import { startTestApp, TEST_SECRETS_KEY, type TestApp } from '../harness.ts';
import { walletMember } from './wallet.ts';

/** A test server listening on a real port, the provider simulator beside it, and providers registered and synced. */
export interface ProviderWorld {
  t: TestApp;
  sim: GameProviderSandbox;
  siteUrl: string;
  close(): Promise<void>;
}

export const SEAMLESS = { code: 'SIM', operatorId: 'op-seamless' } as const;
export const TRANSFER = { code: 'SIMT', operatorId: 'op-transfer' } as const;

type WorldOptions = { contracts?: ('hub88' | 'transfer')[]; sync?: boolean; config?: Partial<Config> };

/**
 * The world on a port chosen before the server starts (its address is in the server's and the simulator's setup).
 * Another test process may take that port in the seconds before the server listens: then the world starts again on
 * another one.
 */
export async function startProviderWorld(options: WorldOptions = {}): Promise<ProviderWorld> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startProviderWorldOnce(options);
    } catch (error) {
      if (attempt >= 5 || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
}

async function startProviderWorldOnce(options: WorldOptions): Promise<ProviderWorld> {
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  // A win or rollback without an answer is sent again at once (no waiting in tests).
  const sim = await startGameProvider({ retryDelaysMs: [0, 0, 0, 0, 0] });
  const base = loadConfig({ LOG_LEVEL: 'silent' });
  const t = await startTestApp({
    runJobs: false,
    config: {
      ...options.config,
      siteUrl,
      gameProviders: {
        ...base.gameProviders,
        walletUrl: siteUrl,
        sandboxUrl: sim.url,
        transferCheckSeconds: 30,
      },
    },
  });
  try {
    await t.app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await t.close();
    await sim.close();
    throw error;
  }
  for (const contract of options.contracts ?? ['hub88']) {
    const which = contract === 'hub88' ? SEAMLESS : TRANSFER;
    await registerProvider(
      t.db,
      TEST_SECRETS_KEY,
      t.deps.rng,
      {
        code: which.code,
        name: which.code,
        contract,
        baseUrl: sim.url,
        operatorId: which.operatorId,
        sandbox: true,
      },
      t.clock.now(),
    );
    if (options.sync ?? true) await syncCatalogue(t.deps, which.code, t.clock.now());
  }
  return {
    t,
    sim,
    siteUrl,
    async close() {
      await t.close();
      await sim.close();
    },
  };
}

/** A game of the catalogue by its code at the provider, as the launch route passes it. */
export async function catalogueGame(t: TestApp, code: string): Promise<LaunchRequest['game']> {
  const [row] = await t.db.query<{
    id: number;
    game_id: string | null;
    room_id: string | null;
    vassalage: string;
    game_type: string;
  }>(
    `select g.id, g.game_id, g.room_id, v.vassalage, v.game_type from games g join game_vendors v on v.id = g.vendor_id
     where g.code = $1`,
    [code],
  );
  if (!row) throw new Error(`no game ${code}`);
  return {
    id: row.id,
    code,
    gameId: row.game_id,
    roomId: row.room_id,
    vendor: row.vassalage,
    gameType: row.game_type,
  };
}

/** A funded member (minor units) with a real-play session of the game at the simulator. */
export async function playerInGame(world: ProviderWorld, code: string, funds: bigint) {
  const { t, sim } = world;
  const member = await walletMember(t, { funds });
  const { url } = await launchGame(
    t.deps,
    {
      member: { id: member.id, username: `member${member.id}` },
      game: await catalogueGame(t, code),
      demo: false,
      language: 'EN',
      platform: 'desktop',
      lobbyUrl: `${world.siteUrl}/games`,
    },
    t.clock.now(),
  );
  const session = sim.sessions().at(-1);
  if (!session?.token || session.user !== hub88User(member.id))
    throw new Error('the launch opened no session');
  return { member, url, session: session.id, user: session.user, token: session.token };
}

export async function mainBalance(t: TestApp, memberId: number): Promise<bigint> {
  return (await memberAccounts(t.db, memberId)).find((account) => account.kind === 'main')?.balance ?? 0n;
}
