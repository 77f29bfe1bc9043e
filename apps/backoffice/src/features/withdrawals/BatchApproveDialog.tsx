import { useMutation } from '@tanstack/react-query';
import { payoutEndpoints, type WithdrawalRow } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { PayoutMethodField, usePayoutMethod } from './PayoutMethod.tsx';

/**
 * Approves the selected pending withdrawals at once (by hand or through the payout provider): each is approved on
 * its own on the server, and the answer says how many were and which were refused.
 */
export function BatchApproveDialog({
  rows,
  money,
  currency,
  onClose,
  onDone,
}: {
  rows: WithdrawalRow[];
  money: (amount: number) => string;
  currency: string;
  onClose: () => void;
  onDone: (approved: number, refused: number) => void;
}) {
  const { t } = useTranslation();
  const [via, setVia] = usePayoutMethod();
  const total = rows.reduce((sum, row) => sum + row.amount, 0);
  const approve = useMutation({
    mutationFn: () =>
      call(payoutEndpoints.approveBatch, {
        body: { ids: rows.map((row) => row.id), ...(via ? { via } : {}) },
      }),
    onSuccess: ({ results }) => {
      const approved = results.filter((result) => result.ok).length;
      onDone(approved, results.length - approved);
    },
  });
  return (
    <ActionDialog
      title={t('withdrawals.batchTitle', { count: rows.length })}
      message={t('withdrawals.batchMessage', { count: rows.length, amount: `${money(total)} ${currency}` })}
      confirmLabel={t('withdrawals.approveSelected', { count: rows.length })}
      confirmVariant="primary"
      busy={approve.isPending}
      error={approve.error}
      onCancel={onClose}
      onConfirm={() => approve.mutate()}
    >
      <ul className="batch-list">
        {rows.map((row) => (
          <li key={row.id}>
            <span className="mono">{row.orderNo}</span> · {row.username} · {money(row.amount)} {currency}
          </li>
        ))}
      </ul>
      <PayoutMethodField via={via} onChange={setVia} />
    </ActionDialog>
  );
}
