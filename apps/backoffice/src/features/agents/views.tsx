import { AGENT_CENTRE_IS_AGENT_VALUES, type ContractTierView } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/Card.tsx';

/** The member types an operator may give (agents.types.*): a member, or one of the agent types. */
export const MEMBER_TYPES = [0, 1, 2, 41, 42] as const;

export const isAgentType = (type: number) =>
  (AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(type);

/** A member's type as a badge: agents stand out. */
export function TypeBadge({ type }: { type: number }) {
  const { t, i18n } = useTranslation();
  const key = `agents.types.${type}`;
  return (
    <Badge tone={isAgentType(type) ? 'accent' : 'neutral'}>
      {i18n.exists(key) ? t(key) : t('agents.types.other', { type })}
    </Badge>
  );
}

const STATUS_TONES: Record<string, 'neutral' | 'accent' | 'success' | 'warning' | 'danger'> = {
  pending: 'warning',
  edited: 'warning',
  active: 'success',
  termination_requested: 'warning',
  unapproved: 'warning',
  approved: 'accent',
  paid: 'success',
  partly_paid: 'warning',
  insufficient: 'danger',
  rejected: 'danger',
  reversed: 'danger',
  cancelled: 'danger',
};

/** A contract's or a bill's status (agents.statuses.*). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{t(`agents.statuses.${status}`)}</Badge>;
}

/** A tier's rate as read: a percentage, or a fixed amount. */
function rateText(
  tier: Pick<ContractTierView, 'rateType' | 'rate'>,
  language: string,
  money: (value: number) => string,
) {
  return tier.rateType === 'P'
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(tier.rate)} %`
    : money(tier.rate);
}

/** The tiers of a contract or template in one line each, then a daily salary's cap when it has one. */
export function TierList({
  tiers,
  money,
  amountLimit = null,
}: {
  tiers: readonly ContractTierView[];
  money: (value: number) => string;
  amountLimit?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <>
      <ol className="agent-tiers">
        {tiers.map((tier, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no id; their order is what they are.
          <li key={index}>
            {t('agents.tierLine', {
              tier: index + 1,
              bet: money(tier.minimumBet),
              loss: money(tier.netLoss),
              active: count(tier.activeMember),
              rate: rateText(tier, i18n.language, money),
            })}
          </li>
        ))}
      </ol>
      {amountLimit === null ? null : (
        <p className="muted">{t('agents.contracts.capLine', { amount: money(amountLimit) })}</p>
      )}
    </>
  );
}
