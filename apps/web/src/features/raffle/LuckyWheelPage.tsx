import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../../ui/icons.tsx';
import { DocumentTitle, PageHero } from '../../ui/index.ts';
import { useSiteName } from '../site/useSiteName.ts';
import { MyPrizes } from './MyPrizes.tsx';
import { PrizeWheel } from './PrizeWheel.tsx';

/**
 * /luckyWheel: the prize wheel on a page of its own (the rewards centre places the same component), and under it the
 * member's physical prizes with their hand-over.
 */
export default function LuckyWheelPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  return (
    <div className="container rain-page">
      <DocumentTitle>{`${t('pages.luckyWheel')} · ${siteName}`}</DocumentTitle>
      <PageHero
        icon={GiftIcon}
        eyebrow={t('pages.luckyWheel')}
        title={t('raffle.title')}
        lead={t('raffle.lead')}
      />
      <PrizeWheel />
      <MyPrizes />
    </div>
  );
}
