import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';
import { PrizeWheel } from './PrizeWheel.tsx';
import { rafflesQuery } from './queries.ts';

/**
 * The prize wheel's section of the rewards centre (registered in features/rewards/slots.ts): the same wheel as
 * /luckyWheel with the member's tickets, and where more tickets come from. Nothing while no wheel is open.
 */
export default function RewardsWheel() {
  const { t } = useTranslation();
  const { token } = useSession();
  const raffles = useQuery(rafflesQuery(token));
  if (raffles.data?.raffles.length === 0) return null;
  return (
    <div className="rewards-wheel">
      <PrizeWheel heading="h3" />
      <p className="rewards-wheel__earn">
        {t('raffle.earnTickets')}{' '}
        <Link to="/member?page=missionLeaderboard">{t('memberCentre.pages.missionLeaderboard')}</Link>
        {' · '}
        <Link to="/pointMall">{t('pages.pointMall')}</Link>
        {' · '}
        <Link to="/promotions">{t('pages.promotions')}</Link>
      </p>
    </div>
  );
}
