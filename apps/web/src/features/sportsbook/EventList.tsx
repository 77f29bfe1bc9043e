import { useQuery } from '@tanstack/react-query';
import type { SportKind, SportsbookEventListItem, SportsbookMarket } from '@tessera/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateLocale } from '../../i18n/language.ts';
import { ChevronRightIcon } from '../../ui/icons.tsx';
import { CenteredSpinner } from '../../ui/index.ts';
import { lineText, marketTypeName, selectionShort } from './names.ts';
import { PriceButton } from './PriceButton.tsx';
import { eventsQuery, sportsQuery } from './queries.ts';
import { EventClock } from './Scoreboard.tsx';

/** The order of the main markets in a row: the result first, then the handicap, then the total. */
const MAIN_ORDER = ['1x2', 'winner', 'ah', 'map_handicap', 'ou', 'total_maps'];
const SIGNED = new Set(['ah', 'map_handicap']);

function MainMarket({ event, market }: { event: SportsbookEventListItem; market: SportsbookMarket }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const title = marketTypeName(t, market);
  return (
    <fieldset
      className="sb-main-market"
      style={{ '--selections': market.selections.length } as CSSProperties}
    >
      <legend className="sb-main-market__name">
        {title}
        {market.line !== null ? (
          <span className="sb-main-market__line">
            {lineText(market.line, locale, SIGNED.has(market.type))}
          </span>
        ) : null}
      </legend>
      <div className="sb-main-market__prices">
        {market.selections.map((selection) => (
          <PriceButton
            key={selection.id}
            event={event}
            market={market}
            selection={selection}
            label={selectionShort(t, selection.code)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function EventRow({ event }: { event: SportsbookEventListItem }) {
  const { t } = useTranslation();
  const name = t('sportsbook.versus', { home: event.home, away: event.away });
  const markets = [...event.markets]
    .filter((market) => MAIN_ORDER.includes(market.type))
    .sort((a, b) => MAIN_ORDER.indexOf(a.type) - MAIN_ORDER.indexOf(b.type));
  return (
    <li className={`sb-event${event.status === 'live' ? ' sb-event--live' : ''}`} aria-label={name}>
      <Link to={{ search: `?event=${event.id}` }} className="sb-event__teams">
        <EventClock event={event} />
        <span className="sb-event__team">
          <span>{event.home}</span>
          {event.score ? <strong className="sb-event__goals">{event.score.home}</strong> : null}
        </span>
        <span className="sb-event__team">
          <span>{event.away}</span>
          {event.score ? <strong className="sb-event__goals">{event.score.away}</strong> : null}
        </span>
        <span className="sb-event__more">
          {t('sportsbook.allMarkets')}
          <ChevronRightIcon />
        </span>
      </Link>
      <div className="sb-event__markets">
        {markets.map((market) => (
          <MainMarket key={market.id} event={event} market={market} />
        ))}
      </div>
    </li>
  );
}

/** The competitions of the sport kind as chips (all, then each with events on sale), the choice in the address. */
function CompetitionChips({
  kind,
  selected,
  onSelect,
}: {
  kind: SportKind;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const sports = useQuery(sportsQuery(kind));
  const competitions = (sports.data ?? []).flatMap((sport) => sport.competitions);
  if (competitions.length < 2) return null;
  return (
    <fieldset className="class-filter sb-competitions">
      <legend className="visually-hidden">{t('sportsbook.competitions')}</legend>
      <button
        type="button"
        className="class-filter__chip"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        {t('sportsbook.allCompetitions')}
      </button>
      {competitions.map((competition) => (
        <button
          key={competition.id}
          type="button"
          className="class-filter__chip"
          aria-pressed={selected === competition.id}
          onClick={() => onSelect(competition.id)}
        >
          {competition.name}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The events on sale, live first then by start time, grouped under their competition, each with its main markets
 * (the result, the main handicap and total) and the way to all of its markets.
 */
export function EventList({
  kind,
  competitionId,
  onCompetition,
}: {
  kind: SportKind;
  competitionId: number | null;
  onCompetition: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const events = useQuery(eventsQuery(kind, competitionId));
  const groups = new Map<string, SportsbookEventListItem[]>();
  for (const event of events.data ?? []) {
    groups.set(event.competition, [...(groups.get(event.competition) ?? []), event]);
  }
  return (
    <div className="sb-events">
      <CompetitionChips kind={kind} selected={competitionId} onSelect={onCompetition} />
      {!events.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : groups.size === 0 ? (
        <p className="sb-empty">{t('sportsbook.noEvents')}</p>
      ) : (
        [...groups].map(([competition, list]) => (
          <section key={competition} className="sb-competition" aria-label={competition}>
            <h3 className="sb-competition__name">{competition}</h3>
            <ul className="sb-competition__events">
              {list.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
