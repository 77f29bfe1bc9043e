import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BankAccount, type BankAccountBody, bankAccountBody } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { withdrawalEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { Button } from '../../../ui/index.ts';
import { serverFieldErrors } from '../../auth/validation.ts';
import { walletKey } from '../queries.ts';
import { textMessage } from './queries.ts';
import './withdraw.css';

/**
 * A new bank account for withdrawals: bank name, account number (digits) and payee name (§5: a real name without
 * accents, single spaces), checked with the contract's schema before it goes, and by the server again.
 */
export function BankAccountForm({
  defaultPayee = '',
  onAdded,
  onCancel,
}: {
  defaultPayee?: string;
  onAdded?: (account: BankAccount) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<BankAccountBody>({
    resolver: zodResolver(bankAccountBody),
    defaultValues: { bankName: '', accountNumber: '', payeeName: defaultPayee },
  });
  const add = useMutation({
    mutationFn: (body: BankAccountBody) => api(withdrawalEndpoints.addBankAccount, { body }),
    onSuccess: (account) => {
      form.reset({ bankName: '', accountNumber: '', payeeName: defaultPayee });
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
      onAdded?.(account);
    },
  });
  const server = serverFieldErrors(add.error);
  const text = (name: keyof BankAccountBody, label: string, extra: Record<string, unknown> = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={textMessage(t, fieldState.error) ?? server[name]}
          required
          {...extra}
        />
      )}
    />
  );
  return (
    <form
      className="bank-form"
      aria-label={t('withdraw.bank.addTitle')}
      noValidate
      onSubmit={form.handleSubmit((body) => add.mutate(body))}
    >
      <h3 className="wallet-form__title">{t('withdraw.bank.addTitle')}</h3>
      {text('bankName', t('withdraw.bank.bankName'), { maxLength: 60, autoComplete: 'off' })}
      {text('accountNumber', t('withdraw.bank.accountNumber'), {
        inputMode: 'numeric',
        maxLength: 30,
        autoComplete: 'off',
        hint: t('withdraw.bank.accountNumberHint'),
      })}
      {text('payeeName', t('withdraw.bank.payeeName'), {
        maxLength: 50,
        autoComplete: 'name',
        hint: t('withdraw.bank.payeeNameHint'),
      })}
      {add.isError ? <FormMessage tone="error">{errorText(t, add.error)}</FormMessage> : null}
      <div className="bank-form__actions">
        <Button type="submit" variant="primary" loading={add.isPending}>
          {t('withdraw.bank.add')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The member's bank accounts, each with a remove button that asks first. */
export function BankAccountList({ accounts }: { accounts: readonly BankAccount[] }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api(withdrawalEndpoints.removeBankAccount, { params: { id } }),
    onSuccess: () => {
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
    },
  });
  if (accounts.length === 0) return <p className="wallet-empty">{t('withdraw.bank.none')}</p>;
  return (
    <>
      <ul className="bank-list" aria-label={t('withdraw.bank.title')}>
        {accounts.map((account) => (
          <li key={account.id} className="bank-card">
            <BankAccountText account={account} />
            {asking === account.id ? (
              <div className="bank-card__confirm">
                <span>{t('withdraw.bank.removeAsk')}</span>
                <Button
                  size="sm"
                  variant="primary"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(account.id)}
                >
                  {t('withdraw.bank.removeYes')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setAsking(null)}>
                  {t('common.cancel')}
                </Button>
              </div>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('withdraw.bank.removeNamed', { number: account.accountNumber })}
                onClick={() => setAsking(account.id)}
              >
                {t('withdraw.bank.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {remove.isError ? <FormMessage tone="error">{errorText(t, remove.error)}</FormMessage> : null}
    </>
  );
}

/** A bank account as people read it: the bank, the masked number and the payee. */
export function BankAccountText({
  account,
}: {
  account: Pick<BankAccount, 'bankName' | 'accountNumber' | 'payeeName'>;
}) {
  return (
    <span className="bank-card__text">
      <strong>{account.bankName}</strong>
      <span className="bank-card__number">{account.accountNumber}</span>
      <span className="bank-card__payee">{account.payeeName}</span>
    </span>
  );
}
