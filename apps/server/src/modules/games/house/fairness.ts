import type { FairnessState, SeedRotation } from '@tessera/contract';
import { commitment } from '@tessera/house-games';
import type { Transaction } from '../../../db/database.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { seal, unseal } from '../../../platform/secret-box.ts';
import { type IdempotencyKey, write } from '../../../platform/write.ts';
import * as store from './store.ts';

/**
 * Provably fair seeds (packages/house-games/PROVABLY_FAIR.md): each member has one pair in use, a server seed
 * (32 random bytes, sealed under the secrets key; only its SHA-256 commitment is ever shown) and a client seed the
 * member may choose, with the nonce of the next round. Rotating reveals the server seed and starts a new pair at
 * nonce 0; choosing a client seed rotates too, so that no (server seed, client seed, nonce) is ever used twice.
 */

/** The server's secrets key, which seals the server seeds and the launches' tokens. */
export function secretsKeyOf(deps: Pick<AppDeps, 'config'>): Buffer {
  if (!deps.config.secretsKey) throw new Error('the secrets key is not loaded');
  return deps.config.secretsKey;
}

const sealContext = (memberId: number, committed: string) => `house-seed:${memberId}:${committed}`;

/** The server seed of a pair: in clear once revealed, else unsealed. */
export function serverSeedOf(deps: Pick<AppDeps, 'config'>, seed: store.SeedDb): string {
  if (seed.server_seed) return seed.server_seed;
  const opened = unseal(
    secretsKeyOf(deps),
    sealContext(seed.member_id, seed.commitment),
    seed.server_seed_sealed,
  );
  if (opened === null)
    throw new Error(`the server seed of pair ${seed.id} does not open under the secrets key`);
  return opened;
}

/** Writes a new pair in use for the member (none must be in use); false when another request wrote one first. */
async function newPair(
  deps: AppDeps,
  tx: Transaction,
  memberId: number,
  clientSeed: string | null,
  now: Date,
) {
  // 32 bytes from the injected generator, as the procedure's 64 lowercase hex characters (newServerSeed's format).
  const serverSeed = deps.rng.bytes(32).toString('hex');
  const committed = commitment(serverSeed);
  return store.insertSeed(
    tx,
    {
      memberId,
      serverSeedSealed: seal(secretsKeyOf(deps), sealContext(memberId, committed), serverSeed, deps.rng),
      commitment: committed,
      clientSeed: clientSeed ?? deps.rng.bytes(8).toString('hex'),
    },
    now,
  );
}

/** The member's pair in use, locked; made (with a random client seed) on the member's first use. */
export async function lockPair(
  deps: AppDeps,
  tx: Transaction,
  memberId: number,
  now: Date,
): Promise<store.SeedDb> {
  const found = await store.lockCurrentSeed(tx, memberId);
  if (found) return found;
  await newPair(deps, tx, memberId, null, now);
  const made = await store.lockCurrentSeed(tx, memberId);
  if (!made) throw new Error('the new seed pair vanished');
  return made;
}

const stateOf = (seed: store.SeedDb): FairnessState => ({
  commitment: seed.commitment,
  clientSeed: seed.client_seed,
  nonce: Number(seed.next_nonce),
});

/** The pair in use: commitment, client seed and the next nonce. */
export async function fairnessState(deps: AppDeps, memberId: number, now: Date): Promise<FairnessState> {
  const seed = await store.currentSeed(deps.db, memberId);
  if (seed) return stateOf(seed);
  return write(deps.db, { isolation: 'read committed' }, async (tx) =>
    stateOf(await lockPair(deps, tx, memberId, now)),
  );
}

/**
 * Ends the pair in use: its server seed is revealed (the member checks it against the commitment shown before) and a
 * new pair starts at nonce 0, with the client seed given or the old one. Refused while a round of the pair is not
 * finished: every round of a revealed pair is final.
 */
export async function rotateSeed(
  deps: AppDeps,
  memberId: number,
  clientSeed: string | null,
  idempotency: IdempotencyKey | null,
  now: Date,
): Promise<SeedRotation> {
  return write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    const seed = await lockPair(deps, tx, memberId, now);
    if (await store.hasStartedRound(tx, seed.id)) throw new AppError('house_round_in_progress');
    const serverSeed = serverSeedOf(deps, seed);
    await store.revealSeed(tx, seed.id, serverSeed, now);
    if (!(await newPair(deps, tx, memberId, clientSeed ?? seed.client_seed, now))) {
      throw new Error('a pair in use appeared while the member’s pair was locked');
    }
    const current = await store.lockCurrentSeed(tx, memberId);
    if (!current) throw new Error('the new seed pair vanished');
    return {
      previous: {
        serverSeed,
        commitment: seed.commitment,
        clientSeed: seed.client_seed,
        rounds: Number(seed.next_nonce),
      },
      current: stateOf(current),
    };
  });
}
