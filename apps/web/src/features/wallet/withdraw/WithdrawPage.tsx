import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Withdrawal, withdrawalRequestBody } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { withdrawalEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { Button, CenteredSpinner } from '../../../ui/index.ts';
import { refusal } from '../../auth/validation.ts';
import { schemaMessage } from '../form.ts';
import { PaymentPasswordField } from '../PaymentPasswordField.tsx';
import { money, walletKey } from '../queries.ts';
import { BankAccountForm, BankAccountText } from './BankAccounts.tsx';
import { ConfirmReceipt, doneKey } from './ConfirmReceipt.tsx';
import { confirmationListQuery, withdrawalInfoQuery } from './queries.ts';
import { WithdrawHistory } from './WithdrawHistory.tsx';
import { WithdrawTurnover } from './WithdrawTurnover.tsx';
import '../wallet.css';
import './withdraw.css';

type Form = z.input<typeof withdrawalRequestBody>;

/**
 * Withdraw (issue 11 §4): the main wallet's balance, the limits (minimum, maximum, requests left today), the
 * turnover still to wager, the bank account to pay to (or a new one), the amount and the payment password (a link
 * to set one when there is none); above, the withdrawals waiting for the member to say what arrived; below, the
 * history with statuses. The server checks every rule again.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const info = useQuery(withdrawalInfoQuery(token));
  const confirmations = useQuery(confirmationListQuery(token));
  const [adding, setAdding] = useState(false);
  const [confirmed, setConfirmed] = useState<Withdrawal | null>(null);
  const form = useForm<Form>({
    resolver: zodResolver(withdrawalRequestBody),
    defaultValues: { amount: '', paymentPassword: '' },
  });
  const send = useMutation({
    mutationFn: (body: z.output<typeof withdrawalRequestBody>) =>
      api(withdrawalEndpoints.requestWithdrawal, { body }),
    onSuccess: () => {
      form.reset({ bankAccountId: form.getValues('bankAccountId'), amount: '', paymentPassword: '' });
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
    },
  });
  // The first bank account is chosen until the member picks another.
  const firstAccount = info.data?.bankAccounts[0]?.id;
  useEffect(() => {
    if (firstAccount !== undefined && form.getValues('bankAccountId') === undefined) {
      form.setValue('bankAccountId', firstAccount);
    }
  }, [firstAccount, form]);
  if (info.isError) return <FormMessage tone="error">{errorText(t, info.error)}</FormMessage>;
  if (!info.data) return <CenteredSpinner label={t('common.loading')} />;
  const facts = info.data;
  const currency = { symbol: facts.currencySymbol, digits: facts.digits };
  const amount = (major: number) => `${currency.symbol} ${money(major, currency.digits)}`;
  // Each thing once: a refused field says why beside it (a wrong payment password), the banner only what no field says.
  const refused = refusal(t, send.error, {
    shown: ['bankAccountId', 'amount', 'paymentPassword'],
    asSent: true,
  });
  const server = refused.fields;
  // The operator's tolerance: a withdrawal waits only while more than it remains.
  const turnoverHolds = facts.turnoverRemaining > facts.turnoverTolerance;
  const blocked = turnoverHolds || facts.countLeftToday === 0 || !facts.paymentPasswordSet;

  function submit(body: z.output<typeof withdrawalRequestBody>) {
    if (body.amount < facts.min || body.amount > facts.max) {
      form.setError('amount', {
        type: 'custom',
        message: t('withdraw.errors.range', { min: amount(facts.min), max: amount(facts.max) }),
      });
      return;
    }
    if (body.amount > facts.balance) {
      form.setError('amount', { type: 'custom', message: t('withdraw.errors.balance') });
      return;
    }
    send.mutate(body);
  }

  return (
    <div className="wallet-page withdraw">
      <h2 className="wallet-page__title">{t('memberCentre.pages.withdraw')}</h2>
      <div className="wallet-total">
        <span className="wallet-total__label">{t('withdraw.available')}</span>
        <span className="wallet-total__amount">{amount(facts.balance)}</span>
      </div>
      <dl className="wallet-facts">
        <div>
          <dt>{t('withdraw.limits')}</dt>
          <dd>
            {amount(facts.min)} – {amount(facts.max)}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.countLeft')}</dt>
          <dd>{t('withdraw.countOf', { left: facts.countLeftToday, total: facts.dailyCount })}</dd>
        </div>
        <div className={facts.turnoverRemaining > 0 ? 'fact--warn' : 'fact--ok'}>
          <dt>{t('withdraw.turnoverRemaining')}</dt>
          <dd>{amount(facts.turnoverRemaining)}</dd>
        </div>
      </dl>

      {confirmed ? (
        <FormMessage tone="success">
          {t(`withdraw.confirm.done.${doneKey(confirmed.confirmation)}`, {
            orderNo: confirmed.orderNo,
            remaining: amount(confirmed.remainingAmount ?? 0),
          })}
        </FormMessage>
      ) : null}
      {confirmations.data && confirmations.data.list.length > 0 ? (
        <section className="withdraw-section" aria-labelledby="withdraw-confirm-title">
          <h3 id="withdraw-confirm-title" className="wallet-form__title">
            {t('withdraw.confirm.title')}
          </h3>
          <p className="withdraw-section__note">
            {t('withdraw.confirm.note', { minutes: facts.autoReceiptMinutes })}
          </p>
          {confirmations.data.list.map((withdrawal) => (
            <ConfirmReceipt
              key={withdrawal.orderNo}
              withdrawal={withdrawal}
              currency={currency}
              onConfirmed={setConfirmed}
            />
          ))}
        </section>
      ) : null}

      {!facts.paymentPasswordSet ? (
        <FormMessage tone="info">
          {t('withdraw.noPaymentPassword')}{' '}
          <Link to="/member?page=securityCenter" className="withdraw-link">
            {t('withdraw.setPaymentPassword')}
          </Link>
        </FormMessage>
      ) : null}
      {turnoverHolds ? (
        <FormMessage tone="info">
          {t('withdraw.turnoverNotMet', { amount: amount(facts.turnoverRemaining) })}
        </FormMessage>
      ) : null}
      <WithdrawTurnover obligations={facts.turnoverObligations} currency={currency} />
      {facts.countLeftToday === 0 ? <FormMessage tone="info">{t('withdraw.noneLeft')}</FormMessage> : null}

      <form
        className="wallet-form withdraw-form"
        aria-label={t('withdraw.formTitle')}
        noValidate
        onSubmit={(event) => {
          // A new attempt replaces the last answer: its banner goes, whatever this one says.
          send.reset();
          void form.handleSubmit((body) => submit(body as z.output<typeof withdrawalRequestBody>))(event);
        }}
      >
        <h3 className="wallet-form__title">{t('withdraw.formTitle')}</h3>
        <Controller
          control={form.control}
          name="bankAccountId"
          render={({ field, fieldState }) => (
            <fieldset className="choice-group choice-group--cards">
              <legend>{t('withdraw.bank.choose')}</legend>
              {facts.bankAccounts.length === 0 ? (
                <p className="wallet-empty">{t('withdraw.bank.none')}</p>
              ) : (
                facts.bankAccounts.map((account) => (
                  <label
                    key={account.id}
                    className={
                      field.value === account.id ? 'choice choice--card choice--on' : 'choice choice--card'
                    }
                  >
                    <input
                      type="radio"
                      name="bankAccountId"
                      value={account.id}
                      checked={field.value === account.id}
                      onChange={() => field.onChange(account.id)}
                    />
                    <BankAccountText account={account} />
                  </label>
                ))
              )}
              {fieldState.error || server.bankAccountId ? (
                <p className="field__error">{t('withdraw.bank.chooseError')}</p>
              ) : null}
            </fieldset>
          )}
        />
        {adding ? (
          <BankAccountForm
            onAdded={(account) => {
              setAdding(false);
              form.setValue('bankAccountId', account.id);
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <Button variant="secondary" size="sm" className="withdraw-add" onClick={() => setAdding(true)}>
            {t('withdraw.bank.addTitle')}
          </Button>
        )}
        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState }) => (
            <Field
              ref={field.ref}
              label={t('wallet.amount')}
              inputMode="decimal"
              value={String(field.value ?? '')}
              onChange={field.onChange}
              onBlur={field.onBlur}
              hint={t('withdraw.amountHint', { min: amount(facts.min), max: amount(facts.max) })}
              error={
                fieldState.error?.type === 'custom'
                  ? fieldState.error.message
                  : (schemaMessage(t, fieldState.error) ?? server.amount)
              }
              required
            />
          )}
        />
        <PaymentPasswordField
          control={form.control}
          name="paymentPassword"
          serverError={server.paymentPassword}
        />
        {send.isError && refused.message ? <FormMessage tone="error">{refused.message}</FormMessage> : null}
        {send.isSuccess ? (
          <FormMessage tone="success">
            {t('withdraw.done', { amount: amount(send.data.amount), orderNo: send.data.orderNo })}
          </FormMessage>
        ) : null}
        <Button type="submit" variant="primary" size="lg" loading={send.isPending} disabled={blocked}>
          {t('withdraw.submit')}
        </Button>
      </form>

      <WithdrawHistory currency={currency} />
    </div>
  );
}
