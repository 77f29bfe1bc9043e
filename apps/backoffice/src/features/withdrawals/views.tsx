import type { WithdrawalRow, WithdrawalStatus } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/Card.tsx';

const STATUS_TONES = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

export function StatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`withdrawals.statuses.${status}`)}</Badge>;
}

/** What the member said arrived (or that nobody answered yet), and what became of a claim. */
export function ConfirmationBadge({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation();
  if (row.confirmation === null) return <Badge tone="accent">{t('withdrawals.confirmations.none')}</Badge>;
  const claim = row.confirmation === 'partly_received' || row.confirmation === 'not_received';
  return (
    <span className="badges">
      <Badge tone={claim ? 'danger' : 'success'}>{t(`withdrawals.confirmations.${row.confirmation}`)}</Badge>
      {row.claimStatus ? (
        <Badge tone={row.claimStatus === 'open' ? 'warning' : 'neutral'}>
          {t(`withdrawals.claims.${row.claimStatus}`)}
        </Badge>
      ) : null}
    </span>
  );
}

/** A flagged withdrawal's first approval (it waits for a different operator), or an approval by the system. */
export function SecondApprovalNote({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation();
  if (row.status === 'pending' && row.firstApprovedBy) {
    return (
      <span className="cell-below">
        <Badge tone="accent">{t('withdrawals.awaitingSecond', { name: row.firstApprovedBy })}</Badge>
      </span>
    );
  }
  if (row.autoApproved) {
    return (
      <span className="cell-below">
        <Badge>{t('withdrawals.autoApproved')}</Badge>
      </span>
    );
  }
  return null;
}

const PAYOUT_TONES = { sending: 'accent', paid: 'success', failed: 'danger' } as const;
/** What the provider said when it is one of ours (a code), else its own words. */
const PROVIDER_CODES = ['provider_unavailable', 'provider_refused', 'provider_missing', 'provider_failed'];

/** Where a payout through the provider is, and why it waits or failed. */
export function PayoutBadge({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation();
  if (!row.payoutStatus) return null;
  const error = row.payoutError
    ? PROVIDER_CODES.includes(row.payoutError)
      ? t(`withdrawals.payoutErrors.${row.payoutError}`)
      : row.payoutError
    : '';
  return (
    <>
      <Badge tone={PAYOUT_TONES[row.payoutStatus]}>{t(`withdrawals.payouts.${row.payoutStatus}`)}</Badge>
      {error ? <span className="cell-below">{error}</span> : null}
    </>
  );
}
