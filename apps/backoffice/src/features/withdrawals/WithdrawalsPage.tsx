import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  withdrawalConsoleEndpoints as bo,
  claimStatus,
  confirmationKind,
  formatMoney,
  type QueryOf,
  WITHDRAWAL_SORTS,
  type WithdrawalRow,
  withdrawalStatus,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { BatchApproveDialog } from './BatchApproveDialog.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { ConfirmationBadge, PayoutBadge, SecondApprovalNote, StatusBadge } from './views.tsx';
import { WithdrawalDetails } from './WithdrawalDetails.tsx';
import './withdrawals.css';
import { reasonText } from '../../app/RejectReasonField.tsx';

type Query = QueryOf<typeof bo.queue>;
type Sort = (typeof WITHDRAWAL_SORTS)[number];
const FILTERS = ['q', 'status', 'confirmation', 'claim', 'payout', 'from', 'to', 'sort', 'order'] as const;

/** The filters of the URL as the queue's query (an unknown value is left out, so the server sees no filter). */
function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  const pick = <T extends string>(options: readonly T[], value: string) =>
    (options as readonly string[]).includes(value) ? (value as T) : undefined;
  return {
    q: optional(applied.q),
    status: pick(withdrawalStatus.options, applied.status),
    confirmation: pick([...confirmationKind.options, 'none', 'claims'] as const, applied.confirmation),
    claim: pick(claimStatus.options, applied.claim),
    payout: pick(['sending', 'failed'] as const, applied.payout),
    from: /^\d{4}-\d{2}-\d{2}$/.test(applied.from) ? applied.from : undefined,
    to: /^\d{4}-\d{2}-\d{2}$/.test(applied.to) ? applied.to : undefined,
    sort: pick(WITHDRAWAL_SORTS, applied.sort),
    order: pick(['asc', 'desc'] as const, applied.order),
  };
}

