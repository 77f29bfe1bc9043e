import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  withdrawalConsoleEndpoints as bo,
  WITHDRAWAL_REJECT_REASONS,
  type WithdrawalRow,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { RejectReasonField } from '../../app/RejectReasonField.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { PayoutMethodField, usePayoutMethod } from './PayoutMethod.tsx';
import { RiskReview } from './RiskReview.tsx';

/**
 * Approve (the money was paid to the member's bank account) or reject with a reason (the money goes back to the
 * member's balance) one pending withdrawal, with the risk review beside the request. When another operator acted
 * first, the server says so; a flagged withdrawal's first approval leaves it pending for a different operator.
 */
export function ReviewDialog({
  row,
  action,
  money,
  currency,
  onClose,
  onDone,
}: {
  row: WithdrawalRow;
  action: 'approve' | 'reject';
  money: (amount: number) => string;
  currency: string;
  onClose: () => void;
  onDone: (row: WithdrawalRow) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const [via, setVia] = usePayoutMethod();
  const write = useMutation({
    mutationFn: () =>
      action === 'approve'
        ? call(bo.approve, { params: { id: row.id }, body: via ? { via } : {} })
        : call(bo.reject, { params: { id: row.id }, body: { reason } }),
    onSuccess: (answer) => {
      // The review read before this decision (a first approval, say) is no longer true.
      void queryClient.invalidateQueries({ queryKey: [bo.review.path, row.id] });
      onDone(answer);
    },
  });
  const reasonError =
    write.error instanceof ApiError && write.error.fields.reason ? write.error.fields.reason : undefined;
  return (
    <ActionDialog
      title={t(`withdrawals.${action}Title`, { orderNo: row.orderNo })}
      message={t(
        action === 'approve' && via === 'provider'
          ? 'withdrawals.approveProviderMessage'
          : `withdrawals.${action}Message`,
        {
          amount: `${money(row.amount)} ${currency}`,
          username: row.username,
        },
      )}
      confirmLabel={t(`withdrawals.${action}`)}
      confirmVariant={action === 'reject' ? 'danger' : 'primary'}
      busy={write.isPending}
      size="lg"
      error={reasonError ? null : write.error}
      onCancel={onClose}
      onConfirm={() => write.mutate()}
    >
      <DetailList
        items={[
          { label: t('withdrawals.member'), value: row.username },
          { label: t('withdrawals.amount'), value: `${money(row.amount)} ${currency}` },
          { label: t('withdrawals.bankName'), value: row.bankName },
          { label: t('withdrawals.accountNumber'), value: row.accountNumber, mono: true },
          { label: t('withdrawals.payeeName'), value: row.payeeName },
        ]}
      />
      <RiskReview id={row.id} money={money} />
      {action === 'approve' ? <PayoutMethodField via={via} onChange={setVia} /> : null}
      {action === 'reject' ? (
        <RejectReasonField
          presets={WITHDRAWAL_REJECT_REASONS}
          labels="withdrawals.reasons"
          hint={t('withdrawals.reasonHint')}
          maxLength={500}
          error={reasonError}
          onChange={setReason}
        />
      ) : null}
    </ActionDialog>
  );
}
