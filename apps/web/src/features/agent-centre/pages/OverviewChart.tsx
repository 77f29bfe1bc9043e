import type { TeamOverview } from '@tessera/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../../i18n/language.ts';
import { Table } from '../../../ui/Table.tsx';
import { money } from '../../wallet/queries.ts';

type Day = TeamOverview['series'][number];

/** Drawn at the width of its frame (one unit a CSS pixel, so its text keeps the page's size), this high. */
const HEIGHT = 220;
const FALLBACK_WIDTH = 480;
const PAD = { top: 14, right: 10, bottom: 28, left: 52 };
const TICKS = 4;

/**
 * The team overview's chart per day: valid bets as bars and the house result as a line, on one scale that keeps
 * zero in view (a house result may be negative). An SVG drawn here (no chart library in the first download, and
 * none is needed for two series); it is named by a summary, and the same figures follow as a table, which is its
 * text alternative.
 */
export function OverviewChart({ series, digits }: { series: readonly Day[]; digits: number }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const titleId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const dayLabel = (date: string, style: 'short' | 'medium') =>
    new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      ...(style === 'short' ? { day: 'numeric', month: 'numeric' } : { dateStyle: 'medium' }),
    }).format(new Date(`${date}T00:00:00Z`));
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const values = series.flatMap((day) => [day.validBet, day.houseResult]);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((top - value) / span) * plotHeight;
  const slot = plotWidth / Math.max(1, series.length);
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const barWidth = Math.max(2, Math.min(28, slot * 0.6));
  const ticks = Array.from({ length: TICKS + 1 }, (_, index) => bottom + (span * index) / TICKS);
  // A day label every 56 px at most, so they never overlap on a phone.
  const labelEvery = Math.max(1, Math.ceil(series.length / Math.max(2, Math.floor(width / 56))));
  const line = series.map((day, index) => `${x(index)},${y(day.houseResult)}`).join(' ');
  const total = (key: 'validBet' | 'houseResult') => series.reduce((sum, day) => sum + day[key], 0);
  const summary = t('agentCentre.reports.chartSummary', {
    days: series.length,
    validBet: money(total('validBet'), digits),
    houseResult: money(total('houseResult'), digits),
  });
  return (
    <figure className="agent-chart">
      <figcaption id={titleId} className="agent-chart__title">
        {t('agentCentre.reports.chartTitle')}
      </figcaption>
      <ul className="agent-chart__legend">
        <li className="agent-chart__key agent-chart__key--bar">{t('agentCentre.reports.validBet')}</li>
        <li className="agent-chart__key agent-chart__key--line">{t('agentCentre.reports.houseResult')}</li>
      </ul>
      <div ref={frame} className="agent-chart__frame">
        <svg
          className="agent-chart__svg"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-summary`}
        >
          <title>{t('agentCentre.reports.chartTitle')}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                className="agent-chart__grid"
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text
                className="agent-chart__tick"
                x={PAD.left - 6}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {compact.format(tick)}
              </text>
            </g>
          ))}
          <line className="agent-chart__zero" x1={PAD.left} x2={width - PAD.right} y1={y(0)} y2={y(0)} />
          {series.map((day, index) => (
            <rect
              key={day.date}
              className="agent-chart__bar"
              x={x(index) - barWidth / 2}
              width={barWidth}
              y={Math.min(y(day.validBet), y(0))}
              height={Math.abs(y(0) - y(day.validBet))}
            />
          ))}
          {series.length > 1 ? <polyline className="agent-chart__line" points={line} /> : null}
          {series.map((day, index) => (
            <circle key={day.date} className="agent-chart__dot" cx={x(index)} cy={y(day.houseResult)} r={3} />
          ))}
          {series.map((day, index) =>
            index % labelEvery === 0 ? (
              <text
                key={day.date}
                className="agent-chart__tick"
                x={x(index)}
                y={HEIGHT - 8}
                textAnchor="middle"
              >
                {dayLabel(day.date, 'short')}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <p id={`${titleId}-summary`} className="visually-hidden">
        {summary}
      </p>
      <details className="agent-chart__table">
        <summary>{t('agentCentre.reports.chartTable')}</summary>
        <Table
          caption={t('agentCentre.reports.chartTitle')}
          columns={[
            {
              key: 'date',
              header: t('agentCentre.reports.day'),
              render: (day: Day) => dayLabel(day.date, 'medium'),
            },
            {
              key: 'validBet',
              header: t('agentCentre.reports.validBet'),
              className: 'num',
              render: (day: Day) => money(day.validBet, digits),
            },
            {
              key: 'payout',
              header: t('agentCentre.reports.payout'),
              className: 'num',
              render: (day: Day) => money(day.payout, digits),
            },
            {
              key: 'houseResult',
              header: t('agentCentre.reports.houseResult'),
              className: 'num',
              render: (day: Day) => money(day.houseResult, digits),
            },
            {
              key: 'deposits',
              header: t('agentCentre.reports.deposits'),
              className: 'num',
              render: (day: Day) => money(day.deposits, digits),
            },
            {
              key: 'withdrawals',
              header: t('agentCentre.reports.withdrawals'),
              className: 'num',
              render: (day: Day) => money(day.withdrawals, digits),
            },
            {
              key: 'newSignups',
              header: t('agentCentre.reports.newSignups'),
              className: 'num',
              render: (day: Day) => day.newSignups.toLocaleString(locale),
            },
          ]}
          rows={series}
          rowKey={(day) => day.date}
        />
      </details>
    </figure>
  );
}
