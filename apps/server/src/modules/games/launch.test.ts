import { launchEndpoints as api, catalogueEndpoints } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderWorld, startProviderWorld } from '../../../test/factories/game-providers.ts';
import { newGame } from '../../../test/factories/games.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { enqueue } from '../../platform/jobs.ts';
import { write } from '../../platform/write.ts';
import { ENDED_GAME_SESSION_DAYS } from './providers/launch.ts';

let world: ProviderWorld;
beforeAll(async () => {
  world = await startProviderWorld({ contracts: ['hub88', 'transfer'] });
});
afterAll(async () => {
  await world.close();
});

/** A launchable game of the simulator's catalogue: one that allows free play, or one that does not. */
async function simulatorGame(free: boolean) {
  const [row] = await world.t.db.query<{ id: number; game_id: string; vassalage: string }>(
    `select g.id, g.game_id, v.vassalage from games g join game_vendors v on v.id = g.vendor_id
     where g.demo = $1 and g.game_id is not null and g.enabled and v.vassalage <> 'FB' and v.provider <> 'HOUSE'
     order by g.id limit 1`,
    [free],
  );
  if (!row) throw new Error('the simulator has no such game');
  return row;
}

const launch = (query: Record<string, string | number>, token?: string, path = api.launchGame.path) =>
  world.t.get(
    `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    token,
  );

describe('GET /wps/game/launchGame', () => {
  it("opens a game for real money at its provider and puts it at the top of the member's recent games", async () => {
    const { t, sim } = world;
    const member = await newMember(t);
    const game = await simulatorGame(false);
    const res = await launch(
      { nodeId: game.id, accountType: 1, launchMode: 'GLS', clientType: 3 },
      member.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.value.real).toBe(true);
    expect(res.body.value.game_url.startsWith(sim.url)).toBe(true);
    expect(res.body.value.content.game_url).toBe(res.body.value.game_url);
    expect(res.body.value.game_url).not.toContain(member.token);
    expect(sim.sessions().at(-1)).toMatchObject({ demo: false });
    const recent = await t.get(catalogueEndpoints.recentGames.path, member.token);
    expect(recent.body.value.list[0].nodeId).toBe(game.id);
    // The original names the game by its id at the vendor.
    const byId = await launch({ gameId: game.game_id, vassalage: game.vassalage }, member.token);
    expect(byId.body.value.real).toBe(true);
  });

  it('plays free (accountType 0) only where the game allows it, and free play is not a recent game', async () => {
    const member = await newMember(world.t);
    const refused = await launch({ nodeId: (await simulatorGame(false)).id, accountType: 0 }, member.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'game_demo_unavailable']);
    const free = await simulatorGame(true);
    const res = await launch({ nodeId: free.id, accountType: 0 }, member.token);
    expect([res.status, res.body.value.real]).toEqual([200, false]);
    expect(world.sim.sessions().at(-1)).toMatchObject({ demo: true });
    expect((await world.t.get(catalogueEndpoints.recentGames.path, member.token)).body.value.list).toEqual(
      [],
    );
  });

  it('sends a trial account to register unless the game allows free play, which it then plays free', async () => {
    const trial = await newMember(world.t, 4);
    const refused = await launch({ nodeId: (await simulatorGame(false)).id }, trial.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'in_need_true_account']);
    const res = await launch({ nodeId: (await simulatorGame(true)).id }, trial.token);
    expect([res.status, res.body.value.real]).toEqual([200, false]);
  });

  it('launches nothing for a game that is coming soon, an unknown game, or no game named', async () => {
    const member = await newMember(world.t);
    const sessions = world.sim.sessions().length;
    const soon = await newGame(world.t, { gameId: null, roomId: null });
    const comingSoon = await launch({ nodeId: soon }, member.token);
    expect([comingSoon.status, comingSoon.body.code]).toEqual([409, 'game_coming_soon']);
    const unknown = await launch({ nodeId: 999_999 }, member.token);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'game_not_found']);
    const none = await launch({ accountType: 1 }, member.token);
    expect([none.status, none.body.code, none.body.fields]).toEqual([
      400,
      'validation_failed',
      { gameId: 'Input cannot be empty' },
    ]);
    const bad = await launch({ nodeId: 1, accountType: 2 }, member.token);
    expect([bad.status, Object.keys(bad.body.fields ?? {})]).toEqual([400, ['accountType']]);
    expect(world.sim.sessions().length).toBe(sessions);
  });

  it('opens the games of JDB, AE and DG in English when the site is in Indonesian, and the others in Indonesian', async () => {
    const member = await newMember(world.t);
    const gameOf = async (vendor: string) =>
      (
        await world.t.db.query<{ id: number }>(
          `select g.id from games g join game_vendors v on v.id = g.vendor_id
           where v.vassalage = $1 and (g.game_id is not null or g.room_id is not null) order by g.id limit 1`,
          [vendor],
        )
      )[0]?.id as number;
    for (const [vendor, lang] of [
      ['JDB', 'en'],
      ['DG', 'en'],
      ['SIM_LIVE', 'id'],
    ]) {
      const res = await launch({ nodeId: await gameOf(vendor as string), language: 'ID' }, member.token);
      expect([vendor, res.status, world.sim.sessions().at(-1)?.lang]).toEqual([vendor, 200, lang]);
    }
  });

  it('refuses visitors: the login gate', async () => {
    const res = await launch({ nodeId: (await simulatorGame(true)).id });
    expect([res.status, res.body.code]).toEqual([401, 'unauthorized']);
  });
});

describe('housekeeping', () => {
  it('deletes game sessions 30 days after they ended, and keeps the others', async () => {
    const { t } = world;
    const member = await newMember(t);
    const sessions = async () =>
      (
        await t.db.query<{ n: number }>('select count(*)::int as n from game_sessions where member_id = $1', [
          member.id,
        ])
      )[0]?.n;
    await launch({ nodeId: (await simulatorGame(false)).id }, member.token);
    t.clock.advance(
      (ENDED_GAME_SESSION_DAYS + 1) * 86_400_000 + t.config.gameProviders.sessionHours * 3_600_000,
    );
    await launch({ nodeId: (await simulatorGame(false)).id }, (await newMember(t)).token);
    const fresh = await newMember(t);
    await launch({ nodeId: (await simulatorGame(false)).id }, fresh.token);
    expect(await sessions()).toBe(1);
    await write(t.db, { isolation: 'read committed' }, (tx) =>
      enqueue(tx, { kind: 'housekeeping', runAt: t.clock.now() }, t.clock.now()),
    );
    await t.jobs.runDue();
    expect(await sessions()).toBe(0);
    const [kept] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from game_sessions where member_id = $1',
      [fresh.id],
    );
    expect(kept?.n).toBe(1);
  });
});

describe('GET /wps/relay/GCS_gameTrialLaunch', () => {
  it('lets a visitor play free where the game allows it, and never for real', async () => {
    const free = await launch(
      { nodeId: (await simulatorGame(true)).id, accountType: 1 },
      undefined,
      api.trialLaunch.path,
    );
    expect([free.status, free.body.value.real]).toEqual([200, false]);
    const refused = await launch(
      { nodeId: (await simulatorGame(false)).id },
      undefined,
      api.trialLaunch.path,
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'game_demo_unavailable']);
  });
});

describe('GET /wps/relay/GCS_gameLaunchFB', () => {
  it("opens FB's sports book for a member, for real money, and refuses visitors and trial accounts", async () => {
    const member = await newMember(world.t);
    const res = await world.t.get(api.launchFb.path, member.token);
    expect([res.status, res.body.value.real]).toEqual([200, true]);
    expect(res.body.value.game_url.startsWith(world.sim.url)).toBe(true);
    const visitor = await world.t.get(api.launchFb.path);
    expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
    const trial = await newMember(world.t, 4);
    const refused = await world.t.get(api.launchFb.path, trial.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'in_need_true_account']);
  });
});