/**
 * Withdrawals (finance): the queue, filtered, sorted and paged on the server with every filter in the URL; approve
 * or reject (with a reason) what is pending; the members' confirmations, with their proof images, and what finance
 * does about a claim that the money did not (fully) arrive; the filtered rows as CSV.
 */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useSearchList(bo.queue, FILTERS, toQuery);
  const [review, setReview] = useState<{ row: WithdrawalRow; action: 'approve' | 'reject' } | null>(null);
  const [details, setDetails] = useState<WithdrawalRow | null>(null);
  /** The pending withdrawals ticked for a batch approval. */
  const [selected, setSelected] = useState<WithdrawalRow[]>([]);
  const [batch, setBatch] = useState(false);
  const approvable = (row: WithdrawalRow) => row.status === 'pending' && row.payoutStatus !== 'sending';
  const isSelected = (row: WithdrawalRow) => selected.some((chosen) => chosen.id === row.id);
  const digits = list.query.data?.digits ?? 2;
  const currency = list.query.data?.currency ?? '';
  const money = (amount: number) => formatMoney(amount, digits, i18n.language);
  const applied = toQuery(list.search.applied);
  const sort: Sort = applied.sort ?? 'createdAt';
  const order = applied.order ?? 'desc';

  const exportCsv = useMutation({
    mutationFn: () => {
      const { pageNo: _page, pageSize: _size, ...filters } = { ...applied, pageNo: 1, pageSize: 1 };
      return call(bo.exportCsv, { query: filters as QueryOf<typeof bo.exportCsv> });
    },
    onSuccess: (csv) => {
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `withdrawals-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.show(t('withdrawals.exported'));
    },
    onError: (error) => toast.show(errorText(t, error), 'error'),
  });

  /** A column header that sorts the queue on the server by its column (again: the other way round). */
  const sortable = (key: Sort, label: string) => {
    const active = sort === key;
    const next = active && order === 'desc' ? 'asc' : 'desc';
    return (
      <button
        type="button"
        className={active ? 'sort-header is-active' : 'sort-header'}
        aria-label={t('withdrawals.sortBy', { column: label, order: t(`withdrawals.orders.${next}`) })}
        onClick={() => {
          const nextParams = new URLSearchParams(params);
          nextParams.set('sort', key);
          nextParams.set('order', next);
          nextParams.delete('page');
          setParams(nextParams);
        }}
      >
        {label}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (order === 'desc' ? '▼' : '▲') : '↕'}
        </span>
      </button>
    );
  };

  const columns: Column<WithdrawalRow>[] = [
    {
      key: 'select',
      header: <span className="sr-only">{t('withdrawals.select')}</span>,
      render: (row) =>
        approvable(row) ? (
          <Checkbox
            hideLabel
            label={t('withdrawals.selectOrder', { orderNo: row.orderNo })}
            checked={isSelected(row)}
            onChange={(checked) =>
              setSelected(checked ? [...selected, row] : selected.filter((chosen) => chosen.id !== row.id))
            }
          />
        ) : null,
    },
    {
      key: 'orderNo',
      header: sortable('createdAt', t('withdrawals.requested')),
      render: (row) => (
        <>
          <span className="cell-strong mono">{row.orderNo}</span>
          <span className="cell-below">{formatDateTime(row.createdAt, i18n.language)}</span>
        </>
      ),
    },
    {
      key: 'member',
      header: t('withdrawals.member'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.username}</span>
          <span className="cell-below mono">#{row.memberId}</span>
        </>
      ),
    },
    {
      key: 'amount',
      header: sortable('amount', t('withdrawals.amount')),
      className: 'num nowrap',
      render: (row) => (
        <span className="cell-strong">
          {money(row.amount)} <span className="muted">{currency}</span>
        </span>
      ),
    },
    {
      key: 'bank',
      header: t('withdrawals.bank'),
      render: (row) => (
        <>
          {row.bankName} <span className="mono">{row.accountNumber}</span>
          <span className="cell-below">{row.payeeName}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: sortable('reviewedAt', t('withdrawals.review')),
      render: (row) => (
        <>
          <span className="badges">
            <StatusBadge status={row.status} />
            <PayoutBadge row={row} />
          </span>
          <SecondApprovalNote row={row} />
          {row.reviewedBy ? (
            <span className="cell-below">
              {row.reviewedBy} · {formatDateTime(row.reviewedAt, i18n.language)}
            </span>
          ) : null}
          {row.reason ? (
            <span className="cell-below">
              {reasonText(row.reason, 'withdrawals.reasons', t, (key) => i18n.exists(key))}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'confirmation',
      header: sortable('confirmedAt', t('withdrawals.confirmation')),
      render: (row) =>
        row.status !== 'approved' ? (
          <span className="muted">—</span>
        ) : (
          <>
            <ConfirmationBadge row={row} />
            {row.confirmation === 'partly_received' || row.confirmation === 'not_received' ? (
              <span className="cell-below">
                {t('withdrawals.receivedRemaining', {
                  received: money(row.receivedAmount ?? 0),
                  remaining: money(row.remainingAmount ?? 0),
                })}
                {row.proofIds.length > 0
                  ? ` · ${t('withdrawals.proofCount', { count: row.proofIds.length })}`
                  : ''}
              </span>
            ) : null}
          </>
        ),
    },
    actionsColumn(t('common.actions'), (row) => {
      /** A row's button, named with the order it acts on (every row has the same buttons). */
      const named = (label: string) => ({
        'aria-label': t('withdrawals.actionOn', { action: label, orderNo: row.orderNo }),
      });
      const more = row.claimStatus === 'open' ? t('withdrawals.handleClaim') : t('withdrawals.details');
      return (
        <div className="row-actions">
          {approvable(row) ? (
            <>
              <Button
                size="sm"
                variant="primary"
                {...named(t('withdrawals.approve'))}
                onClick={() => setReview({ row, action: 'approve' })}
              >
                {t('withdrawals.approve')}
              </Button>
              <Button
                size="sm"
                variant="danger"
                {...named(t('withdrawals.reject'))}
                onClick={() => setReview({ row, action: 'reject' })}
              >
                {t('withdrawals.reject')}
              </Button>
            </>
          ) : null}
          <Button size="sm" {...named(more)} onClick={() => setDetails(row)}>
            {more}
          </Button>
        </div>
      );
    }),
  ];

  const option = (value: string, label: string) => ({ value, label });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [bo.queue.path] });

  return (
    <>
      <SearchListPage
        page="withdrawals"
        list={list}
        columns={columns}
        actions={
          <>
            {selected.length > 0 ? (
              <Button variant="primary" icon={<Icon name="check" />} onClick={() => setBatch(true)}>
                {t('withdrawals.approveSelected', { count: selected.length })}
              </Button>
            ) : null}
            <Button
              icon={<Icon name="downloads" />}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              {t('withdrawals.export')}
            </Button>
          </>
        }
        filters={
          <>
            <FilterText name="q" type="search" placeholder={t('withdrawals.qPlaceholder')} />
            <FilterSelect
              name="status"
              label={t('common.status')}
              options={[
                option('', t('withdrawals.allStatuses')),
                ...withdrawalStatus.options.map((value) => option(value, t(`withdrawals.statuses.${value}`))),
              ]}
            />
            <FilterSelect
              name="confirmation"
              options={[
                option('', t('withdrawals.allConfirmations')),
                option('none', t('withdrawals.confirmations.none')),
                option('claims', t('withdrawals.confirmations.claims')),
                ...confirmationKind.options.map((value) =>
                  option(value, t(`withdrawals.confirmations.${value}`)),
                ),
              ]}
            />
            <FilterSelect
              name="claim"
              options={[
                option('', t('withdrawals.allClaims')),
                ...claimStatus.options.map((value) => option(value, t(`withdrawals.claims.${value}`))),
              ]}
            />
            <FilterSelect
              name="payout"
              options={[
                option('', t('withdrawals.allPayouts')),
                option('sending', t('withdrawals.payouts.sending')),
                option('failed', t('withdrawals.payouts.failed')),
              ]}
            />
            <FilterText name="from" type="date" />
            <FilterText name="to" type="date" />
          </>
        }
      />
      {review ? (
        <ReviewDialog
          row={review.row}
          action={review.action}
          money={money}
          currency={currency}
          onClose={() => setReview(null)}
          onDone={(row) => {
            // A flagged withdrawal's first approval leaves it pending for a different operator.
            const done = row.status === 'pending' ? 'firstApprovalDone' : `${review.action}Done`;
            toast.show(t(`withdrawals.${done}`, { orderNo: review.row.orderNo }));
            setReview(null);
            refresh();
          }}
        />
      ) : null}
      {batch ? (
        <BatchApproveDialog
          rows={selected}
          money={money}
          currency={currency}
          onClose={() => setBatch(false)}
          onDone={(approved, refused) => {
            if (refused > 0) toast.show(t('withdrawals.batchDone', { approved, refused }), 'error');
            else toast.show(t('withdrawals.batchAllDone', { approved }));
            setBatch(false);
            setSelected([]);
            refresh();
          }}
        />
      ) : null}
      {details ? (
        <WithdrawalDetails
          row={details}
          money={money}
          currency={currency}
          onClose={() => setDetails(null)}
          onResolved={(row) => {
            toast.show(t('withdrawals.claimDone', { orderNo: row.orderNo }));
            setDetails(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
