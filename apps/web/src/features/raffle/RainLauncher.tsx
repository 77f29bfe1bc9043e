import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/session.ts';
import { GiftIcon } from '../../ui/icons.tsx';
import { rainQuery } from './queries.ts';
import './launcher.css';

/**
 * The way into a live red envelope rain from every page with the right bar (or, on a phone, the tab bar): shown
 * while a round is live (the state is asked again when a round opens, /ws rain.round, and every half minute).
 */
export function RainLauncher() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { pathname } = useLocation();
  const state = useQuery(rainQuery(token));
  if (!state.data?.live || pathname.toLowerCase() === '/redenvelope') return null;
  return (
    <Link className="rain-launcher" to="/redEnvelope">
      <GiftIcon />
      {t('rain.launcher')}
    </Link>
  );
}
