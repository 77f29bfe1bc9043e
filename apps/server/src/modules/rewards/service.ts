import type { RewardCentre, RewardCount, RewardItem, RewardSource } from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { IdempotencyKey } from '../../platform/write.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import { currencyOf } from '../wallet/settings.ts';
import { REWARD_SOURCE_LIST, type RewardSourceDef } from './sources.ts';

/**
 * The rewards centre (rewardCenter, issue 23 part 4): a read-side area over the areas that own rewards. It lists
 * what each source says the member can claim now and what it received lately, counts them for the badge, and sends
 * a claim to the owning area's claim. It has no tables and writes nothing itself, so a reward's rules (who may
 * claim, until when, its credit and wagering requirement, its idempotency) stay in one place: the owner's.
 */

/** The site-wide flag of the rewards centre (spec §2): off, the page and its claims are refused and nothing counts. */
const REWARD_CENTRE_FLAG = 'REWARDCENTER3';
/** What "received recently" covers. */
const RECENT_DAYS = 30;
const RECENT_LIMIT = 20;

async function assertOn(deps: Pick<AppDeps, 'db'>): Promise<void> {
  if (!(await moduleEnabled(deps.db, REWARD_CENTRE_FLAG))) throw new AppError('feature_disabled');
}

/** Soonest expiry first (none last), then oldest first. */
function byUrgency(a: RewardItem, b: RewardItem): number {
  const expiry = (item: RewardItem) =>
    item.expiresAt ? Date.parse(item.expiresAt) : Number.POSITIVE_INFINITY;
  return expiry(a) - expiry(b) || Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

function allClaimable(deps: AppDeps, memberId: number, now: Date, language: string) {
  return Promise.all(REWARD_SOURCE_LIST.map((source) => source.claimable(deps, memberId, now, language)));
}

export async function rewardCentre(
  deps: AppDeps,
  memberId: number,
  now: Date,
  language: string,
): Promise<RewardCentre> {
  await assertOn(deps);
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const [currency, claimable, received] = await Promise.all([
    currencyOf(deps),
    allClaimable(deps, memberId, now, language),
    Promise.all(
      REWARD_SOURCE_LIST.map((source) => source.received(deps, memberId, since, RECENT_LIMIT, language)),
    ),
  ]);
  const list = claimable.flat().sort(byUrgency);
  const scale = 10 ** currency.digits;
  return {
    ...currency,
    claimable: list,
    // Summed in minor units: major amounts do not add exactly in floating point.
    total: list.reduce((sum, item) => sum + Math.round(item.amount * scale), 0) / scale,
    recent: received
      .flat()
      .sort((a, b) => Date.parse(b.claimedAt ?? b.createdAt) - Date.parse(a.claimedAt ?? a.createdAt))
      .slice(0, RECENT_LIMIT),
  };
}

/** The badge's rewards part: claimable now, in all and per source (nothing while the centre is off). */
export async function rewardCount(
  deps: AppDeps,
  memberId: number,
  now: Date,
  language: string,
): Promise<RewardCount> {
  if (!(await moduleEnabled(deps.db, REWARD_CENTRE_FLAG))) return { count: 0, sources: {} };
  const claimable = await allClaimable(deps, memberId, now, language);
  const sources: RewardCount['sources'] = {};
  REWARD_SOURCE_LIST.forEach((source, index) => {
    sources[source.source] = claimable[index]?.length ?? 0;
  });
  return { count: claimable.reduce((sum, items) => sum + items.length, 0), sources };
}

/**
 * Claims one reward through its source. A source that claims nothing by hand (referral) or is not part of the
 * centre answers reward_not_found; the owner's refusals (not found, claimed, expired) come through as they are.
 */
export async function claimFromCentre(
  deps: AppDeps,
  memberId: number,
  target: { source: RewardSource; id: number },
  request: { now: Date; idempotency: IdempotencyKey | null; language: string },
): Promise<RewardItem> {
  await assertOn(deps);
  const source: RewardSourceDef | undefined = REWARD_SOURCE_LIST.find(
    (entry) => entry.source === target.source,
  );
  if (!source?.claim) throw new AppError('reward_not_found');
  return source.claim(deps, memberId, target.id, request);
}
