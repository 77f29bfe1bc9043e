import type { PromotionCard, PromotionStatus } from '@tessera/contract';
import type { StatusTone } from '../../ui/index.ts';

/** How each activity status of §4 reads: to act on (info), waiting (attention), done (success), refused, closed. */
export const STATUS_TONE: Record<PromotionStatus, StatusTone> = {
  join: 'info',
  claim: 'info',
  issued: 'info',
  applying: 'attention',
  signed: 'attention',
  process: 'attention',
  claimed: 'success',
  rejected: 'danger',
  application_forbidden: 'danger',
  close: 'neutral',
  coming_soon: 'neutral',
  registration_closed: 'neutral',
};

/** The promotion's headline figure: a deposit bonus's percent and cap, or the amount of a claim. */
export function headline(
  promotion: Pick<PromotionCard, 'kind' | 'percent' | 'cap' | 'amount' | 'claimable'>,
  money: (value: number) => string,
  /** "50% up to 300.00", in the reader's language. */
  depositText: (percent: number, cap: string) => string,
): string | null {
  if (promotion.claimable !== null) return money(promotion.claimable);
  if (promotion.kind === 'deposit' && promotion.percent !== null && promotion.cap !== null) {
    return depositText(promotion.percent, money(promotion.cap));
  }
  if (promotion.amount !== null) return money(promotion.amount);
  return null;
}

/** The prize tickets a claim grants besides its cash ("+ 3 prize tickets", in the reader's locale), or null. */
export function ticketsLine(
  promotion: Pick<PromotionCard, 'tickets'>,
  locale: string,
  text: (count: number, value: string) => string,
): string | null {
  if (promotion.tickets <= 0) return null;
  return text(promotion.tickets, new Intl.NumberFormat(locale).format(promotion.tickets));
}
