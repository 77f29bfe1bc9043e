import {
  canonicalJson,
  drawer,
  fishConfig,
  OFFERED_RTPS,
  type OfferedRtp,
  pocketColour,
  publishedConfig,
  publishedFishConfig,
  rtpVariant,
  shoot,
  slotGames,
  spin,
  type TableKind,
  type TableOutcome,
  verifyCommitment,
} from '@tessera/house-games';

/**
 * The verification of a house round in the browser, with no trust in the server: the outcome is computed again by
 * @tessera/house-games (the same code the server runs, PROVABLY_FAIR.md) from the seeds and the nonce, the server
 * seed is checked against the commitment shown before play, and the configuration's fingerprint (which includes the
 * RTP) against the one the game published.
 *
 * One procedure per kind of game, in PROCEDURES: a round names its kind, and its kind's procedure knows its games,
 * what the player chooses besides the stake, the published configuration and the outcome.
 *
 * A shared table's round (baccarat rooms, live roulette) is not one player's round: it has no RTP variant, stake or
 * nonce of its own but a table, a round number and the client seeds of every bet in it (procedure tessera-table-1,
 * PROVABLY_FAIR.md §7). Its procedure is verifyTableRound (@tessera/house-games), checked the same way: the
 * commitment, then the salt, then the outcome drawn again.
 */

/** A round to verify: everything that decides its outcome, and what the server showed and recorded, to compare. */
export interface RoundToVerify {
  /** The kind of game (a key of PROCEDURES): 'slots', 'fish'. */
  kind: string;
  game: string;
  /** The offered RTP in percent ('96'): part of the published configuration. */
  rtp: string;
  /** The stake in minor units, as a decimal string. */
  bet: string;
  /** What the player chose besides the stake (the fish of a shot), or null. */
  choice: Record<string, string> | null;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The SHA-256 commitment shown before play (checked when given). */
  commitment?: string;
  /** The configuration fingerprint shown before play or recorded with the round (checked when given). */
  configFingerprint?: string;
  /** The outcome the server recorded (checked when given). */
  outcome?: unknown;
}

interface Choice {
  /** The choice's key in the round ('fish'), and its options. */
  key: string;
  options: readonly string[];
}

export interface Procedure {
  games: readonly string[];
  /** What the player chooses besides the stake, for the paste form. */
  choices: (game: string) => Choice[];
  /** The fingerprint of the game's published configuration at an offered RTP. */
  fingerprint: (game: string, rtp: OfferedRtp) => string;
  /** The outcome (as the server stores it: amounts as decimal strings) and its win in minor units. */
  outcome: (round: RoundToVerify) => { outcome: unknown; win: bigint };
}

/** An outcome as stored: bigints as decimal strings. */
const asStored = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item)));

const slotOf = (id: string) => {
  const game = slotGames.find((candidate) => candidate.id === id);
  if (!game) throw new RangeError(`unknown slot ${id}`);
  return game;
};

const fingerprints = new Map<string, string>();
const cached = (key: string, compute: () => string) => {
  let found = fingerprints.get(key);
  if (!found) {
    found = compute();
    fingerprints.set(key, found);
  }
  return found;
};

const FISH_GAME = fishConfig().game;

export const PROCEDURES: Record<string, Procedure> = {
  slots: {
    games: slotGames.map((game) => game.id),
    choices: () => [],
    fingerprint: (game, rtp) =>
      cached(
        `slots:${game}@${rtp}`,
        () => publishedConfig(slotOf(game), rtpVariant(slotOf(game), rtp)).fingerprint,
      ),
    outcome: (round) => {
      const game = slotOf(round.game);
      const outcome = spin(
        game,
        rtpVariant(game, offered(round.rtp)),
        BigInt(round.bet),
        drawer(round.serverSeed, round.clientSeed, round.nonce),
      );
      return { outcome: asStored(outcome), win: outcome.totalWin };
    },
  },
  fish: {
    games: [FISH_GAME],
    choices: () => [{ key: 'fish', options: fishConfig().fish.map((fish) => fish.id) }],
    fingerprint: (_game, rtp) =>
      cached(`fish@${rtp}`, () => publishedFishConfig(fishConfig(rtp)).fingerprint),
    outcome: (round) => {
      const fish = round.choice?.fish;
      if (!fish) throw new RangeError('a fish shot needs its fish');
      const shot = shoot(
        fishConfig(offered(round.rtp)),
        BigInt(round.bet),
        fish,
        drawer(round.serverSeed, round.clientSeed, round.nonce),
      );
      return { outcome: asStored(shot), win: shot.win };
    },
  },
};

