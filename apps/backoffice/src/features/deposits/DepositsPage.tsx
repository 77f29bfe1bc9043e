import {
  depositConsoleEndpoints as bo,
  DEPOSIT_SORTS,
  DEPOSIT_STATUSES,
  type DepositRow,
  type DepositStatus,
  formatMoney,
  PAYMENT_CHANNEL_KINDS,
  type PaymentChannelKind,
  type QueryOf,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { instantRange } from '../../app/dates.ts';
import { downloadCsv } from '../../app/download.ts';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { type Filters, optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { type ReviewAction, ReviewDialog } from './ReviewDialog.tsx';
import { ChannelKindBadge, DepositStatusBadge, reasonText, useChannelOptions } from './views.tsx';
import './deposits.css';

const FILTERS = ['status', 'kind', 'member', 'orderNo', 'channelId', 'from', 'to', 'sort'] as const;
type Filter = (typeof FILTERS)[number];
type ExportQuery = QueryOf<typeof bo.exportDeposits>;

/** The filters of the URL as the queue's (and the export's) query. */
function toQuery(applied: Filters<Filter>): ExportQuery {
  return {
    status: optional(applied.status) as DepositStatus | undefined,
    kind: optional(applied.kind) as PaymentChannelKind | undefined,
    member: optional(applied.member),
    orderNo: optional(applied.orderNo),
    channelId: applied.channelId ? Number(applied.channelId) : undefined,
    ...instantRange(applied),
    sort: (optional(applied.sort) ?? 'newest') as (typeof DEPOSIT_SORTS)[number],
  };
}

const stamp = (date: Date) => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
};

/**
 * The deposit queue: every deposit with its filters, sort and page in the URL (pending bank transfers first by
 * filtering on them), Confirm for a pending bank transfer and Reject with a reason for any pending order, and an
 * export of what the filters find as CSV.
 */
export function DepositsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { operator } = useSession();
  const [review, setReview] = useState<{ deposit: DepositRow; action: ReviewAction } | null>(null);
  const [exporting, setExporting] = useState(false);
  const deposits = useSearchList(bo.deposits, FILTERS, toQuery);
  const digits = deposits.query.data?.digits ?? 2;
  const currency = deposits.query.data?.currency ?? '';
  const channelOptions = useChannelOptions();
  const mayConfirm = mayCall(operator?.role, bo.confirmDeposit);
  const mayReject = mayCall(operator?.role, bo.rejectDeposit);

  async function exportCsv() {
    setExporting(true);
    try {
      const csv = await call(bo.exportDeposits, { query: toQuery(deposits.search.applied) });
      downloadCsv(csv, `deposits-${stamp(new Date())}.csv`);
      toast.show(t('deposits.exported'));
    } catch (error) {
      toast.show(errorText(t, error), 'error');
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<DepositRow>[] = [
    {
      key: 'order',
      header: t('deposits.order'),
      render: (row) => (
        <>
          <span className="cell-strong mono">{row.orderNo}</span>
          <span className="cell-below">{row.username}</span>
        </>
      ),
    },
    dateTimeColumn('createdAt', t('common.createdAt'), i18n.language, (row) => row.createdAt),
    {
      key: 'channel',
      header: t('deposits.channel'),
      render: (row) => (
        <>
          <span>{row.channelName}</span>
          <span className="cell-below">
            <ChannelKindBadge kind={row.kind} />
          </span>
        </>
      ),
    },
    {
      key: 'amount',
      header: currency ? t('deposits.amountIn', { currency }) : t('deposits.amount'),
      className: 'num',
      render: (row) => (
        <span className="cell-strong nowrap">{formatMoney(row.amount, digits, i18n.language)}</span>
      ),
    },
    {
      key: 'reference',
      header: t('deposits.reference'),
      render: (row) =>
        row.kind === 'bank' ? (
          <span className="mono deposit-reference">{row.payerReference || '—'}</span>
        ) : (
          <>
            <span className="mono">{row.gatewayOrder ?? '—'}</span>
            {row.gatewayMessage ? (
              <span className="cell-below deposit-warning">
                {t(`deposits.gatewayMessages.${row.gatewayMessage}`)}
              </span>
            ) : null}
          </>
        ),
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (row) => (
        <>
          <DepositStatusBadge status={row.status} />
          {row.reason ? (
            <span className="cell-below">{reasonText(row.reason, t, (key) => i18n.exists(key))}</span>
          ) : null}
          {row.reviewedBy ? (
            <span className="cell-below">{t('deposits.reviewedBy', { name: row.reviewedBy })}</span>
          ) : null}
        </>
      ),
    },
    actionsColumn(t('common.actions'), (row) =>
      row.status === 'pending' ? (
        <>
          {mayConfirm && row.kind === 'bank' ? (
            <RowButton
              icon="check"
              aria-label={t('deposits.confirmOrder', { orderNo: row.orderNo })}
              onClick={() => setReview({ deposit: row, action: 'confirm' })}
            >
              {t('deposits.confirm')}
            </RowButton>
          ) : null}
          {mayReject ? (
            <RowButton
              icon="x"
              aria-label={t('deposits.rejectOrder', { orderNo: row.orderNo })}
              onClick={() => setReview({ deposit: row, action: 'reject' })}
            >
              {t('deposits.reject')}
            </RowButton>
          ) : null}
        </>
      ) : null,
    ),
  ];

  return (
    <>
      <SearchListPage
        page="deposits"
        list={deposits}
        columns={columns}
        actions={
          mayCall(operator?.role, bo.exportDeposits) ? (
            <Button icon={<Icon name="download" />} loading={exporting} onClick={() => void exportCsv()}>
              {t('deposits.export')}
            </Button>
          ) : null
        }
        filters={
          <>
            <FilterSelect
              name="status"
              label={t('common.status')}
              options={[
                { value: '', label: t('deposits.allStatuses') },
                ...DEPOSIT_STATUSES.map((value) => ({ value, label: t(`deposits.statuses.${value}`) })),
              ]}
            />
            <FilterSelect
              name="kind"
              options={[
                { value: '', label: t('deposits.allKinds') },
                ...PAYMENT_CHANNEL_KINDS.map((value) => ({
                  value,
                  label: t(`paymentChannels.kinds.${value}`),
                })),
              ]}
            />
            <FilterSelect name="channelId" options={channelOptions} />
            <FilterText
              name="member"
              maxLength={40}
              autoComplete="off"
              placeholder={t('deposits.memberPlaceholder')}
            />
            <FilterText name="orderNo" maxLength={32} autoComplete="off" className="mono" />
            <FilterText name="from" type="datetime-local" />
            <FilterText name="to" type="datetime-local" />
            <FilterSelect
              name="sort"
              options={DEPOSIT_SORTS.map((value) => ({
                value: value === 'newest' ? '' : value,
                label: t(`deposits.sorts.${value}`),
              }))}
            />
          </>
        }
      />
      {review ? (
        <ReviewDialog
          deposit={review.deposit}
          action={review.action}
          amount={`${formatMoney(review.deposit.amount, digits, i18n.language)} ${currency}`}
          onClose={() => setReview(null)}
        />
      ) : null}
    </>
  );
}
