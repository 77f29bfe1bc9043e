import {
  reportConsoleEndpoints as api,
  BUSINESS_REPORT_PERIODS,
  type BusinessReport,
  type BusinessReportPeriod,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { canUse } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { downloadCsv, useReportFormat, useReportPeriod } from './reports.ts';
import './reports.css';

const TABS: ReadonlyArray<{ report: BusinessReport; path: string }> = [
  { report: 'money', path: '/reports/money' },
  { report: 'games', path: '/reports/games' },
  { report: 'players', path: '/reports/players' },
];

/**
 * A report page's frame: its title, the links between the reports (the lottery's per-draw report among them), the
 * period (presets, or custom days), the CSV export, and the days and time zone the figures cover.
 */
export function ReportFrame({
  report,
  range,
  children,
}: {
  report: BusinessReport;
  range?: { startDate: string; endDate: string; timeZone: string; currency: string } | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const role = useSession().operator?.role;
  const toast = useToast();
  const format = useReportFormat();
  const { period, query, choose } = useReportPeriod();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const csv = await call(api.export, { params: { report }, query });
      downloadCsv(csv, `${report}-report-${range?.startDate ?? ''}-${range?.endDate ?? ''}.csv`);
    } catch (error) {
      toast.show(errorText(t, error), 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t(`reports.${report}.title`)}
        description={t(`reports.${report}.description`)}
        actions={
          <Button icon={<Icon name="download" />} loading={exporting} onClick={() => void exportCsv()}>
            {t('reports.export')}
          </Button>
        }
      />
      <nav className="report-tabs" aria-label={t('reports.menu')}>
        {TABS.map((tab) => (
          <NavLink key={tab.report} to={tab.path} className="report-tab">
            {t(`reports.${tab.report}.tab`)}
          </NavLink>
        ))}
        {canUse(role, 'lotteryDraws') ? (
          <NavLink to="/lottery/draws" className="report-tab">
            {t('reports.lotteryTab')}
          </NavLink>
        ) : null}
      </nav>
      <PeriodPicker
        key={`${query.period}-${query.startDate ?? ''}-${query.endDate ?? ''}`}
        period={period}
        from={query.startDate ?? range?.startDate ?? ''}
        to={query.endDate ?? range?.endDate ?? ''}
        onChoose={choose}
      />
      {range ? (
        <p className="muted report-range">
          {t('reports.range', {
            from: format.day(range.startDate),
            to: format.day(range.endDate),
            zone: range.timeZone,
            currency: range.currency,
          })}
        </p>
      ) : null}
      {children}
    </>
  );
}

function PeriodPicker({
  period,
  from,
  to,
  onChoose,
}: {
  period: BusinessReportPeriod;
  from: string;
  to: string;
  onChoose: (period: BusinessReportPeriod, from?: string, to?: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(period);
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose(chosen, start, end);
  };
  return (
    <form className="report-period" onSubmit={submit}>
      <Select
        label={t('reports.period')}
        value={chosen}
        options={BUSINESS_REPORT_PERIODS.map((value) => ({ value, label: t(`reports.periods.${value}`) }))}
        onChange={(event) => {
          const next = event.target.value as BusinessReportPeriod;
          setChosen(next);
          if (next !== 'custom') onChoose(next);
        }}
      />
      {chosen === 'custom' ? (
        <>
          <TextField
            type="date"
            label={t('reports.from')}
            value={start}
            required
            onChange={(event) => setStart(event.target.value)}
          />
          <TextField
            type="date"
            label={t('reports.to')}
            value={end}
            required
            onChange={(event) => setEnd(event.target.value)}
          />
          <Button type="submit" variant="primary">
            {t('reports.apply')}
          </Button>
        </>
      ) : null}
    </form>
  );
}
