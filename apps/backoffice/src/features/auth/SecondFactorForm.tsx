import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { consoleSecurityEndpoints, secondFactorCode } from '@tessera/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { startSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthShell } from './AuthShell.tsx';

const schema = z.object({ code: secondFactorCode });

/** The second step of a sign-in: a code of the authenticator app, or a recovery code. */
export function SecondFactorForm({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const verify = useMutation({
    mutationFn: (code: string) => call(consoleSecurityEndpoints.secondFactor, { body: { challenge, code } }),
    onSuccess: (value) => {
      startSession(value.token, value.operator);
      navigate('/', { replace: true });
    },
  });
  const errors = fieldErrors(verify.error);
  const invalid = form.formState.errors.code ? t('auth.codeInvalid') : undefined;
  return (
    <AuthShell
      title={t('auth.secondFactorTitle')}
      subtitle={t('auth.secondFactorSubtitle')}
      onSubmit={form.handleSubmit((values) => verify.mutate(values.code))}
    >
      <FormError error={verify.error} shownFields={['code']} />
      <TextField
        label={t('auth.code')}
        hint={t('auth.codeHint')}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        error={invalid ?? errors.code}
        {...form.register('code')}
      />
      <Button type="submit" variant="primary" loading={verify.isPending}>
        {t('auth.verify')}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        {t('auth.backToSignIn')}
      </Button>
    </AuthShell>
  );
}
