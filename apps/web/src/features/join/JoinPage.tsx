import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session.ts';
import { BoltIcon, GiftIcon, HeadsetIcon, ShieldIcon, UsersIcon } from '../../ui/icons.tsx';
import { Button, DocumentTitle } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { useCustomerService } from '../customer-service/useCustomerService.tsx';
import { useSiteName } from '../site/useSiteName.ts';
import './join.css';

const BENEFITS = ['commission', 'tools', 'payouts', 'support'] as const;
const BENEFIT_ICONS: Record<(typeof BENEFITS)[number], ReactNode> = {
  commission: <GiftIcon />,
  tools: <BoltIcon />,
  payouts: <ShieldIcon />,
  support: <HeadsetIcon />,
};
const STEPS = ['register', 'apply', 'share', 'earn'] as const;

/** Join us (§2 /join): the agent (affiliate) programme, how to join, and whom to ask. */
export default function JoinPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { token } = useSession();
  const customerService = useCustomerService();
  const [search] = useSearchParams();
  const fromAgentCentre = token !== null && search.get('from') === 'agent';

  return (
    <div className="container join">
      <DocumentTitle>{`${t('pages.join')} · ${siteName}`}</DocumentTitle>
      <section className="join-hero" aria-labelledby="join-title">
        <span className="join-hero__icon">
          <UsersIcon />
        </span>
        <p className="join-hero__eyebrow">{t('pages.join')}</p>
        <h1 id="join-title" className="join-hero__title">
          {t('join.title', { siteName })}
        </h1>
        <p className="join-hero__text">{t('join.text')}</p>
        {fromAgentCentre ? (
          <p className="join-hero__note" role="status">
            {t('join.notAgentYet')}
          </p>
        ) : null}
        <div className="join-hero__actions">
          {token ? null : (
            <Button variant="accent" size="lg" onClick={() => openAuthModal('register')}>
              {t('join.cta')}
            </Button>
          )}
          <Button variant="secondary" size="lg" icon={<HeadsetIcon />} onClick={customerService.open}>
            {t('join.contact')}
          </Button>
        </div>
        {customerService.dialog}
      </section>

      <section aria-labelledby="join-benefits">
        <h2 id="join-benefits" className="join__section-title">
          {t('join.benefitsTitle')}
        </h2>
        <ul className="join__benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="join-benefit">
              <span className="join-benefit__icon">{BENEFIT_ICONS[benefit]}</span>
              <h3 className="join-benefit__title">{t(`join.benefits.${benefit}.title`)}</h3>
              <p className="join-benefit__text">{t(`join.benefits.${benefit}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="join-steps">
        <h2 id="join-steps" className="join__section-title">
          {t('join.stepsTitle')}
        </h2>
        <ol className="join__steps">
          {STEPS.map((step, index) => (
            <li key={step} className="join-step">
              <span className="join-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="join-step__title">{t(`join.steps.${step}.title`)}</h3>
              <p className="join-step__text">{t(`join.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
