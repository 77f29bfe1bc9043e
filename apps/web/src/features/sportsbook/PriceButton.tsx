import type { SportsbookMarket, SportsbookSelection } from '@tessera/contract';
import { formatOdds } from '@tessera/sportsbook';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';
import { LockIcon } from '../../ui/icons.tsx';
import { marketName, selectionName } from './names.ts';
import { toggleLeg, useOddsFormat, useSlip } from './slip.ts';

export interface EventRef {
  id: number;
  home: string;
  away: string;
  inPlay: boolean;
}

/**
 * A selection's price: a tap puts it on the slip (or takes it off). Named by the selection and its price; pressed
 * while on the slip; locked while its market is not open.
 */
export function PriceButton({
  event,
  market,
  selection,
  label,
}: {
  event: EventRef;
  market: SportsbookMarket;
  selection: SportsbookSelection;
  /** What the button shows above the price (a side, a line); none in a grid whose columns say it. */
  label?: string;
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const format = useOddsFormat();
  const slip = useSlip();
  const open = market.state === 'open';
  const name = selectionName(t, market, selection.code, event, locale);
  const price = formatOdds(selection.price, format, locale);
  const picked = slip.legs.some((leg) => leg.selectionId === selection.id);
  return (
    <button
      type="button"
      className="sb-price"
      aria-pressed={picked}
      disabled={!open}
      aria-label={open ? t('sportsbook.pick', { name, price }) : t('sportsbook.locked', { name })}
      onClick={() =>
        toggleLeg({
          eventId: event.id,
          eventName: t('sportsbook.versus', { home: event.home, away: event.away }),
          marketName: marketName(t, market, locale),
          selectionName: name,
          selectionId: selection.id,
          price: selection.price,
          priceVersion: selection.version,
          live: event.inPlay,
        })
      }
    >
      {label ? <span className="sb-price__label">{label}</span> : null}
      <span className="sb-price__odds">{open ? price : <LockIcon />}</span>
    </button>
  );
}
