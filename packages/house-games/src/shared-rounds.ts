/**
 * Shared rounds (the baccarat rooms and the live roulette table), procedure `tessera-table-1` of
 * PROVABLY_FAIR.md §7. Every player at a table sees the same outcome, so no one player's client seed may decide it:
 * the round's server seed is committed (its SHA-256 shown) before its betting window opens, and the round's salt
 * is computed when betting closes from the client seeds of all the bets placed in the window, in the order they were
 * placed. The outcome is drawn from the stream of (server seed, salt, round number), as any round of fair.ts.
 */
import { playRound } from './baccarat.ts';
import { type Drawer, drawer, isValidServerSeed, verifyCommitment } from './fair.ts';
import { canonicalJson } from './published.ts';
import { coveredNumbers, RED_NUMBERS, type RouletteBet, spinWheel } from './roulette.ts';
import { sha256, toHex, utf8 } from './sha256.ts';

const TABLE_PROCEDURE = 'tessera-table-1';

/**
 * The salt of a round: SHA-256, as 64 lowercase hex characters, of the ASCII text
 * `tessera-table-1:${table}:${round}` followed by `\n${clientSeed}` for each bet of the round in the order the bets
 * were placed. A client seed is printable ASCII, so it holds no line break and the text is unambiguous.
 */
export function tableSalt(table: string, round: number, clientSeeds: readonly string[]): string {
  if (!/^[a-z0-9-]{1,40}$/.test(table)) throw new RangeError('table must be 1-40 of a-z, 0-9 and -');
  if (!Number.isSafeInteger(round) || round < 0) throw new RangeError('round must be a non-negative integer');
  let text = `${TABLE_PROCEDURE}:${table}:${round}`;
  for (const seed of clientSeeds) {
    if (!/^[\x20-\x7e]{1,64}$/.test(seed)) throw new RangeError('client seed must be 1-64 printable ASCII');
    text += `\n${seed}`;
  }
  return toHex(sha256(utf8(text)));
}

/** The round's drawer: fair.ts's stream with the salt as the client seed and the round number as the nonce. */
export function tableDrawer(serverSeed: string, salt: string, round: number): Drawer {
  return drawer(serverSeed, salt, round);
}

/**
 * A spot of the roulette layout as the tables name it: an outside bet by its type (`red`, `black`, `odd`, `even`,
 * `low`, `high`), `dozen:1`…`dozen:3`, `column:1`…`column:3`, or an inside bet by its type and its numbers joined by
 * `-` in increasing order (`straight:17`, `split:0-1`, `street:1-2-3`, `corner:1-2-4-5`, `line:1-2-3-4-5-6`).
 * Answers the bet, or null for a spot the layout does not offer.
 */