function offered(rtp: string): OfferedRtp {
  if (!(OFFERED_RTPS as readonly string[]).includes(rtp)) throw new RangeError(`RTP ${rtp}% is not offered`);
  return rtp as OfferedRtp;
}

/** Every game the page can verify, with its kind. */
export const VERIFIABLE_GAMES = Object.entries(PROCEDURES).flatMap(([kind, procedure]) =>
  procedure.games.map((game) => ({ kind, game })),
);

export type Check = 'match' | 'mismatch' | 'unchecked';

export interface Verification {
  /** sha256(serverSeed) against the commitment shown before play. */
  commitment: Check;
  /** The published configuration's fingerprint at the round's RTP against the one shown or recorded. */
  fingerprint: Check;
  /** The outcome computed here against the one the server recorded. */
  outcome: Check;
  publishedFingerprint: string;
  computed: { outcome: unknown; win: bigint };
}

/** Verifies a round; throws RangeError for inputs the procedure cannot take (a bad seed, an unknown game …). */
export function verifyRound(round: RoundToVerify): Verification {
  const procedure = PROCEDURES[round.kind];
  if (!procedure?.games.includes(round.game))
    throw new RangeError(`unknown game ${round.kind}/${round.game}`);
  if (!/^[1-9][0-9]{0,17}$/.test(round.bet))
    throw new RangeError('the stake must be a whole number of minor units');
  const computed = procedure.outcome(round);
  const publishedFingerprint = procedure.fingerprint(round.game, offered(round.rtp));
  const compare = (given: string | undefined, check: () => boolean): Check =>
    given === undefined || given.trim() === '' ? 'unchecked' : check() ? 'match' : 'mismatch';
  return {
    commitment: compare(round.commitment, () =>
      verifyCommitment(round.serverSeed, (round.commitment ?? '').trim()),
    ),
    fingerprint: compare(
      round.configFingerprint,
      () => publishedFingerprint === round.configFingerprint?.trim().toLowerCase(),
    ),
    outcome:
      round.outcome === undefined || round.outcome === null
        ? 'unchecked'
        : canonicalJson(computed.outcome) === canonicalJson(round.outcome)
          ? 'match'
          : 'mismatch',
    publishedFingerprint,
    computed,
  };
}

// ------------------------------------------------------------------------------------------- shared table rounds

export {
  type TableKind,
  type TableOutcome,
  type TableRoundToVerify,
  type TableVerification,
  verifyTableRound,
} from '@tessera/house-games';

export const TABLE_KINDS = ['baccarat', 'roulette'] as const;

/**
 * The outcome a visitor says was shown, as the procedure compares it: roulette's pocket (a number 0–36, its colour
 * following), or the proof's `outcome` as JSON; null when it cannot be read as an outcome of that kind.
 */
export function claimedTableOutcome(kind: TableKind, text: string): TableOutcome | null {
  const trimmed = text.trim();
  if (kind === 'roulette' && /^[0-9]{1,2}$/.test(trimmed)) {
    const pocket = Number(trimmed);
    return pocket <= 36 ? { kind: 'roulette', pocket, colour: pocketColour(pocket) } : null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return (parsed as { kind?: unknown }).kind === kind ? (parsed as TableOutcome) : null;
}
