import { useQueryClient } from '@tanstack/react-query';
import type { OperatorView } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateOperator, useSession } from '../../app/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import './account.css';

/** The operator's own account: the password, and the second factor (optional unless the role requires it). */
export function AccountPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { operator } = useSession();
  const [enrolling, setEnrolling] = useState(false);
  const updated = (next: OperatorView) => {
    queryClient.setQueryData(['me'], next);
    updateOperator(next);
  };
  if (!operator) return null;
  return (
    <>
      <PageHeader title={t('nav.account')} description={t('account.description')} />
      <div className="account-cards">
        <Card title={t('account.passwordCardTitle')} description={t('account.newPasswordHint')}>
          <ChangePasswordForm
            onChanged={(next) => {
              updated(next);
              toast.show(t('account.passwordChanged'));
            }}
          />
        </Card>
        <Card title={t('account.totpCardTitle')} description={t('account.totpDescription')}>
          {operator.totpEnabled && !enrolling ? (
            <Alert tone="success" title={t('account.totpOn')} />
          ) : enrolling ? (
            <TotpEnrolment
              onDone={(next) => {
                setEnrolling(false);
                updated(next);
              }}
            />
          ) : (
            <Button type="button" variant="primary" onClick={() => setEnrolling(true)}>
              {t('account.setUpTotp')}
            </Button>
          )}
        </Card>
      </div>
    </>
  );
}
