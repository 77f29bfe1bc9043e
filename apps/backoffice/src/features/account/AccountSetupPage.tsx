import type { OperatorView } from '@tessera/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand, ConsoleLanguageSelect } from '../../app/Brand.tsx';
import { Button } from '../../ui/Button.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import './account.css';

/** Whether the operator must finish setting up the account before using the console. */
export const setupPending = (operator: OperatorView) =>
  operator.mustChangePassword || (operator.totpRequired && !operator.totpEnabled);

/**
 * What an operator must do before the console opens: choose a new password (the demo owner's generated one),
 * then enrol a second factor when the role or the console setting requires one.
 */
export function AccountSetupPage({
  operator,
  onUpdated,
  onSignOut,
}: {
  operator: OperatorView;
  onUpdated: (operator: OperatorView) => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const step = operator.mustChangePassword ? 'password' : 'totp';
  useEffect(() => {
    document.title = `${t(step === 'password' ? 'account.passwordTitle' : 'account.totpTitle')} · Tessera`;
  }, [step, t]);
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Brand />
        <h1 className="auth-title">
          {t(step === 'password' ? 'account.passwordTitle' : 'account.totpTitle')}
        </h1>
        <p className="auth-subtitle">
          {t(step === 'password' ? 'account.passwordRequired' : 'account.totpRequired')}
        </p>
        {step === 'password' ? (
          <ChangePasswordForm onChanged={onUpdated} />
        ) : (
          <TotpEnrolment onDone={onUpdated} />
        )}
        <div className="auth-footer">
          <Button type="button" variant="ghost" size="sm" onClick={onSignOut}>
            {t('layout.signOut')}
          </Button>
          <ConsoleLanguageSelect id="setup-language" />
        </div>
      </main>
    </div>
  );
}
