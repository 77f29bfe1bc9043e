import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { consoleSecurityEndpoints, type OperatorView, operatorPassword } from '@tessera/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';

const schema = z
  .object({
    currentPassword: z.string().min(1),
    newPassword: operatorPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'] });

/** The operator's own password change: the current one, and a new one of 12+ characters the server finds strong. */
export function ChangePasswordForm({ onChanged }: { onChanged: (operator: OperatorView) => void }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(consoleSecurityEndpoints.changePassword, { body }),
    onSuccess: (operator) => {
      form.reset();
      onChanged(operator);
    },
  });
  const server = fieldErrors(change.error);
  const local = form.formState.errors;
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
        change.mutate({ currentPassword, newPassword }),
      )}
    >
      <FormError error={change.error} shownFields={['currentPassword', 'newPassword']} />
      <TextField
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={local.currentPassword ? t('account.required') : server.currentPassword}
        {...form.register('currentPassword')}
      />
      <TextField
        label={t('account.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('account.newPasswordHint')}
        error={local.newPassword ? t('account.newPasswordHint') : server.newPassword}
        {...form.register('newPassword')}
      />
      <TextField
        label={t('account.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={local.confirmPassword ? t('auth.passwordMismatch') : undefined}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" variant="primary" loading={change.isPending}>
        {t('account.changePassword')}
      </Button>
    </form>
  );
}
