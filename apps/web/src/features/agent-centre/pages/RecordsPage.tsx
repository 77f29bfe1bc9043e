import { useQuery } from '@tanstack/react-query';
import type { AgentBillRow } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { StatusBadge, type StatusTone } from '../../../ui/index.ts';
import type { Column } from '../../../ui/Table.tsx';
import { money } from '../../wallet/queries.ts';
import type { AgentCentrePage } from '../menu.ts';
import { agentBillsQuery } from '../queries-b.ts';
import { FilterSelect, pick, REPORT_PAGE_SIZE, ReportPage, useReportUrl } from './ReportFilters.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

type Kind = AgentBillRow['kind'];
type Status = AgentBillRow['status'];

const STATUS_TONES: Record<Status, StatusTone> = {
  not_reached: 'neutral',
  unapproved: 'attention',
  approved: 'info',
  paid: 'success',
  partly_paid: 'attention',
  insufficient: 'danger',
  negative: 'neutral',
  rejected: 'danger',
  reversed: 'neutral',
};
const STATUSES = Object.keys(STATUS_TONES) as Status[];

const isDay = (text: string | null): text is string => text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text);
/** The instant the reader's calendar day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`);

/**
 * A records page of the agent's bills of one kind (dividend records, daily wages, hourly and real-time salary):
 * per period and product, the tier reached, what the rate applied to, the rate, what the contract yields on the
 * team (gross), what the agent's direct downlines are paid from it, the agent's own share (net), what was paid and
 * the bill's status, newest period first. Filters (status, period start from/to) and page live in the URL.
 */
function RecordsPage({ kind, page }: { kind: Kind; page: AgentCentrePage }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const url = useReportUrl();
  const { params, set, pageNo } = url;
  const status = pick(STATUSES, params.get('status'));
  const from = isDay(params.get('from')) ? (params.get('from') as string) : '';
  const to = isDay(params.get('to')) ? (params.get('to') as string) : '';
  const bills = useQuery(
    agentBillsQuery(token, {
      kind,
      ...(status ? { status } : {}),
      ...(from ? { from: dayStart(from).toISOString() } : {}),
      ...(to ? { to: new Date(dayStart(to).getTime() + 86_400_000).toISOString() } : {}),
      pageNo,
      pageSize: REPORT_PAGE_SIZE,
    }),
  );
  const data = bills.data;
  const digits = data?.digits ?? 2;
  const amount = (value: number) => money(value, digits);
  // Salaries of an hour or five minutes show their times; days and longer periods their days.
  const short = kind === 'hourly_salary' || kind === 'realtime_salary';
  const format = new Intl.DateTimeFormat(
    locale,
    short ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'medium' },
  );
  const period = (bill: AgentBillRow) => {
    const start = new Date(bill.periodStart);
    // The end is the instant the period closes: a period of days ends on the day before it.
    const end = new Date(new Date(bill.periodEnd).getTime() - (short ? 0 : 1));
    return start.getTime() >= end.getTime() ? format.format(start) : format.formatRange(start, end);
  };
  const rate = (bill: AgentBillRow) =>
    bill.rate === null
      ? '—'
      : bill.rateType === 'P'
        ? `${bill.rate.toLocaleString(locale, { maximumFractionDigits: 4 })} %`
        : amount(bill.rate);
  const columns: Column<AgentBillRow>[] = [
    { key: 'period', header: t('agentCentre.records.period'), render: period },
    {
      key: 'product',
      header: t('agentCentre.reports.product'),
      render: (bill) =>
        bill.product === 'CONS'
          ? t('agentCentre.records.allProducts')
          : t(`gameTypes.${bill.product}`, { defaultValue: bill.product }),
    },
    {
      key: 'tier',
      header: t('agentCentre.records.tier'),
      className: 'num',
      render: (bill) =>
        bill.tier === null ? t('agentCentre.records.noTier') : bill.tier.toLocaleString(locale),
    },
    {
      key: 'base',
      header: t('agentCentre.records.base'),
      className: 'num',
      render: (bill) => amount(bill.base),
    },
    { key: 'rate', header: t('agentCentre.records.rate'), className: 'num', render: rate },
    {
      key: 'gross',
      header: t('agentCentre.records.gross'),
      className: 'num',
      render: (bill) => amount(bill.gross),
    },
    {
      key: 'downlineGross',
      header: t('agentCentre.records.downlineGross'),
      className: 'num',
      render: (bill) => amount(bill.downlineGross),
    },
    {
      key: 'amount',
      header: t('agentCentre.records.net'),
      className: 'num',
      render: (bill) =>
        bill.uncappedAmount === null ? (
          amount(bill.amount)
        ) : (
          <>
            {amount(bill.amount)}
            <span className="agent-capped">
              <StatusBadge tone="attention">
                {t('agentCentre.records.cappedFrom', { amount: amount(bill.uncappedAmount) })}
              </StatusBadge>
            </span>
          </>
        ),
    },
    {
      key: 'paid',
      header: t('agentCentre.records.paid'),
      className: 'num',
      render: (bill) => amount(bill.paid),
    },
    {
      key: 'status',
      header: t('agentCentre.records.status'),
      render: (bill) => (
        <StatusBadge tone={STATUS_TONES[bill.status]}>
          {t(`agentCentre.records.statuses.${bill.status}`)}
        </StatusBadge>
      ),
    },
  ];
  const title = t(`agentCentre.pages.${page}`);
  return (
    <ReportPage
      title={title}
      filters={
        <>
          <FilterSelect
            label={t('agentCentre.records.status')}
            value={status ?? ''}
            all={t('agentCentre.reports.allStatuses')}
            options={STATUSES.map((key) => ({ value: key, label: t(`agentCentre.records.statuses.${key}`) }))}
            onChange={(value) => set({ status: value })}
          />
          <label className="wallet-select">
            <span>{t('agentCentre.period.from')}</span>
            <input
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => set({ from: isDay(event.target.value) ? event.target.value : null })}
            />
          </label>
          <label className="wallet-select">
            <span>{t('agentCentre.period.to')}</span>
            <input
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => set({ to: isDay(event.target.value) ? event.target.value : null })}
            />
          </label>
        </>
      }
      note={
        data ? (
          <p className="agent-currency">{t('agentCentre.reports.currency', { currency: data.currency })}</p>
        ) : null
      }
      query={bills}
      total={data?.total}
      columns={columns}
      rows={data?.list ?? []}
      rowKey={(bill) => bill.id}
      empty={<p className="wallet-empty">{t('agentCentre.records.empty')}</p>}
      url={url}
    />
  );
}

export const DividendRecords = () => <RecordsPage kind="dividend" page="agentDividendRecordCopy" />;
export const DailyWageRecords = () => <RecordsPage kind="daily_salary" page="agentDailyWages2" />;
export const HourlySalaryRecords = () => <RecordsPage kind="hourly_salary" page="agentHourSalary" />;
export const RealtimeSalaryRecords = () => <RecordsPage kind="realtime_salary" page="agentRealtimeSalary" />;
