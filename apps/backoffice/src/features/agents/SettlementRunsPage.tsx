import { settlementConsoleEndpoints as api, type SettlementRunRow } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/dates.ts';
import { FilterSelect, SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';
import type { Column } from '../../ui/Table.tsx';
import { periodText, useBillMoney } from './bills.tsx';
import { CONTRACT_KINDS } from './ContractTemplatesPage.tsx';

const FILTERS = ['kind', 'failed'] as const;

/** Settlement runs (finance) with their totals, failures and bills left unpaid; a run's bills a link away. */
export function SettlementRunsPage() {
  const { t, i18n } = useTranslation();
  const list = useSearchList(api.runs, FILTERS, (applied) => ({
    kind: (CONTRACT_KINDS as readonly string[]).includes(applied.kind)
      ? (applied.kind as (typeof CONTRACT_KINDS)[number])
      : undefined,
    failed: applied.failed === 'true' ? ('true' as const) : undefined,
  }));
  const currency = list.query.data?.currency ?? '';
  const money = useBillMoney(list.query.data?.digits);
  const columns: Column<SettlementRunRow>[] = [
    {
      key: 'run',
      header: t('agents.runs.run'),
      render: (run) => (
        <>
          <span className="cell-strong">
            #{run.id} · {t(`agents.kinds.${run.kind}`)}
          </span>
          <span className="cell-below">{periodText(run.periodStart, run.periodEnd, i18n.language)}</span>
        </>
      ),
    },
    {
      key: 'time',
      header: t('agents.runs.finished'),
      render: (run) =>
        run.finishedAt ? formatDateTime(run.finishedAt, i18n.language) : t('agents.runs.running'),
    },
    {
      key: 'bills',
      header: t('agents.runs.bills'),
      className: 'num',
      render: (run) => (
        <Link to={`/agents/bills?runId=${run.id}`} aria-label={t('agents.runs.billsOf', { id: run.id })}>
          {new Intl.NumberFormat(i18n.language).format(run.bills)}
        </Link>
      ),
    },
    {
      key: 'total',
      header: t('agents.runs.total'),
      className: 'num nowrap',
      render: (run) => (
        <>
          {money(run.totalAmount)} <span className="muted">{currency}</span>
          <span className="cell-below">{t('agents.bills.paidAmount', { paid: money(run.totalPaid) })}</span>
        </>
      ),
    },
    {
      key: 'problems',
      header: t('agents.runs.problems'),
      render: (run) =>
        run.unpaidBills === 0 && run.failures.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          <>
            {run.unpaidBills > 0 ? (
              <Link to={`/agents/bills?runId=${run.id}&status=insufficient`}>
                {t('agents.runs.unpaid', { count: run.unpaidBills })}
              </Link>
            ) : null}
            {run.failures.map((failure) => (
              <span key={`${failure.agentId}-${failure.product}`} className="cell-below">
                {t('agents.runs.failure', {
                  agent: failure.agentId,
                  product: failure.product,
                  error: failure.error,
                })}
              </span>
            ))}
          </>
        ),
    },
  ];
  const option = (value: string, label: string) => ({ value, label });
  return (
    <SearchListPage
      page="agents.runs"
      list={list}
      columns={columns}
      filters={
        <>
          <FilterSelect
            name="kind"
            options={[
              option('', t('agents.allKinds')),
              ...CONTRACT_KINDS.map((kind) => option(kind, t(`agents.kinds.${kind}`))),
            ]}
          />
          <FilterSelect
            name="failed"
            options={[option('', t('agents.runs.allRuns')), option('true', t('agents.runs.onlyFailed'))]}
          />
        </>
      }
    />
  );
}
