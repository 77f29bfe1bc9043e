import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentPasswordBody } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { walletEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { Button } from '../../../ui/index.ts';
import { serverFieldErrors } from '../../auth/validation.ts';
import { walletKey } from '../queries.ts';

type Form = z.input<typeof paymentPasswordBody>;
const EMPTY: Form = {
  oldPaymentPassword: '',
  loginPassword: '',
  newPaymentPassword: '',
  confirmPaymentPassword: '',
};

/**
 * Sets or changes the payment password (6 digits, separate from the login password; asked to withdraw and to
 * redeem points). The first one is set with the login password; changing it needs the current one. Wrong answers
 * count toward its lock, on the server. The body travels encrypted.
 */
export function PaymentPasswordForm({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<Form>({ resolver: zodResolver(paymentPasswordBody), defaultValues: EMPTY });
  const save = useMutation({
    mutationFn: (body: Form) =>
      api(walletEndpoints.paymentPassword, {
        body: isSet ? { ...body, loginPassword: undefined } : { ...body, oldPaymentPassword: undefined },
      }),
    onSuccess: () => {
      form.reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
    },
  });
  const server = serverFieldErrors(save.error);

  function submit(body: Form) {
    let wrong = false;
    const current = isSet ? 'oldPaymentPassword' : 'loginPassword';
    if (!body[current]) {
      form.setError(current, { type: 'custom', message: t('validation.required') });
      wrong = true;
    }
    if (body.confirmPaymentPassword !== body.newPaymentPassword) {
      form.setError('confirmPaymentPassword', { type: 'custom', message: t('validation.inconsistentTwice') });
      wrong = true;
    }
    if (!wrong) save.mutate(body);
  }

  const password = (name: keyof Form, label: string, digits: boolean, hint?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          type="password"
          autoComplete={name === 'loginPassword' ? 'current-password' : 'off'}
          {...(digits ? { inputMode: 'numeric' as const, maxLength: 6 } : { maxLength: 64 })}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          hint={hint}
          error={
            fieldState.error?.type === 'custom'
              ? fieldState.error.message
              : fieldState.error
                ? t('wallet.errors.paymentPassword')
                : server[name]
          }
          required
        />
      )}
    />
  );
  const title = isSet ? t('security.payment.changeTitle') : t('security.payment.setTitle');
  return (
    <form
      className="wallet-form security-form"
      aria-label={title}
      noValidate
      onSubmit={form.handleSubmit(submit)}
    >
      <h3 className="wallet-form__title">{title}</h3>
      <p className="security-form__note">{t('security.payment.note')}</p>
      {isSet
        ? password('oldPaymentPassword', t('security.payment.current'), true)
        : password(
            'loginPassword',
            t('security.payment.loginPassword'),
            false,
            t('security.payment.loginPasswordHint'),
          )}
      {password('newPaymentPassword', t('security.payment.new'), true, t('security.payment.newHint'))}
      {password('confirmPaymentPassword', t('security.payment.confirm'), true)}
      {save.isError ? <FormMessage tone="error">{errorText(t, save.error)}</FormMessage> : null}
      {save.isSuccess ? <FormMessage tone="success">{t('security.payment.saved')}</FormMessage> : null}
      <Button type="submit" variant="primary" loading={save.isPending}>
        {t('security.payment.save')}
      </Button>
    </form>
  );
}