export function rouletteSpot(spot: string, stake: bigint): RouletteBet | null {
  const [type, detail, extra] = spot.split(':');
  if (extra !== undefined || !type) return null;
  let bet: RouletteBet;
  if (['red', 'black', 'odd', 'even', 'low', 'high'].includes(type)) {
    if (detail !== undefined) return null;
    bet = { type: type as 'red', stake };
  } else if (type === 'dozen' || type === 'column') {
    if (!detail || !/^[123]$/.test(detail)) return null;
    bet = { type, which: Number(detail), stake };
  } else if (['straight', 'split', 'street', 'corner', 'line'].includes(type)) {
    if (!detail || !/^(0|[1-9][0-9]?)(-(0|[1-9][0-9]?))*$/.test(detail)) return null;
    const numbers = detail.split('-').map(Number);
    if (numbers.some((n, i) => i > 0 && n <= (numbers[i - 1] as number))) return null;
    bet = { type: type as 'straight', numbers, stake };
  } else {
    return null;
  }
  try {
    coveredNumbers(bet);
    return bet;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

export type TableKind = 'baccarat' | 'roulette';

/** A shared round's outcome as the tables record and serve it (the proof's `outcome`). */
export type TableOutcome =
  | {
      kind: 'baccarat';
      player: { rank: number; suit: number }[];
      banker: { rank: number; suit: number }[];
      playerTotal: number;
      bankerTotal: number;
      winner: 'player' | 'banker' | 'tie';
      playerPair: boolean;
      bankerPair: boolean;
    }
  | { kind: 'roulette'; pocket: number; colour: 'green' | 'red' | 'black' };

export const pocketColour = (pocket: number): 'green' | 'red' | 'black' =>
  pocket === 0 ? 'green' : RED_NUMBERS.includes(pocket) ? 'red' : 'black';

/** The outcome of a table's round from its server seed and salt: baccarat dealt from a fresh shoe, roulette's int(37). */
export function drawTableOutcome(
  kind: TableKind,
  serverSeed: string,
  salt: string,
  round: number,
): TableOutcome {
  const draw = tableDrawer(serverSeed, salt, round);
  if (kind === 'baccarat') {
    const dealt = playRound(draw);
    return {
      kind: 'baccarat',
      player: dealt.player.map((card) => ({ rank: card.rank, suit: card.suit })),
      banker: dealt.banker.map((card) => ({ rank: card.rank, suit: card.suit })),
      playerTotal: dealt.playerTotal,
      bankerTotal: dealt.bankerTotal,
      winner: dealt.winner,
      playerPair: dealt.playerPair,
      bankerPair: dealt.bankerPair,
    };
  }
  const pocket = spinWheel(draw);
  return { kind: 'roulette', pocket, colour: pocketColour(pocket) };
}

/** A shared round to verify: what decides it, and what the server showed (checked when given). */
export interface TableRoundToVerify {
  kind: TableKind;
  table: string;
  round: number;
  serverSeed: string;
  /** The client seeds of the round's bets, in the order the bets were placed. */
  clientSeeds: readonly string[];
  /** The SHA-256 commitment shown before the betting window opened. */
  commitment?: string;
  /** The salt the server published with the outcome. */
  salt?: string;
  /** The outcome the server recorded. */
  outcome?: unknown;
}

type TableCheck = 'match' | 'mismatch' | 'unchecked';

export interface TableVerification {
  /** SHA-256(serverSeed) against the commitment. */
  commitment: TableCheck;
  /** The salt computed from table, round and client seeds against the one published. */
  salt: TableCheck;
  /** The outcome drawn again against the one recorded. */
  outcome: TableCheck;
  computedSalt: string;
  computed: TableOutcome;
}

/**
 * Verifies a shared round (`tessera-table-1`, PROVABLY_FAIR.md §7) from scratch: the commitment, the salt, the
 * outcome. Throws RangeError for inputs the procedure cannot take (a bad seed, table name or client seed).
 */
export function verifyTableRound(round: TableRoundToVerify): TableVerification {
  if (round.kind !== 'baccarat' && round.kind !== 'roulette')
    throw new RangeError(`unknown table kind ${round.kind}`);
  if (!isValidServerSeed(round.serverSeed))
    throw new RangeError('server seed must be 64 lowercase hex characters');
  const computedSalt = tableSalt(round.table, round.round, round.clientSeeds);
  const computed = drawTableOutcome(round.kind, round.serverSeed, computedSalt, round.round);
  const given = (value: string | undefined) => value !== undefined && value.trim() !== '';
  return {
    commitment: given(round.commitment)
      ? verifyCommitment(round.serverSeed, (round.commitment ?? '').trim())
        ? 'match'
        : 'mismatch'
      : 'unchecked',
    salt: given(round.salt)
      ? (round.salt ?? '').trim().toLowerCase() === computedSalt
        ? 'match'
        : 'mismatch'
      : 'unchecked',
    outcome:
      round.outcome === undefined || round.outcome === null
        ? 'unchecked'
        : canonicalJson(round.outcome) === canonicalJson(computed)
          ? 'match'
          : 'mismatch',
    computedSalt,
    computed,
  };
}
