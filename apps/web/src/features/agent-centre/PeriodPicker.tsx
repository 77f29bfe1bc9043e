import { REPORT_DAYS_BACK, type ReportPeriod } from '@tessera/contract';
import { type ParamChanges, useUrlState } from '@tessera/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';
import { Button } from '../../ui/index.ts';

/** The report periods of spec §9, by length: daily, weekly, semimonthly, monthly; then custom days. */
const PERIOD_GROUPS = [
  { group: 'daily', periods: ['today', 'yesterday'] },
  { group: 'weekly', periods: ['thisWeek', 'lastWeek'] },
  { group: 'semimonthly', periods: ['thisHalfMonth', 'lastHalfMonth'] },
  { group: 'monthly', periods: ['thisMonth', 'lastMonth'] },
] as const satisfies readonly { group: string; periods: readonly ReportPeriod[] }[];
const PERIODS: readonly ReportPeriod[] = [...PERIOD_GROUPS.flatMap((group) => group.periods), 'custom'];

/** The lengths of the custom range's quick choices and steps (spec §9: the last or next 7 and 30 days). */
const STEPS = [7, 30] as const;
const DAY_MS = 86_400_000;

/** A report's days as the endpoints take them: a period, and for a custom one its first and last day. */
interface PeriodRange {
  period: ReportPeriod;
  startDate?: string;
  endDate?: string;
}

/** The URL parameters the picker keeps its state in; a page's own page number goes back to 1 on a change. */
const PARAMS = { period: 'period', from: 'from', to: 'to' } as const;

const isDay = (text: string | null): text is string =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
/** Days as plain calendar dates (no time zone): moved by whole days in UTC. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** The later and the earlier of two days (yyyy-mm-dd text sorts in calendar order). */
const latest = (a: string, b: string) => [a, b].sort()[1] as string;
const earliest = (a: string, b: string) => [a, b].sort()[0] as string;
/**
 * The merchant's time zone, as the last report answered it: kept while the next report loads, so "today" does not
 * jump to the reader's calendar (a day apart for hours each day) between a click and the answer.
 */
let merchantZone: string | undefined;

/** Today on the calendar of a time zone (the merchant's, once a report told it), else the reader's. */
function todayIn(timeZone?: string): string {
  if (timeZone) merchantZone = timeZone;
  const zone = timeZone ?? merchantZone;
  try {
    return new Date().toLocaleDateString('sv-SE', zone ? { timeZone: zone } : {});
  } catch {
    return new Date().toLocaleDateString('sv-SE');
  }
}

/** The first and last day a custom range may cover: the last REPORT_DAYS_BACK days up to today. */
const bounds = (today: string) => ({ min: addDays(today, -REPORT_DAYS_BACK), max: today });

/**
 * The period the URL asks for (today when none): a custom one with both days inside the allowed window, else the
 * last 7 days.
 */
export function usePeriodRange(): PeriodRange {
  const [params] = useUrlState();
  const asked = params.get(PARAMS.period);
  const period = PERIODS.includes(asked as ReportPeriod) ? (asked as ReportPeriod) : 'today';
  if (period !== 'custom') return { period };
  const today = todayIn();
  const { min, max } = bounds(today);
  const from = params.get(PARAMS.from);
  const to = params.get(PARAMS.to);
  if (isDay(from) && isDay(to) && from <= to && from >= min && to <= max)
    return { period, startDate: from, endDate: to };
  return { period, startDate: addDays(today, -(STEPS[0] - 1)), endDate: today };
}

interface PeriodPickerProps {
  /** The days the server resolved the period to, and its time zone (from the report's answer). */
  resolved?: { startDate: string; endDate: string; timeZone: string } | undefined;
  /** Parameters of the page reset by a new period (its page number). */
  resets?: ParamChanges;
}

/**
 * The report period of every agent-centre report (spec §9): today, yesterday, this or last week, half-month or
 * month, or custom days within the last 30 days, with quick choices of the last 7 and 30 days and steps back and
 * forth by the range's length. Its state lives in the URL (period, from, to), so a reload or a shared link shows
 * the same report.
 */
