import type { SportsbookEventDetail, SportsbookEventListItem } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';

type EventShape = Pick<SportsbookEventListItem, 'status' | 'startsAt' | 'minute' | 'score'>;

/** When it starts (weekday, day and time in the reader's locale), or that it is live and at which minute, or how it ended. */
export function EventClock({ event }: { event: EventShape }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  if (event.status === 'live') {
    return (
      <span className="sb-clock sb-clock--live">
        <span className="sb-clock__pulse" aria-hidden="true" />
        {t('sportsbook.live')}
        {event.minute !== null ? (
          <span className="sb-clock__minute">{t('sportsbook.minute', { minute: event.minute })}</span>
        ) : null}
      </span>
    );
  }
  if (event.status !== 'scheduled') {
    return <span className="sb-clock">{t(`sportsbook.statuses.${event.status}`)}</span>;
  }
  const starts = new Date(event.startsAt);
  return (
    <time className="sb-clock" dateTime={event.startsAt}>
      {new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(starts)}{' '}
      <strong>
        {new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(starts)}
      </strong>
    </time>
  );
}

/** The event page's head: the teams, the score (live or final) or the kick-off, and the half-time score once known. */
export function Scoreboard({ event }: { event: SportsbookEventDetail }) {
  const { t } = useTranslation();
  const score = event.score;
  return (
    <header className={`sb-scoreboard${event.status === 'live' ? ' sb-scoreboard--live' : ''}`}>
      <p className="sb-scoreboard__competition">{event.competition}</p>
      <div className="sb-scoreboard__row">
        <h1 className="sb-scoreboard__teams">
          <span className="sb-scoreboard__team">{event.home}</span>
          <span
            className="sb-scoreboard__score"
            role="status"
            aria-label={score ? t('sportsbook.scoreOf', { home: score.home, away: score.away }) : undefined}
          >
            {score ? `${score.home} – ${score.away}` : t('sportsbook.vs')}
          </span>
          <span className="sb-scoreboard__team">{event.away}</span>
        </h1>
      </div>
      <p className="sb-scoreboard__clock">
        <EventClock event={event} />
        {event.result?.h1 ? (
          <span className="sb-scoreboard__half">
            {t('sportsbook.halfTime', { home: event.result.h1.home, away: event.result.h1.away })}
          </span>
        ) : null}
      </p>
    </header>
  );
}
