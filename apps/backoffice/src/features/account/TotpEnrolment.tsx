import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { consoleSecurityEndpoints, type OperatorView, totpCode } from '@tessera/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import './account.css';

const schema = z.object({ code: totpCode });

/**
 * Enrolment of a second factor: a QR code and the secret as text for the authenticator app, a code of the app
 * to confirm, then the recovery codes, shown this once.
 */
export function TotpEnrolment({ onDone }: { onDone: (operator: OperatorView) => void }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<{ recoveryCodes: string[]; operator: OperatorView } | null>(null);
  const start = useMutation({ mutationFn: () => call(consoleSecurityEndpoints.startTotp) });
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const confirm = useMutation({
    mutationFn: (code: string) => call(consoleSecurityEndpoints.confirmTotp, { body: { code } }),
    onSuccess: setDone,
  });
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);

  if (done) {
    return (
      <div className="totp-enrolment">
        <Alert tone="success" title={t('account.totpEnabled')} />
        <p>{t('account.recoveryCodesText')}</p>
        <ul className="recovery-codes" aria-label={t('account.recoveryCodes')}>
          {done.recoveryCodes.map((code) => (
            <li key={code} className="mono">
              {code}
            </li>
          ))}
        </ul>
        <Button type="button" variant="primary" onClick={() => onDone(done.operator)}>
          {t('account.recoveryCodesSaved')}
        </Button>
      </div>
    );
  }
  if (start.isError) return <FormError error={start.error} />;
  if (!start.data) return <LoadingState label={t('common.loading')} />;
  const server = fieldErrors(confirm.error);
  return (
    <form
      className="totp-enrolment auth-form"
      noValidate
      onSubmit={form.handleSubmit((values) => confirm.mutate(values.code))}
    >
      <ol className="totp-steps">
        <li>{t('account.totpStepScan')}</li>
        <li>{t('account.totpStepCode')}</li>
      </ol>
      <img className="totp-qr" src={start.data.qrCode} alt={t('account.qrAlt')} width={200} height={200} />
      <dl className="totp-secret">
        <dt>{t('account.manualSecret')}</dt>
        <dd>
          <code className="mono">{start.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </dd>
      </dl>
      <FormError error={confirm.error} shownFields={['code']} />
      <TextField
        label={t('account.totpCode')}
        autoComplete="one-time-code"
        inputMode="numeric"
        error={form.formState.errors.code ? t('auth.codeInvalid') : server.code}
        {...form.register('code')}
      />
      <Button type="submit" variant="primary" loading={confirm.isPending}>
        {t('account.confirmTotp')}
      </Button>
    </form>
  );
}
