import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settlementConsoleEndpoints as api, type ConsoleBillRow } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { periodText } from './bills.tsx';

export type BillAction = 'approve' | 'reject' | 'reverse';

/** The settlement lists read again after a decision (queue, bills, runs). */
const BILL_KEYS = [api.dividendQueue.path, api.bills.path, api.runs.path];

/**
 * Approve, reject (with a reason) or reverse (with a reason) one bill, behind a confirmation. A large dividend's
 * first approval is recorded and the bill waits for a second, different operator; the toast says so.
 */
export function BillDialog({
  bill,
  action,
  amount,
  onClose,
}: {
  bill: ConsoleBillRow;
  action: BillAction;
  /** The bill's amount with its currency. */
  amount: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [short, setShort] = useState(false);
  const params = { id: bill.id };
  const write = useMutation({
    mutationFn: () =>
      action === 'approve'
        ? call(api.approveBill, { params })
        : call(action === 'reject' ? api.rejectBill : api.reverseBill, {
            params,
            body: { reason: reason.trim() },
          }),
    onSuccess: (saved) => {
      for (const key of BILL_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      const waiting = action === 'approve' && saved.status === 'unapproved';
      toast.show(
        t(waiting ? 'agents.bills.firstApproval' : `agents.bills.${action}Done`, {
          username: saved.username,
        }),
      );
      onClose();
    },
  });
  const names = { username: bill.username, amount };
  const reasonError = short ? t('agents.bills.reasonRequired') : fieldErrors(write.error).reason;
  return (
    <ActionDialog
      title={t(`agents.bills.${action}Title`, names)}
      message={t(`agents.bills.${action}Message`, names)}
      confirmLabel={t(`agents.bills.${action}`)}
      confirmVariant={action === 'approve' ? 'primary' : 'danger'}
      busy={write.isPending}
      error={fieldErrors(write.error).reason ? null : write.error}
      onCancel={onClose}
      onConfirm={() => {
        const missing = action !== 'approve' && reason.trim().length < 2;
        setShort(missing);
        if (!missing) write.mutate();
      }}
    >
      <DetailList
        items={[
          { label: t('agents.bills.agent'), value: bill.username },
          { label: t('agents.bills.kind'), value: `${t(`agents.kinds.${bill.kind}`)} · ${bill.product}` },
          {
            label: t('agents.bills.period'),
            value: periodText(bill.periodStart, bill.periodEnd, i18n.language),
          },
          { label: t('agents.bills.amount'), value: amount },
        ]}
      />
      {action === 'approve' && bill.needsSecondApproval ? (
        <p className="muted">
          {bill.firstApprovedBy
            ? t('agents.bills.secondNeeded', { operator: bill.firstApprovedBy })
            : t('agents.bills.twoNeeded')}
        </p>
      ) : null}
      {action === 'approve' ? null : (
        <TextArea
          label={t('agents.bills.reason')}
          maxLength={200}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
    </ActionDialog>
  );
}