export function PeriodPicker({ resolved, resets = { pageNo: null } }: PeriodPickerProps) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const id = useId();
  const [, update] = useUrlState();
  const range = usePeriodRange();
  const today = todayIn(resolved?.timeZone);
  const { min, max } = bounds(today);
  const set = (changes: ParamChanges) => update({ ...resets, ...changes });
  const choose = (period: ReportPeriod) => {
    if (period !== 'custom') return set({ period, from: null, to: null });
    set({ period, from: addDays(today, -(STEPS[0] - 1)), to: today });
  };
  const from = range.startDate ?? today;
  const to = range.endDate ?? today;
  /** The range is kept inside the window. */
  const setDays = (nextFrom: string, nextTo: string) =>
    set({ period: 'custom', from: latest(nextFrom, min), to: earliest(nextTo, max) });
  const length = daysBetween(from, to) + 1;
  /** Moves the range by its own length, kept inside the window (it shortens at the window's edge). */
  const step = (direction: -1 | 1) => {
    if (direction < 0) {
      const moved = addDays(from, -length);
      const nextFrom = latest(moved, min);
      setDays(nextFrom, addDays(nextFrom, length - 1));
    } else {
      const moved = addDays(to, length);
      const nextTo = earliest(moved, max);
      setDays(addDays(nextTo, 1 - length), nextTo);
    }
  };
  const days = resolved ?? (range.startDate && range.endDate ? { startDate: from, endDate: to } : undefined);
  const shown = days
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
        new Date(`${days.startDate}T00:00:00Z`),
        new Date(`${days.endDate}T00:00:00Z`),
      )
    : '';
  return (
    <fieldset className="record-filters period-picker">
      <legend className="visually-hidden">{t('agentCentre.period.legend')}</legend>
      <label className="wallet-select" htmlFor={`${id}-period`}>
        <span>{t('agentCentre.period.label')}</span>
        <select
          id={`${id}-period`}
          value={range.period}
          onChange={(event) => choose(event.target.value as ReportPeriod)}
        >
          {PERIOD_GROUPS.map(({ group, periods }) => (
            <optgroup key={group} label={t(`agentCentre.period.groups.${group}`)}>
              {periods.map((period) => (
                <option key={period} value={period}>
                  {t(`agentCentre.period.periods.${period}`)}
                </option>
              ))}
            </optgroup>
          ))}
          <option value="custom">{t('agentCentre.period.periods.custom')}</option>
        </select>
      </label>
      {range.period === 'custom' ? (
        <>
          <label className="wallet-select">
            <span>{t('agentCentre.period.from')}</span>
            <input
              type="date"
              value={from}
              min={min}
              max={to}
              onChange={(event) => isDay(event.target.value) && setDays(event.target.value, to)}
            />
          </label>
          <label className="wallet-select">
            <span>{t('agentCentre.period.to')}</span>
            <input
              type="date"
              value={to}
              min={from}
              max={max}
              onChange={(event) => isDay(event.target.value) && setDays(from, event.target.value)}
            />
          </label>
          <div className="record-filters__quick">
            <Button variant="ghost" size="sm" onClick={() => step(-1)} disabled={from <= min}>
              {t('agentCentre.period.previous')}
            </Button>
            {STEPS.map((days) => (
              <Button
                key={days}
                variant="secondary"
                size="sm"
                aria-pressed={from === addDays(today, 1 - days) && to === today}
                onClick={() => setDays(addDays(today, 1 - days), today)}
              >
                {t('agentCentre.period.lastDays', { days })}
              </Button>
            ))}
            <Button variant="ghost" size="sm" onClick={() => step(1)} disabled={to >= max}>
              {t('agentCentre.period.next')}
            </Button>
          </div>
        </>
      ) : null}
      {shown ? (
        <p className="period-picker__days" aria-live="polite">
          {t('agentCentre.period.showing', { days: shown })}
        </p>
      ) : null}
    </fieldset>
  );
}
