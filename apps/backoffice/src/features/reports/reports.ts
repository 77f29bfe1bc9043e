import { useQuery } from '@tanstack/react-query';
import {
  type reportConsoleEndpoints as api,
  BUSINESS_REPORT_PERIODS,
  type BusinessReportPeriod,
  type BusinessReportQuery,
  type ResponseOf,
} from '@tessera/contract';
import { useUrlState } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';

/** The period of a report page, kept in its URL (period, from, to) so a reload or a shared link shows the same. */
export function useReportPeriod() {
  const [params, update] = useUrlState();
  const raw = params.get('period') ?? '';
  const period: BusinessReportPeriod = (BUSINESS_REPORT_PERIODS as readonly string[]).includes(raw)
    ? (raw as BusinessReportPeriod)
    : 'last7Days';
  const query: BusinessReportQuery =
    period === 'custom'
      ? { period, startDate: params.get('from') ?? undefined, endDate: params.get('to') ?? undefined }
      : { period };
  const choose = (next: BusinessReportPeriod, from?: string, to?: string) =>
    update({
      period: next,
      from: next === 'custom' ? (from ?? null) : null,
      to: next === 'custom' ? (to ?? null) : null,
    });
  return { period, query, choose };
}

type ReportEndpoint = typeof api.money | typeof api.games | typeof api.players;

/** A report for the page's period. */
export function useReport<E extends ReportEndpoint>(endpoint: E, query: BusinessReportQuery) {
  return useQuery({
    queryKey: [endpoint.path, query],
    // The three reports take the same period query; each answers its own figures.
    queryFn: ({ signal }) =>
      call(endpoint as typeof api.money, { query, signal }) as unknown as Promise<ResponseOf<E>>,
  });
}

/** Numbers, money, shares and merchant days in the reader's locale. */
export function useReportFormat(digits = 2) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const money = new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const count = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  return {
    money: (value: number) => money.format(value),
    count: (value: number) => count.format(value),
    percent: (value: number | null) => (value === null ? '—' : percent.format(value)),
    day: (text: string) => day.format(new Date(`${text}T00:00:00Z`)),
    shortDay: (text: string) => shortDay.format(new Date(`${text}T00:00:00Z`)),
  };
}

/** Saves text as a CSV file the browser downloads. */
export function downloadCsv(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
