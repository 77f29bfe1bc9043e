import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';
import { ShieldIcon } from '../../ui/icons.tsx';
import { responsibleQuery } from './queries.ts';
import './responsible.css';

/**
 * On the deposit page, while the member has no deposit limit: the offer to set one (a link to the Responsible gaming
 * page), never in the way of the deposit.
 */
export function DepositLimitOffer() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data } = useQuery(responsibleQuery(token));
  if (!data || data.limits.some((limit) => limit.kind.startsWith('deposit_') && limit.value !== null))
    return null;
  return (
    <p className="responsible-offer">
      <ShieldIcon />
      <span>{t('responsible.offer.text')}</span>{' '}
      <Link to="/member?page=responsibleGaming">{t('responsible.offer.link')}</Link>
    </p>
  );
}
