import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, withdrawalConsoleEndpoints as bo, type WithdrawalRow } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FormError } from '../../app/errors.tsx';
import { reasonText } from '../../app/RejectReasonField.tsx';
import { Button } from '../../ui/Button.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { ConfirmationBadge, StatusBadge } from './views.tsx';

/** One proof image, fetched with the operator's session (proofs have no public address) and shown inline. */
function Proof({ id, proofId, index }: { id: number; proofId: string; index: number }) {
  const { t } = useTranslation();
  const [large, setLarge] = useState(false);
  const image = useQuery({
    queryKey: [bo.proof.path, id, proofId],
    queryFn: ({ signal }) => call(bo.proof, { params: { id, proofId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const name = t('withdrawals.proofNamed', { n: index + 1 });
  if (!image.data) {
    return (
      <div className="proof proof--loading">{image.isError ? t('withdrawals.proofFailed') : <Spinner />}</div>
    );
  }
  return (
    <button
      type="button"
      className={large ? 'proof proof--large' : 'proof'}
      aria-label={large ? t('withdrawals.proofSmaller', { name }) : t('withdrawals.proofLarger', { name })}
      onClick={() => setLarge(!large)}
    >
      <img src={`data:${image.data.contentType};base64,${image.data.data}`} alt={name} />
    </button>
  );
}

/**
 * A withdrawal's details: the member, the bank account, the review, the member's confirmation with the amount
 * received and the remainder, the proof images, and, for an open claim, what finance does about it: refund the
 * part that did not arrive to the member's balance, or dismiss the claim (the payment arrived), with a note.
 */
export function WithdrawalDetails({
  row,
  money,
  currency,
  onClose,
  onResolved,
}: {
  row: WithdrawalRow;
  money: (amount: number) => string;
  currency: string;
  onClose: () => void;
  onResolved: (row: WithdrawalRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const [note, setNote] = useState('');
  const resolve = useMutation({
    mutationFn: (outcome: 'refund' | 'dismiss') =>
      call(bo.resolveClaim, { params: { id: row.id }, body: { outcome, note } }),
    onSuccess: onResolved,
  });
  const noteError =
    resolve.error instanceof ApiError && resolve.error.fields.note ? resolve.error.fields.note : undefined;
  const amount = (value: number | null) => (value === null ? '' : `${money(value)} ${currency}`);
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '');
  return (
    <Modal
      open
      size="lg"
      title={t('withdrawals.detailsTitle', { orderNo: row.orderNo })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className="stack">
        <DetailList
          items={[
            { label: t('withdrawals.member'), value: `${row.username} (#${row.memberId})` },
            { label: t('withdrawals.amount'), value: amount(row.amount) },
            { label: t('withdrawals.requested'), value: when(row.createdAt) },
            { label: t('withdrawals.bankName'), value: row.bankName },
            { label: t('withdrawals.accountNumber'), value: row.accountNumber, mono: true },
            { label: t('withdrawals.payeeName'), value: row.payeeName },
            { label: t('common.status'), value: <StatusBadge status={row.status} /> },
            {
              label: t('withdrawals.reviewedBy'),
              value: row.reviewedBy ? `${row.reviewedBy} · ${when(row.reviewedAt)}` : '',
            },
            {
              label: t('withdrawals.reason'),
              value: reasonText(row.reason, 'withdrawals.reasons', t, (key) => i18n.exists(key)),
            },
            {
              label: t('withdrawals.confirmation'),
              value: row.status === 'approved' ? <ConfirmationBadge row={row} /> : '',
            },
            { label: t('withdrawals.confirmBy'), value: when(row.confirmBy) },
            { label: t('withdrawals.confirmedAt'), value: when(row.confirmedAt) },
            { label: t('withdrawals.received'), value: amount(row.receivedAmount) },
            { label: t('withdrawals.remaining'), value: amount(row.remainingAmount) },
            {
              label: t('withdrawals.refunded'),
              value: row.refundedAmount > 0 ? amount(row.refundedAmount) : '',
            },
            {
              label: t('withdrawals.claimResolvedBy'),
              value: row.claimResolvedBy ? `${row.claimResolvedBy} · ${when(row.claimResolvedAt)}` : '',
            },
            { label: t('withdrawals.claimNote'), value: row.claimNote },
          ]}
        />
        {row.proofIds.length > 0 ? (
          <section aria-label={t('withdrawals.proofs')}>
            <h3 className="section-title">{t('withdrawals.proofs')}</h3>
            <div className="proofs">
              {row.proofIds.map((proofId, index) => (
                <Proof key={proofId} id={row.id} proofId={proofId} index={index} />
              ))}
            </div>
          </section>
        ) : null}
        {row.claimStatus === 'open' ? (
          <section className="claim-box" aria-label={t('withdrawals.claimTitle')}>
            <h3 className="section-title">{t('withdrawals.claimTitle')}</h3>
            <p className="muted">
              {t('withdrawals.claimHelp', { amount: amount(row.remainingAmount ?? 0) })}
            </p>
            <FormError error={noteError ? null : resolve.error} shownFields={['note']} />
            <TextArea
              label={t('withdrawals.note')}
              hint={t('withdrawals.noteHint')}
              required
              rows={3}
              maxLength={500}
              value={note}
              error={noteError}
              onChange={(event) => setNote(event.target.value)}
            />
            <div className="row-wrap">
              <Button
                variant="primary"
                loading={resolve.isPending && resolve.variables === 'refund'}
                onClick={() => resolve.mutate('refund')}
              >
                {t('withdrawals.refund', { amount: amount(row.remainingAmount ?? 0) })}
              </Button>
              <Button
                loading={resolve.isPending && resolve.variables === 'dismiss'}
                onClick={() => resolve.mutate('dismiss')}
              >
                {t('withdrawals.dismiss')}
              </Button>
            </div>
          </section>
        ) : null}
      </div>
    </Modal>
  );
}
