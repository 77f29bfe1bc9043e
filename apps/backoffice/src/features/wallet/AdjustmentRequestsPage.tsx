import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdjustmentRequest, walletConsoleEndpoints as bo, type QueryOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { ActionDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterSelect, SearchListPage } from '../../app/SearchListPage.tsx';
import { oneOf, useSearchList } from '../../app/searchList.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';

type Query = QueryOf<typeof bo.adjustmentRequests>;
const FILTERS = ['status'] as const;
const STATUSES = ['pending', 'approved', 'rejected'] as const;
const TONES = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

const toQuery = (applied: Record<'status', string>): Partial<Query> => ({
  status: oneOf(STATUSES, applied.status),
});

/**
 * Manual adjustments above the second-approval amount: each waits here until an owner other than the one who
 * entered it approves it (posted then) or rejects it with a note.
 */
export function AdjustmentRequestsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useSearchList(bo.adjustmentRequests, FILTERS, toQuery);
  const [deciding, setDeciding] = useState<{ row: AdjustmentRequest; action: 'approve' | 'reject' } | null>(
    null,
  );
  // In the merchant's currency, with its decimals (none for VND, two for PHP).
  const { format: money, currency } = useMoney();
  const columns: Column<AdjustmentRequest>[] = [
    dateTimeColumn(
      'requestedAt',
      t('adjustmentRequests.requestedAt'),
      i18n.language,
      (row) => row.requestedAt,
      (row) => <span className="cell-below">{row.requestedBy}</span>,
    ),
    {
      key: 'member',
      header: t('risk.member'),
      render: (row) => <Link to={`/players/${row.memberId}`}>{row.username}</Link>,
    },
    {
      key: 'amount',
      header: t('playerWallet.amount'),
      className: 'num',
      render: (row) => (
        <>
          {money(row.amount)} <span className="muted">{currency}</span>
        </>
      ),
    },
    {
      key: 'category',
      header: t('playerWallet.category'),
      render: (row) => (
        <>
          <Badge>{t(`playerWallet.categories.${row.category}`)}</Badge>
          <span className="cell-below">{row.note}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (row) => (
        <>
          <Badge tone={TONES[row.status]}>{t(`adjustmentRequests.statuses.${row.status}`)}</Badge>
          {row.decidedBy ? <span className="cell-below">{row.decidedBy}</span> : null}
        </>
      ),
    },
    actionsColumn(t('common.actions'), (row) =>
      row.status === 'pending' ? (
        <div className="row-actions">
          <Button
            size="sm"
            variant="primary"
            aria-label={t('adjustmentRequests.actionOn', {
              action: t('adjustmentRequests.approve'),
              username: row.username,
            })}
            onClick={() => setDeciding({ row, action: 'approve' })}
          >
            {t('adjustmentRequests.approve')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={t('adjustmentRequests.actionOn', {
              action: t('adjustmentRequests.reject'),
              username: row.username,
            })}
            onClick={() => setDeciding({ row, action: 'reject' })}
          >
            {t('adjustmentRequests.reject')}
          </Button>
        </div>
      ) : null,
    ),
  ];
  return (
    <>
      <SearchListPage
        page="adjustmentRequests"
        list={list}
        columns={columns}
        filters={
          <FilterSelect
            name="status"
            label={t('common.status')}
            options={[
              { value: '', label: t('adjustmentRequests.allStatuses') },
              ...STATUSES.map((value) => ({ value, label: t(`adjustmentRequests.statuses.${value}`) })),
            ]}
          />
        }
      />
      {deciding ? (
        <DecideDialog
          {...deciding}
          money={(amount) => `${money(amount)} ${currency}`.trim()}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            void queryClient.invalidateQueries({ queryKey: [bo.adjustmentRequests.path] });
          }}
        />
      ) : null}
    </>
  );
}

function DecideDialog({
  row,
  action,
  money,
  onClose,
  onDone,
}: {
  row: AdjustmentRequest;
  action: 'approve' | 'reject';
  money: (amount: number) => string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: () =>
      action === 'approve'
        ? call(bo.approveAdjustment, { params: { id: row.id } })
        : call(bo.rejectAdjustment, { params: { id: row.id }, body: { note } }),
    onSuccess: () => {
      toast.show(t(`adjustmentRequests.${action}Done`, { username: row.username }));
      onDone();
    },
  });
  const noteError = fieldErrors(decide.error).note;
  return (
    <ActionDialog
      title={t(`adjustmentRequests.${action}Title`, { username: row.username })}
      message={t(`adjustmentRequests.${action}Message`, {
        amount: money(row.amount),
        username: row.username,
        requestedBy: row.requestedBy,
      })}
      confirmLabel={t(`adjustmentRequests.${action}`)}
      confirmVariant={action === 'reject' ? 'danger' : 'primary'}
      busy={decide.isPending}
      error={noteError ? null : decide.error}
      onCancel={onClose}
      onConfirm={() => decide.mutate()}
    >
      {action === 'reject' ? (
        <TextField
          label={t('risk.note')}
          maxLength={500}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.target.value)}
        />
      ) : null}
    </ActionDialog>
  );
}
