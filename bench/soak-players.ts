/**
 * The players of the soak (soak.ts), run in a process of their own (forked) so that the figures are the server's:
 * each player waits a think time of 2–8 s, makes one call, and again, until the end; a few hold a socket open.
 * Between games a player makes a call of the site's mix (each with its weight); one of its picks opens a game
 * instead, which the player then plays for a few rounds before going back to the site:
 *
 * - a house slot, as the site and the house's frame call it: the site's launch (GET /wps/game/launchGame), the
 *   frame's session (POST /house/api/session, the launch id of the address's fragment), the slot (GET
 *   /house/api/slots/game), then spins (POST /house/api/slots/spin, the slot's smallest stake; a round that won free
 *   spins plays them, POST /house/api/slots/free-spins); now and then the frame's history panel (GET
 *   /house/api/rounds). The frame paces spins at 2.5 s, so a house player's think time is at least that.
 * - a provider's game: the site's launch (the server asks the provider simulator for the game's address), the game
 *   page's state (the simulator asks our seamless wallet for the balance), then spins on the game page, each of
 *   which the simulator plays through our seamless wallet (a signed transaction/bet, then transaction/win).
 *
 * Every minute, sends the parent the calls answered that minute, their p50 and p99, and the failures; at the end,
 * each kind of call's count, failures, p50 and p99 over the run and its p99 in each minute.
 */
import WebSocket from 'ws';
import { percentile } from './measure.ts';

interface SoakCall {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  member: boolean;
  body?: string;
  weight: number;
}

export interface SoakPlan {
  url: string;
  tokens: string[];
  players: number;
  seconds: number;
  sockets: number;
  /** The calls of the site's mix, each with its weight. */
  calls: SoakCall[];
  /** Games a pick of the mix opens instead of a call, each with its weight among the calls'. */
  games: {
    /** Catalogue ids (nodeId) of the house slots and of the provider's games. */
    house: { nodeIds: number[]; weight: number };
    provider: { nodeIds: number[]; weight: number };
    /** The rounds a player plays once in a game: from `spins[0]` to `spins[1]`, evenly. */
    spins: [number, number];
  };
}

export interface SoakMinute {
  minute: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** The failures by call and status (or error). */
  failed: Record<string, number>;
  byCall: Record<string, number>;
}

/** A kind of call over the whole run. */
export interface SoakCallFigures {
  calls: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  /** Its p99 in each minute (NaN: none that minute). */
  p99ByMinute: number[];
}

/** The frame paces a house slot's spins (HOUSE_SPIN_INTERVAL_MS, 2.5 s); a little more for the clocks' drift. */
const HOUSE_PACE_MS = 2600;
const thinkMs = () => 2000 + Math.random() * 6000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const any = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

type Game =
  | { kind: 'house'; nodeId: number; token?: string; bet?: string; spinsLeft: number; pendingRound?: string }
  | { kind: 'provider'; nodeId: number; page?: string; stake?: string; spinsLeft: number };

class Failed extends Error {}

