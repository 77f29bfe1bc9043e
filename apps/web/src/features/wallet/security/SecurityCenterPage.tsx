import { useQuery } from '@tanstack/react-query';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { KeyIcon, LockIcon, UserIcon } from '../../../ui/icons.tsx';
import { Button, CenteredSpinner, StatusBadge } from '../../../ui/index.ts';
import { openAuthModal } from '../../auth/authModal.ts';
import { avatarQuery, memberInfoQuery, shownName } from '../../auth/member.ts';
import { BankAccountForm, BankAccountList } from '../withdraw/BankAccounts.tsx';
import { withdrawalInfoQuery } from '../withdraw/queries.ts';
import { MobileNumberSection } from './MobileNumberSection.tsx';
import { PaymentPasswordForm } from './PaymentPasswordForm.tsx';
import '../wallet.css';
import '../withdraw/withdraw.css';

/**
 * My account (securityCenter): the member's profile from the member info (§3), the login password (the existing
 * change-password modal), the mobile number (add or change, with its history), the payment password (set or
 * change), and the bank accounts withdrawals pay to.
 */
export default function SecurityCenterPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const member = useQuery(memberInfoQuery(token));
  const avatar = useQuery(avatarQuery(token));
  const wallet = useQuery(withdrawalInfoQuery(token));
  const [adding, setAdding] = useState(false);
  if (member.isError || wallet.isError) {
    return <FormMessage tone="error">{errorText(t, member.error ?? wallet.error)}</FormMessage>;
  }
  if (!member.data || !wallet.data) return <CenteredSpinner label={t('common.loading')} />;
  const info = member.data;
  return (
    <div className="wallet-page security">
      <h2 className="wallet-page__title">{t('memberCentre.pages.securityCenter')}</h2>

      <section className="security-card" aria-labelledby="security-profile">
        <div className="security-profile">
          {avatar.data ? (
            <img className="security-profile__avatar" src={avatar.data.url} alt="" width={64} height={64} />
          ) : (
            <span className="security-profile__avatar security-profile__avatar--blank" aria-hidden="true">
              <UserIcon />
            </span>
          )}
          <div>
            <h3 id="security-profile" className="security-profile__name">
              {shownName(info)}
            </h3>
            <p className="security-profile__account">{info.account}</p>
            {info.clubLabel.labelName ? (
              <p className="security-profile__club">
                {t('auth.account.club', { name: info.clubLabel.labelName, rank: info.clubLabel.rankLevel })}
              </p>
            ) : null}
          </div>
          <Button variant="secondary" size="sm" onClick={() => openAuthModal('account')}>
            {t('security.editProfile')}
          </Button>
        </div>
        <dl className="wallet-facts">
          <div>
            <dt>{t('auth.account.previousLogin')}</dt>
            <dd>
              {info.previousLoginAt
                ? t('auth.account.previousLoginValue', {
                    time: formatDateTime(info.previousLoginAt, locale),
                    ip: info.previousLoginIp ?? '—',
                  })
                : t('auth.account.firstLogin')}
            </dd>
          </div>
          <div>
            <dt>{t('auth.fields.email')}</dt>
            <dd>{info.email || '—'}</dd>
          </div>
          <div>
            <dt>{t('auth.fields.mobileNum')}</dt>
            <dd>{info.mobileNum ? `+${info.countryDialingCode} ${info.mobileNum}` : '—'}</dd>
          </div>
        </dl>
      </section>

      <section className="security-card security-row" aria-labelledby="security-login-password">
        <span className="security-row__icon" aria-hidden="true">
          <LockIcon />
        </span>
        <div className="security-row__text">
          <h3 id="security-login-password" className="wallet-form__title">
            {t('security.login.title')}
          </h3>
          <p>{t('security.login.note')}</p>
        </div>
        <Button variant="secondary" icon={<KeyIcon />} onClick={() => openAuthModal('changePassword')}>
          {t('auth.changePassword.title')}
        </Button>
      </section>

      <MobileNumberSection info={info} />

      <section className="security-card" aria-label={t('security.payment.section')}>
        <p className="security-status">
          <StatusBadge tone={wallet.data.paymentPasswordSet ? 'success' : 'attention'}>
            {wallet.data.paymentPasswordSet ? t('security.payment.isSet') : t('security.payment.notSet')}
          </StatusBadge>
        </p>
        <PaymentPasswordForm isSet={wallet.data.paymentPasswordSet} />
      </section>

      <section className="security-card" aria-labelledby="security-banks">
        <div className="withdraw-section__head">
          <h3 id="security-banks" className="wallet-form__title">
            {t('withdraw.bank.title')}
          </h3>
          {!adding ? (
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
              {t('withdraw.bank.addTitle')}
            </Button>
          ) : null}
        </div>
        <BankAccountList accounts={wallet.data.bankAccounts} />
        {adding ? (
          <BankAccountForm onAdded={() => setAdding(false)} onCancel={() => setAdding(false)} />
        ) : null}
      </section>
    </div>
  );
}
