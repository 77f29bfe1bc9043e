import type { TestApp } from '../harness.ts';

let made = 0;

export interface GameFields {
  vendor?: string;
  gameType?: string;
  code?: string;
  names?: Record<string, string>;
  gameId?: string | null;
  roomId?: string | null;
  classify?: string;
  minBet?: bigint;
  lineNum?: number;
  platforms?: string[];
  hotRank?: number | null;
  sort?: number;
  demo?: boolean;
  enabled?: boolean;
}

/** A game of a seeded vendor (Tessera Slots unless told), launchable unless gameId and roomId are null. */
export async function newGame(
  t: Pick<TestApp, 'db'> & { deps: Pick<TestApp['deps'], 'rng'>; clock: { now(): Date } },
  fields: GameFields = {},
): Promise<number> {
  made += 1;
  const code = fields.code ?? `G${made}_${t.deps.rng.int(0, 1_000_000)}`;
  const [row] = await t.db.query<{ id: number }>(
    `insert into games (vendor_id, code, game_id, room_id, names, classify, min_bet, line_num, platforms, hot_rank,
       sort, demo, enabled, created_at, updated_at)
     values ((select id from game_vendors where vassalage = $1 and game_type = coalesce($14, game_type) limit 1),
       $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15, $15)
     returning id`,
    [
      fields.vendor ?? 'HOUSE_SLOTS',
      code,
      fields.gameId === undefined ? `id-${code}` : fields.gameId,
      fields.roomId ?? null,
      JSON.stringify(fields.names ?? { EN: `Game ${code}` }),
      fields.classify ?? 'SLOT',
      (fields.minBet ?? 10n).toString(),
      fields.lineNum ?? 20,
      fields.platforms ?? ['html5-desktop', 'html5'],
      fields.hotRank ?? null,
      fields.sort ?? 0,
      fields.demo ?? false,
      fields.enabled ?? true,
      fields.gameType ?? null,
      t.clock.now(),
    ],
  );
  if (!row) throw new Error('no game inserted');
  return row.id;
}

/** A settled round of a member's play (minor units), as the money contract records one. */
export async function playedRound(
  t: TestApp,
  round: { memberId: number; gameId: number; bet: bigint; win: bigint; at?: Date },
): Promise<void> {
  made += 1;
  const at = round.at ?? t.clock.now();
  await t.db.query(
    `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
     values ($1, $2, $3, 'USD', $4, $5, 'settled', $6, $6)`,
    [round.memberId, round.gameId, `R${made}`, round.bet.toString(), round.win.toString(), at],
  );
}
