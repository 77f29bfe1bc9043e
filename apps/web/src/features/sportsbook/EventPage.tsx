import { useQuery } from '@tanstack/react-query';
import type { SportsbookEventDetail, SportsbookMarket } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateLocale } from '../../i18n/language.ts';
import { ChevronLeftIcon } from '../../ui/icons.tsx';
import { buttonClass, CenteredSpinner } from '../../ui/index.ts';
import { lineText, marketTypeName, selectionName, selectionShort } from './names.ts';
import { PriceButton } from './PriceButton.tsx';
import { eventQuery } from './queries.ts';
import { Scoreboard } from './Scoreboard.tsx';

const TYPE_ORDER = [
  '1x2',
  'winner',
  'ah',
  'map_handicap',
  'ou',
  'total_maps',
  'dc',
  'oe',
  'map_winner',
  'cs',
] as const;
const SIGNED = new Set(['ah', 'map_handicap']);

interface MarketGroup {
  key: string;
  markets: SportsbookMarket[];
}

/** Markets of one type, period and map together, full time before the first half, lines in order. */
function groupMarkets(markets: readonly SportsbookMarket[]): MarketGroup[] {
  const groups = new Map<string, SportsbookMarket[]>();
  const sorted = [...markets].sort(
    (a, b) =>
      a.period.localeCompare(b.period) ||
      TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
      (a.map ?? 0) - (b.map ?? 0) ||
      (a.line ?? 0) - (b.line ?? 0),
  );
  for (const market of sorted) {
    const key = `${market.period}:${market.type}:${market.map ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), market]);
  }
  return [...groups].map(([key, list]) => ({ key, markets: list }));
}

function MarketGroupView({ event, group }: { event: SportsbookEventDetail; group: MarketGroup }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const [first] = group.markets;
  if (!first) return null;
  const title = marketTypeName(t, first);
  const lined = first.line !== null;
  const scores = first.type === 'cs';
  return (
    <section className="sb-market" aria-label={title}>
      <h2 className="sb-market__name">{title}</h2>
      <ul className="sb-market__lines">
        {group.markets.map((market) => (
          <li key={market.id} className={`sb-market__line${scores ? ' sb-market__line--scores' : ''}`}>
            {lined && market.line !== null ? (
              <span className="sb-market__handicap">
                {lineText(market.line, locale, SIGNED.has(market.type))}
              </span>
            ) : null}
            {market.state === 'suspended' ? (
              <span className="sb-market__state">{t('sportsbook.suspended')}</span>
            ) : null}
            <div className="sb-market__prices">
              {market.selections.map((selection) => (
                <PriceButton
                  key={selection.id}
                  event={event}
                  market={market}
                  selection={selection}
                  // A line's sides read as the team and the over/under; other markets name the selection.
                  label={
                    lined
                      ? selectionShort(t, selection.code)
                      : selectionName(t, { ...market, line: null }, selection.code, event, locale)
                  }
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One event: its scoreboard (live over /ws) and every market, grouped by kind, line by line. */
export function EventPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useQuery(eventQuery(eventId));
  const back = (
    <Link to={{ search: '' }} className="sb-back">
      <ChevronLeftIcon />
      {t('sportsbook.backToEvents')}
    </Link>
  );
  if (event.isError && !event.data) {
    return (
      <div className="sb-event-page">
        {back}
        <div className="sb-empty" role="alert">
          <p>{errorText(t, event.error)}</p>
          <Link to={{ search: '' }} className={buttonClass('primary')}>
            {t('sportsbook.backToEvents')}
          </Link>
        </div>
      </div>
    );
  }
  if (!event.data) return <CenteredSpinner label={t('common.loading')} />;
  const groups = groupMarkets(event.data.markets);
  return (
    <div className="sb-event-page">
      {back}
      <Scoreboard event={event.data} />
      {groups.length === 0 ? (
        <p className="sb-empty">{t('sportsbook.noMarkets')}</p>
      ) : (
        <div className="sb-markets">
          {groups.map((group) => (
            <MarketGroupView key={group.key} event={event.data} group={group} />
          ))}
        </div>
      )}
    </div>
  );
}