async function run(plan: SoakPlan) {
  const started = Date.now();
  const until = started + plan.seconds * 1000;
  type Pick = SoakCall | { game: 'house' | 'provider'; weight: number };
  const picks: Pick[] = [
    ...plan.calls,
    { game: 'house' as const, weight: plan.games.house.weight },
    { game: 'provider' as const, weight: plan.games.provider.weight },
  ].filter((pick) => pick.weight > 0);
  const totalWeight = picks.reduce((sum, pick) => sum + pick.weight, 0);
  const pick = (): Pick => {
    let left = Math.random() * totalWeight;
    for (const one of picks) {
      left -= one.weight;
      if (left < 0) return one;
    }
    return picks[0] as Pick;
  };
  let latencies: number[] = [];
  let failures = 0;
  let failed: Record<string, number> = {};
  let byCall: Record<string, number> = {};
  let minuteLatencies: Record<string, number[]> = {};
  const runLatencies: Record<string, number[]> = {};
  const runFailures: Record<string, number> = {};
  const p99ByMinute: Record<string, number[]> = {};
  const fail = (name: string, why: string) => {
    failures += 1;
    failed[`${name}: ${why}`] = (failed[`${name}: ${why}`] ?? 0) + 1;
    runFailures[name] = (runFailures[name] ?? 0) + 1;
  };
  const answered = (name: string, ms: number) => {
    latencies.push(ms);
    byCall[name] = (byCall[name] ?? 0) + 1;
    for (const lists of [minuteLatencies, runLatencies]) {
      const list = lists[name] ?? [];
      list.push(ms);
      lists[name] = list;
    }
  };
  let minute = 0;
  const endMinute = () => {
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
    for (const [name, list] of Object.entries(minuteLatencies)) {
      const byMinute = p99ByMinute[name] ?? [];
      byMinute[minute - 1] = percentile(list, 0.99);
      p99ByMinute[name] = byMinute;
    }
    process.send?.({ minute: message });
    latencies = [];
    failures = 0;
    failed = {};
    byCall = {};
    minuteLatencies = {};
  };
  const report = setInterval(endMinute, 60_000);

  const sockets = plan.tokens.slice(0, plan.sockets).map((token) => {
    const socket = new WebSocket(`${plan.url.replace('http', 'ws')}/ws`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('error', () => {});
    return socket;
  });

  let sent = 0;
  /**
   * One timed call: answers its JSON (or null when it has none). A refusal (not 2xx, a `success: false` envelope or
   * an `error` of the game page) is counted as a failure of the call's name and throws Failed.
   */
  const timed = async (
    name: string,
    url: string,
    options: { method?: 'GET' | 'POST'; token?: string; body?: unknown } = {},
  ): Promise<Record<string, unknown> | null> => {
    sent += 1;
    const start = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: {
          ...(options.token ? { authorization: options.token } : {}),
          ...(options.body === undefined
            ? {}
            : { 'content-type': 'application/json', 'idempotency-key': `soak-${started}-${sent}` }),
        },
        ...(options.body === undefined
          ? {}
          : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
      });
      text = await response.text();
    } catch (error) {
      fail(name, (error as { cause?: { code?: string } }).cause?.code ?? 'error');
      throw new Failed();
    }
    const ms = performance.now() - start;
    if (!response.ok) {
      fail(name, String(response.status));
      throw new Failed();
    }
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    if (body && (body.success === false || typeof body.error === 'string')) {
      fail(name, String(body.code ?? body.error));
      throw new Failed();
    }
    answered(name, ms);
    return body;
  };
  const value = (body: Record<string, unknown> | null) => (body?.value ?? {}) as Record<string, unknown>;
  const spinsOfAGame = () =>
    plan.games.spins[0] + Math.floor(Math.random() * (plan.games.spins[1] - plan.games.spins[0] + 1));

  /** The game's next call: its launch and opening calls first, then its rounds. */
  const playStep = async (game: Game, token: string): Promise<void> => {
    if (game.kind === 'house') {
      if (!game.token) {
        const launched = await timed(
          'house launch',
          `${plan.url}/wps/game/launchGame?nodeId=${game.nodeId}`,
          { token },
        );
        const launch = String(value(launched).game_url ?? '').split('#')[1];
        const opened = await timed('house session', `${plan.url}/house/api/session`, {
          method: 'POST',
          body: { launch },
        });
        game.token = `Bearer ${String(value(opened).token)}`;
        const slot = await timed('house slot', `${plan.url}/house/api/slots/game`, { token: game.token });
        game.bet = String((value(slot).betLimits as { min?: string } | undefined)?.min ?? '20');
        return;
      }
      if (game.pendingRound) {
        const round = game.pendingRound;
        game.pendingRound = undefined;
        await timed('house free spins', `${plan.url}/house/api/slots/free-spins`, {
          method: 'POST',
          token: game.token,
          body: { round },
        });
        return;
      }
      game.spinsLeft -= 1;
      const spun = await timed('house spin', `${plan.url}/house/api/slots/spin`, {
        method: 'POST',
        token: game.token,
        body: { bet: game.bet },
      });
      const round = value(spun).round as { id?: string; decision?: string } | undefined;
      if (round?.decision === 'freeSpins' && round.id) game.pendingRound = round.id;
      // The history panel, now and then.
      else if (Math.random() < 0.1)
        await timed('house rounds', `${plan.url}/house/api/rounds?pageNo=1&pageSize=10`, {
          token: game.token,
        });
      return;
    }
    if (!game.page) {
      const launched = await timed(
        'provider launch',
        `${plan.url}/wps/game/launchGame?nodeId=${game.nodeId}`,
        { token },
      );
      game.page = String(value(launched).game_url);
      const state = await timed('provider page state', `${game.page}/state`);
      game.stake = String((state?.stakes as string[] | undefined)?.[0] ?? '1.00');
      return;
    }
    game.spinsLeft -= 1;
    await timed('provider spin (bet + win)', `${game.page}/spin`, {
      method: 'POST',
      body: { stake: game.stake },
    });
  };

  const player = async (index: number) => {
    const token = plan.tokens[index % plan.tokens.length] as string;
    let game: Game | null = null;
    // Players start spread over the first think time.
    await sleep(Math.random() * 8000);
    while (Date.now() < until) {
      let pause = thinkMs();
      try {
        if (!game) {
          const picked = pick();
          if ('game' in picked) {
            game =
              picked.game === 'house'
                ? { kind: 'house', nodeId: any(plan.games.house.nodeIds), spinsLeft: spinsOfAGame() }
                : { kind: 'provider', nodeId: any(plan.games.provider.nodeIds), spinsLeft: spinsOfAGame() };
          } else {
            await timed(picked.name, `${plan.url}${picked.path}`, {
              method: picked.method,
              ...(picked.member ? { token } : {}),
              ...(picked.body === undefined ? {} : { body: picked.body }),
            });
          }
        }
        if (game) {
          const kind = game.kind;
          await playStep(game, token);
          if (kind === 'house') pause = Math.max(pause, HOUSE_PACE_MS);
          if (game.spinsLeft <= 0 && !('pendingRound' in game && game.pendingRound)) game = null;
        }
      } catch (error) {
        if (!(error instanceof Failed)) throw error;
        // A refused game call ends the game: the player goes back to the site.
        game = null;
      }
      await sleep(pause);
    }
  };
  await Promise.all(Array.from({ length: plan.players }, (_, index) => player(index)));
  clearInterval(report);
  for (const socket of sockets) socket.close();
  const perCall: Record<string, SoakCallFigures> = {};
  for (const name of new Set([...Object.keys(runLatencies), ...Object.keys(runFailures)])) {
    const list = runLatencies[name] ?? [];
    perCall[name] = {
      calls: list.length,
      failures: runFailures[name] ?? 0,
      p50Ms: percentile(list, 0.5),
      p99Ms: percentile(list, 0.99),
      p99ByMinute: Array.from({ length: minute }, (_, at) => p99ByMinute[name]?.[at] ?? Number.NaN),
    };
  }
  return perCall;
}

process.once('message', async (plan: SoakPlan) => {
  try {
    const perCall = await run(plan);
    process.send?.({ done: true, perCall });
  } catch (error) {
    process.send?.({ error: String(error) });
  }
  process.disconnect?.();
});
