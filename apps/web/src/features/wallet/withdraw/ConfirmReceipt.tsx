import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  toMajor,
  toMinor,
  WITHDRAWAL_PROOFS,
  type Withdrawal,
  withdrawalConfirmationFields,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { withdrawalEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { type ChosenImage, ImagePicker } from '../../../ui/ImagePicker.tsx';
import { Button } from '../../../ui/index.ts';
import { serverFieldErrors } from '../../auth/validation.ts';
import { schemaMessage } from '../form.ts';
import { money, walletKey } from '../queries.ts';
import { BankAccountText } from './BankAccounts.tsx';

type Fields = z.input<typeof withdrawalConfirmationFields>;
type Answer = Fields['confirmation'];
const ANSWERS: readonly Answer[] = ['received', 'partly_received', 'not_received'];
/** The key of the thanks after a confirmation (withdraw.confirm.done.*). */
export const doneKey = (confirmation: Withdrawal['confirmation']): Answer =>
  confirmation === 'partly_received' || confirmation === 'not_received' ? confirmation : 'received';

/**
 * §4 "Withdrawal confirmation" of one approved withdrawal: received in full; received partly, with the amount
 * received (the remainder is shown as it is typed); or not received, with 1 to 3 proof images (png or jpg, 5 MB
 * each, checked here and again by the server). Unanswered by its time, it counts as received.
 */
export function ConfirmReceipt({
  withdrawal,
  currency,
  onConfirmed,
}: {
  withdrawal: Withdrawal;
  currency: { symbol: string; digits: number };
  /** Told of the answer before the list refreshes (this card then leaves it). */
  onConfirmed: (answered: Withdrawal) => void;
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<ChosenImage[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<Fields>({
    resolver: zodResolver(withdrawalConfirmationFields),
    defaultValues: { confirmation: 'received' },
  });
  const answer = form.watch('confirmation');
  const typed = form.watch('receivedAmount');
  const send = useMutation({
    mutationFn: (fields: Fields) => {
      const body = new FormData();
      body.set('confirmation', fields.confirmation);
      if (fields.confirmation === 'partly_received')
        body.set('receivedAmount', String(fields.receivedAmount));
      if (fields.confirmation === 'not_received') for (const { file } of files) body.append('proof', file);
      return api(withdrawalEndpoints.confirmWithdrawal, { params: { orderNo: withdrawal.orderNo }, body });
    },
    onSuccess: (answered) => {
      onConfirmed(answered);
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
    },
  });
  const amount = (major: number) => `${currency.symbol} ${money(major, currency.digits)}`;

  /** amount − received, exactly (in minor units), or null while the typed amount is not a valid one. */
  const remainder = (() => {
    const total = toMinor(withdrawal.amount, currency.digits);
    const received = toMinor(Number(typed), currency.digits);
    if (total === null || received === null || typed === undefined || String(typed).trim() === '')
      return null;
    if (received <= 0n || received >= total) return null;
    return toMajor(total - received, currency.digits);
  })();

  function submit(fields: Fields) {
    if (fields.confirmation === 'partly_received' && remainder === null) {
      form.setError('receivedAmount', { type: 'custom', message: 'partly' });
      return;
    }
    if (fields.confirmation === 'not_received' && files.length === 0) {
      setFileError(t('withdraw.confirm.proofRequired'));
      return;
    }
    send.mutate(fields);
  }

  const server = serverFieldErrors(send.error);
  const title = t('withdraw.confirm.cardTitle', { amount: amount(withdrawal.amount) });
  return (
    <article className="confirm-card" aria-label={title}>
      <header className="confirm-card__head">
        <div>
          <h4 className="confirm-card__amount">{amount(withdrawal.amount)}</h4>
          <p className="confirm-card__meta">
            {t('withdraw.orderNo')} <span className="mono">{withdrawal.orderNo}</span>
          </p>
        </div>
        <BankAccountText account={withdrawal} />
      </header>
      {withdrawal.confirmBy ? (
        <p className="confirm-card__due">
          {t('withdraw.confirm.due', { time: formatDateTime(withdrawal.confirmBy, locale) })}
        </p>
      ) : null}
      <form className="confirm-card__form" noValidate onSubmit={form.handleSubmit(submit)}>
        <Controller
          control={form.control}
          name="confirmation"
          render={({ field }) => (
            <fieldset className="choice-group">
              <legend>{t('withdraw.confirm.question')}</legend>
              {ANSWERS.map((value) => (
                <label key={value} className={field.value === value ? 'choice choice--on' : 'choice'}>
                  <input
                    type="radio"
                    name={`${withdrawal.orderNo}-answer`}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                  />
                  <span>{t(`withdraw.confirm.answers.${value}`)}</span>
                </label>
              ))}
            </fieldset>
          )}
        />
        {answer === 'partly_received' ? (
          <Controller
            control={form.control}
            name="receivedAmount"
            render={({ field, fieldState }) => (
              <Field
                label={t('withdraw.confirm.receivedAmount')}
                inputMode="decimal"
                value={field.value === undefined ? '' : String(field.value)}
                onChange={field.onChange}
                onBlur={field.onBlur}
                required
                error={
                  fieldState.error
                    ? fieldState.error.message === 'partly'
                      ? t('withdraw.confirm.partlyRange', { amount: amount(withdrawal.amount) })
                      : schemaMessage(t, fieldState.error)
                    : server.receivedAmount
                }
                hint={
                  remainder === null
                    ? t('withdraw.confirm.partlyRange', { amount: amount(withdrawal.amount) })
                    : t('withdraw.confirm.remainder', { amount: amount(remainder) })
                }
              />
            )}
          />
        ) : null}
        {answer === 'not_received' ? (
          <ImagePicker
            label={t('withdraw.confirm.proofs')}
            hint={t('withdraw.confirm.proofsHint')}
            limits={WITHDRAWAL_PROOFS}
            messages={{
              tooMany: t('withdraw.confirm.tooMany'),
              wrongType: t('withdraw.confirm.wrongType'),
              tooLarge: t('withdraw.confirm.tooLarge'),
            }}
            removeText={t('withdraw.bank.remove')}
            removeLabel={(name) => t('withdraw.confirm.removeFile', { name })}
            files={files}
            onFiles={setFiles}
            error={fileError}
            onError={setFileError}
          />
        ) : null}
        {send.isError ? <FormMessage tone="error">{errorText(t, send.error)}</FormMessage> : null}
        <Button type="submit" variant="primary" loading={send.isPending}>
          {t('withdraw.confirm.submit')}
        </Button>
      </form>
    </article>
  );
}
