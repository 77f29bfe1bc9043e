import { useQuery } from '@tanstack/react-query';
import { withdrawalConsoleEndpoints as bo, type WithdrawalReview } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { FlagsTable, LinkedAccountsTable, moneyItems, PlacesTable } from '../risk/views.tsx';

type HistoryEntry = WithdrawalReview['balanceHistory'][number];
type Deposit = WithdrawalReview['deposits'][number];
type Win = WithdrawalReview['bigWins'][number];

/**
 * What finance reads beside a withdrawal request before paying it: whether it needs a second operator, the flags,
 * the money since the member's previous withdrawal (totals, deposits and their channels, the balance's history,
 * the largest wins), the turnover still owed, where the member signed in from and the accounts linked to them.
 */
export function RiskReview({ id, money }: { id: number; money: (amount: number) => string }) {
  const review = useQuery({
    queryKey: [bo.review.path, id],
    queryFn: ({ signal }) => call(bo.review, { params: { id }, signal }),
  });
  return <QueryView query={review}>{(data) => <ReviewView review={data} money={money} />}</QueryView>;
}

function ReviewView({ review, money }: { review: WithdrawalReview; money: (amount: number) => string }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  const history: Column<HistoryEntry>[] = [
    dateTimeColumn('at', t('players.time'), i18n.language, (row) => row.at),
    {
      key: 'kind',
      header: t('risk.kind'),
      render: (row) => t(`playerWallet.kinds.${row.kind}`, { defaultValue: row.kind }),
    },
    { key: 'amount', header: t('withdrawals.amount'), className: 'num', render: (row) => money(row.amount) },
    { key: 'balance', header: t('risk.balanceAfter'), className: 'num', render: (row) => money(row.balance) },
  ];
  const deposits: Column<Deposit>[] = [
    dateTimeColumn('createdAt', t('players.time'), i18n.language, (row) => row.createdAt),
    monoColumn('orderNo', t('risk.orderNo'), (row) => row.orderNo),
    { key: 'channel', header: t('risk.channel'), render: (row) => row.channel },
    { key: 'amount', header: t('withdrawals.amount'), className: 'num', render: (row) => money(row.amount) },
    {
      key: 'status',
      header: t('common.status'),
      render: (row) => t(`deposits.statuses.${row.status}`, { defaultValue: row.status }),
    },
  ];
  const wins: Column<Win>[] = [
    dateTimeColumn('at', t('players.time'), i18n.language, (row) => row.at),
    monoColumn('reference', t('risk.reference'), (row) => row.reference),
    { key: 'amount', header: t('withdrawals.amount'), className: 'num', render: (row) => money(row.amount) },
  ];
  const first = review.withdrawal.firstApprovedBy;
  return (
    <div className="risk-review stack">
      {review.needsSecondApproval ? (
        <Alert
          tone="warning"
          title={
            first
              ? t('risk.firstApprovedBy', { name: first, time: when(review.withdrawal.firstApprovedAt) })
              : t('risk.needsTwoOperators')
          }
        />
      ) : null}
      <section aria-labelledby="review-flags">
        <h3 id="review-flags">{t('risk.flagsTitle')}</h3>
        <FlagsTable flags={review.flags} caption={t('risk.flagsTitle')} />
      </section>
      <section aria-labelledby="review-money">
        <h3 id="review-money">
          {review.since ? t('risk.sinceLastWithdrawal', { time: when(review.since) }) : t('risk.sinceFirst')}
        </h3>
        <DetailList
          items={[
            ...moneyItems(review.totals, money, t),
            { label: t('risk.turnoverRemaining'), value: money(review.turnover.remaining), mono: true },
          ]}
        />
      </section>
      <section aria-labelledby="review-deposits">
        <h3 id="review-deposits">{t('risk.deposits')}</h3>
        <Table
          caption={t('risk.deposits')}
          columns={deposits}
          rows={review.deposits}
          rowKey={(row) => row.orderNo}
          empty={<EmptyState icon="deposit" title={t('risk.noDeposits')} />}
        />
      </section>
      <section aria-labelledby="review-wins">
        <h3 id="review-wins">{t('risk.bigWins')}</h3>
        <Table
          caption={t('risk.bigWins')}
          columns={wins}
          rows={review.bigWins}
          rowKey={(row) => `${row.at}-${row.reference}`}
          empty={<EmptyState icon="games" title={t('risk.noWins')} />}
        />
      </section>
      <section aria-labelledby="review-history">
        <h3 id="review-history">{t('risk.balanceHistory')}</h3>
        <Table
          caption={t('risk.balanceHistory')}
          columns={history}
          rows={review.balanceHistory}
          rowKey={(row) => `${row.at}-${row.reference}-${row.amount}`}
          empty={<EmptyState title={t('risk.noHistory')} />}
        />
      </section>
      <section aria-labelledby="review-places">
        <h3 id="review-places">{t('risk.places')}</h3>
        <PlacesTable rows={review.places} />
      </section>
      <section aria-labelledby="review-links">
        <h3 id="review-links">{t('risk.linkedAccounts')}</h3>
        <LinkedAccountsTable rows={review.linkedAccounts} />
      </section>
    </div>
  );
}
