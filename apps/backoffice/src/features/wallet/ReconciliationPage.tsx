import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReconciliationReport, walletConsoleEndpoints as wallet } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';
import './wallet.css';

/** What a report found, in words: nothing, or each problem with the account or transaction it is in. */
function Findings({ report }: { report: ReconciliationReport }) {
  const { t } = useTranslation();
  if (report.status === 'clean') return <span className="subtle">{t('reconciliation.nothingFound')}</span>;
  return (
    <ul className="plain-list">
      {report.unbalanced.map((item) => (
        <li key={`t${item.transactionId}${item.unit}`}>
          {t('reconciliation.unbalanced', { id: item.transactionId, unit: item.unit, sum: item.sum })}
        </li>
      ))}
      {report.mismatched.map((item) => (
        <li key={`m${item.code}`}>
          {t('reconciliation.mismatched', { code: item.code, balance: item.balance, sum: item.entriesSum })}
          {item.brokenChainAt !== null
            ? ` ${t('reconciliation.brokenChain', { id: item.brokenChainAt })}`
            : ''}
        </li>
      ))}
      {report.negative.map((item) => (
        <li key={`n${item.code}`}>
          {t('reconciliation.negative', { code: item.code, balance: item.balance })}
        </li>
      ))}
      {Object.entries(report.totals)
        .filter(([, sum]) => sum !== 0)
        .map(([unit, sum]) => (
          <li key={`u${unit}`}>{t('reconciliation.total', { unit, sum })}</li>
        ))}
    </ul>
  );
}

/**
 * The ledger's reconciliation reports, newest first: the daily run and the ones asked for here. Run now queues
 * one at once (a job, so it runs once on whichever server process is free).
 */
export function ReconciliationPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const reports = useSearchList(wallet.reconciliations, [], () => ({}));
  const run = useMutation({
    mutationFn: () => call(wallet.runReconciliation),
    onSuccess: () => {
      toast.show(t('reconciliation.queued'));
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: [wallet.reconciliations.path] }), 1500);
    },
  });
  const columns: Column<ReconciliationReport>[] = [
    dateTimeColumn('startedAt', t('reconciliation.startedAt'), i18n.language, (row) => row.startedAt),
    {
      key: 'status',
      header: t('common.status'),
      render: (row) => (
        <Badge tone={row.status === 'clean' ? 'success' : 'danger'}>
          {t(`reconciliation.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'checked',
      header: t('reconciliation.checked'),
      render: (row) =>
        t('reconciliation.counts', {
          transactions: row.transactions,
          entries: row.entries,
          accounts: row.accounts,
        }),
    },
    { key: 'findings', header: t('reconciliation.findings'), render: (row) => <Findings report={row} /> },
    {
      key: 'requestedBy',
      header: t('reconciliation.requestedBy'),
      render: (row) => row.requestedBy ?? t('reconciliation.schedule'),
    },
  ];
  return (
    <SearchListPage
      page="reconciliation"
      list={reports}
      columns={columns}
      searchLabel={t('reconciliation.refresh')}
      filters={
        <>
          <Button variant="secondary" loading={run.isPending} onClick={() => run.mutate()}>
            {t('reconciliation.runNow')}
          </Button>
          {run.isError ? <Alert tone="error" title={errorText(t, run.error)} /> : null}
        </>
      }
    />
  );
}
