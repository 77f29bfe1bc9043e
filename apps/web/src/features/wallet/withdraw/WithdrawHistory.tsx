import { useQuery } from '@tanstack/react-query';
import {
  type ConfirmationKind,
  WITHDRAWAL_REJECT_REASONS,
  WITHDRAWAL_STATUSES,
  type Withdrawal,
  type WithdrawalStatus,
} from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner, Pagination, StatusBadge, type StatusTone } from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { money } from '../queries.ts';
import { withdrawalHistoryQuery } from './queries.ts';

const PAGE_SIZE = 10;

const STATUS_TONES: Record<WithdrawalStatus, StatusTone> = {
  pending: 'attention',
  approved: 'success',
  rejected: 'danger',
};
const CONFIRMATION_TONES: Record<ConfirmationKind | 'waiting', StatusTone> = {
  waiting: 'attention',
  received: 'success',
  auto_received: 'success',
  partly_received: 'danger',
  not_received: 'danger',
};

/** What became of a withdrawal, as one short label: its status, then what the member confirmed. */
/** A preset reason of finance's in the reader's words; an operator's own as written. */
function reasonText(t: TFunction, reason: string): string {
  const preset = WITHDRAWAL_REJECT_REASONS.find((known) => known === reason);
  return preset ? t(`withdraw.reasons.${preset}`) : reason;
}

function WithdrawalStatusBadges({ row }: { row: Withdrawal }) {
  const { t } = useTranslation();
  const confirmation = row.confirmation ?? 'waiting';
  return (
    <span className="status-cell">
      <StatusBadge tone={STATUS_TONES[row.status]}>{t(`withdraw.statuses.${row.status}`)}</StatusBadge>
      {row.status === 'approved' ? (
        <StatusBadge tone={CONFIRMATION_TONES[confirmation]}>
          {t(`withdraw.confirmations.${confirmation}`)}
        </StatusBadge>
      ) : null}
    </span>
  );
}

/** The member's withdrawals, newest first, with a status filter and pages kept in the URL (wStatus, wPage). */
export function WithdrawHistory({ currency }: { currency: { symbol: string; digits: number } }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const [params, update] = useUrlState();
  const statusParam = params.get('wStatus');
  const status = (WITHDRAWAL_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as WithdrawalStatus)
    : undefined;
  const pageNo = Math.max(1, Number(params.get('wPage')) || 1);
  const history = useQuery(withdrawalHistoryQuery(token, { pageNo, pageSize: PAGE_SIZE, status }));
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / PAGE_SIZE)) : 1;
  const amount = (major: number) => `${currency.symbol} ${money(major, currency.digits)}`;
  const columns: Column<Withdrawal>[] = [
    {
      key: 'time',
      header: t('withdraw.history.time'),
      render: (row) => formatDateTime(row.createdAt, locale),
    },
    {
      key: 'orderNo',
      header: t('withdraw.orderNo'),
      cellClassName: () => 'mono',
      render: (row) => row.orderNo,
    },
    { key: 'amount', header: t('wallet.amount'), className: 'num', render: (row) => amount(row.amount) },
    {
      key: 'account',
      header: t('withdraw.history.account'),
      render: (row) => (
        <>
          {row.bankName} <span className="mono">{row.accountNumber}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('withdraw.history.status'),
      render: (row) => <WithdrawalStatusBadges row={row} />,
    },
    {
      key: 'details',
      header: t('withdraw.history.details'),
      cellClassName: () => 'wallet-table__ref',
      render: (row) =>
        row.status === 'rejected'
          ? reasonText(t, row.reason)
          : row.confirmation === 'partly_received' || row.confirmation === 'not_received'
            ? t('withdraw.history.claim', {
                received: amount(row.receivedAmount ?? 0),
                remaining: amount(row.remainingAmount ?? 0),
              }) +
              (row.claimStatus === 'refunded'
                ? ` · ${t('withdraw.history.refunded', { amount: amount(row.refundedAmount) })}`
                : row.claimStatus === 'dismissed'
                  ? ` · ${t('withdraw.history.dismissed')}`
                  : ` · ${t('withdraw.history.claimOpen')}`)
            : '—',
    },
  ];
  return (
    <section className="withdraw-section" aria-labelledby="withdraw-history-title">
      <div className="withdraw-section__head">
        <h3 id="withdraw-history-title" className="wallet-form__title">
          {t('withdraw.history.title')}
        </h3>
        <label className="wallet-select wallet-select--inline">
          <span>{t('withdraw.history.status')}</span>
          <select
            value={status ?? ''}
            onChange={(event) => update({ wStatus: event.target.value || null, wPage: null })}
          >
            <option value="">{t('withdraw.history.all')}</option>
            {WITHDRAWAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`withdraw.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {history.isError ? <FormMessage tone="error">{errorText(t, history.error)}</FormMessage> : null}
      {!history.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : history.data.list.length === 0 ? (
        <p className="wallet-empty">{t('withdraw.history.empty')}</p>
      ) : (
        <Table
          caption={t('withdraw.history.title')}
          columns={columns}
          rows={history.data.list}
          rowKey={(row) => row.orderNo}
        />
      )}
      {pages > 1 ? (
        <Pagination
          page={pageNo}
          pageCount={pages}
          label={t('withdraw.history.pages')}
          onChange={(page) => update({ wPage: String(page) })}
        />
      ) : null}
    </section>
  );
}
