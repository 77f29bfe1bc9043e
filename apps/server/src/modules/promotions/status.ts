import type { PromotionAction, PromotionKind, PromotionStatus } from '@tessera/contract';

/** What the status reads of a promotion. */
export interface PromotionFacts {
  kind: PromotionKind;
  startsAt: Date;
  endsAt: Date | null;
  applyUntil: Date | null;
  enabled: boolean;
  joinRequired: boolean;
  /** Budget not yet spent (minor units). */
  budgetLeft: bigint;
}

/** What the status reads of one member; null for a visitor. */
export interface MemberFacts {
  /** In the audience (VIP level, labels, new member) and not blacklisted for the kind. */
  eligible: boolean;
  /** The member's record that matters now (this period's, else the latest), or null. */
  entry: { status: 'signed' | 'applying' | 'rejected' | 'issued' | 'claimed' } | null;
  /** What a claim now would credit (a deposit's bonus, the daily or fixed amount); null: nothing to claim. */
  claimable: bigint | null;
  /** The last claimed bonus's wagering requirement is still open. */
  wagering: boolean;
}

/**
 * The activity status of §4 for one member (or a visitor) at `now`, the one rule every page and call reads:
 * - issued: an approved application waits for the member's claim (kept after the end: it was promised);
 * - coming_soon before the start; applying or rejected once applied;
 * - after the end (or disabled): process/claimed for one who took part, else close;
 * - application_forbidden outside the audience or on the kind's blacklist;
 * - claim when there is something to claim now (close when the budget no longer covers it);
 * - process while a claimed bonus is being wagered, claimed after (a daily claim: until tomorrow);
 * - close once the budget is spent; signed after joining a deposit bonus (or, with no join needed, for every
 *   member until a qualifying deposit); join to apply or join, registration_closed after its deadline.
 */
export function promotionStatus(
  promotion: PromotionFacts,
  member: MemberFacts | null,
  now: Date,
): PromotionStatus {
  const entry = member?.entry ?? null;
  if (entry?.status === 'issued') return 'issued';
  if (now < promotion.startsAt) return 'coming_soon';
  if (entry?.status === 'applying') return 'applying';
  if (entry?.status === 'rejected') return 'rejected';
  const ended = !promotion.enabled || (promotion.endsAt !== null && now >= promotion.endsAt);
  const tookPart = entry?.status === 'claimed';
  if (ended) return tookPart ? (member?.wagering ? 'process' : 'claimed') : 'close';
  if (member && !member.eligible) return 'application_forbidden';
  if (member?.claimable != null) return promotion.budgetLeft >= member.claimable ? 'claim' : 'close';
  if (tookPart) return member?.wagering ? 'process' : 'claimed';
  if (promotion.budgetLeft <= 0n) return 'close';
  if (entry?.status === 'signed') return 'signed';
  const registrationOpen = promotion.applyUntil === null || now < promotion.applyUntil;
  if (promotion.kind === 'application' || (promotion.kind === 'deposit' && promotion.joinRequired)) {
    return registrationOpen ? 'join' : 'registration_closed';
  }
  if (promotion.kind === 'deposit') return member ? 'signed' : 'join';
  return 'claim';
}

/** The one action a status offers: join (a deposit bonus), apply (an application), claim; null: none. */
export function promotionAction(kind: PromotionKind, status: PromotionStatus): PromotionAction | null {
  if (status === 'claim' || status === 'issued') return 'claim';
  if (status === 'join') return kind === 'application' ? 'apply' : 'join';
  return null;
}
