import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  depositConsoleEndpoints as bo,
  DEPOSIT_REJECT_REASONS,
  type DepositRow,
  depositRejectBody as rejectBody,
} from '@tessera/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { RejectReasonField } from '../../app/RejectReasonField.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { useToast } from '../../ui/Toast.tsx';

export type ReviewAction = 'confirm' | 'reject';

/**
 * Confirm (a bank transfer that arrived: the member is credited) or Reject with a reason (the member is told why),
 * each behind this confirmation.
 */
export function ReviewDialog({
  deposit,
  action,
  amount,
  onClose,
}: {
  deposit: DepositRow;
  action: ReviewAction;
  /** The amount with its currency, as the confirmation says it. */
  amount: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof rejectBody>>({
    resolver: zodResolver(rejectBody),
    defaultValues: { reason: '' },
  });
  const params = { id: deposit.id };
  const review = useMutation({
    mutationFn: (reason: string) =>
      action === 'confirm'
        ? call(bo.confirmDeposit, { params })
        : call(bo.rejectDeposit, { params, body: { reason } }),
    onSuccess: (reviewed) => {
      void queryClient.invalidateQueries({ queryKey: [bo.deposits.path] });
      void queryClient.invalidateQueries({ queryKey: [bo.callbacks.path] });
      toast.show(t(`deposits.${action}ed`, { orderNo: reviewed.orderNo }), 'success');
      onClose();
    },
  });
  const names = { orderNo: deposit.orderNo, username: deposit.username, amount };
  const reasonError = form.formState.errors.reason
    ? t('deposits.reasonRequired')
    : fieldErrors(review.error).reason;
  return (
    <ActionDialog
      title={t(`deposits.${action}Title`, names)}
      message={t(`deposits.${action}Message`, names)}
      confirmLabel={t(`deposits.${action}`)}
      confirmVariant={action === 'confirm' ? 'primary' : 'danger'}
      busy={review.isPending}
      error={review.error && !fieldErrors(review.error).reason ? review.error : null}
      onCancel={onClose}
      onConfirm={
        action === 'confirm'
          ? () => review.mutate('')
          : form.handleSubmit(({ reason }) => review.mutate(reason))
      }
    >
      {action === 'reject' ? (
        <Controller
          control={form.control}
          name="reason"
          render={({ field }) => (
            <RejectReasonField
              presets={DEPOSIT_REJECT_REASONS}
              labels="deposits.reasons"
              hint={t('deposits.reasonHint')}
              maxLength={200}
              error={reasonError}
              onChange={field.onChange}
            />
          )}
        />
      ) : (
        <DetailList
          className="deposit-review"
          items={[
            { label: t('deposits.reference'), value: deposit.payerReference, mono: true },
            { label: t('deposits.channel'), value: deposit.channelName },
          ]}
        />
      )}
    </ActionDialog>
  );
}
