import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backofficeEndpoints, JOB_STATUSES, type JobView } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { RowButton } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';

const STATUS_TONES = { queued: 'neutral', running: 'accent', done: 'success', dead: 'danger' } as const;

/**
 * The work the server does after a commit (mail and SMS deliveries, scheduled slots), newest first. A job that
 * failed on every try is dead: its last error shows, and Retry queues it again.
 */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const jobs = useSearchList(backofficeEndpoints.jobs, ['status', 'kind'], (applied) => ({
    status: optional(applied.status) as JobView['status'] | undefined,
    kind: optional(applied.kind),
  }));
  const retry = useMutation({
    mutationFn: (job: JobView) => call(backofficeEndpoints.retryJob, { params: { id: job.id } }),
    onSuccess: (job) => {
      void queryClient.invalidateQueries({ queryKey: [backofficeEndpoints.jobs.path] });
      toast.show(t('jobs.retried', { id: job.id }));
    },
  });
  const columns: Column<JobView>[] = [
    dateTimeColumn('runAt', t('jobs.runAt'), i18n.language, (row) => row.runAt),
    monoColumn('kind', t('jobs.kind'), (row) => row.kind),
    {
      key: 'status',
      header: t('common.status'),
      render: (row) => (
        <>
          <Badge tone={STATUS_TONES[row.status]}>{t(`jobs.statuses.${row.status}`)}</Badge>
          {row.lastError ? <span className="cell-below">{row.lastError}</span> : null}
        </>
      ),
    },
    {
      key: 'attempts',
      header: t('jobs.attempts'),
      render: (row) => t('jobs.attemptsOf', { attempts: row.attempts, max: row.maxAttempts }),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) =>
        row.status === 'dead' ? (
          <RowButton
            icon="refresh"
            aria-label={t('jobs.retryJob', { id: row.id, kind: row.kind })}
            disabled={retry.isPending}
            onClick={() => retry.mutate(row)}
          >
            {t('jobs.retry')}
          </RowButton>
        ) : null,
    },
  ];
  const statuses = JOB_STATUSES.map((status) => ({ value: status, label: t(`jobs.statuses.${status}`) }));
  return (
    <SearchListPage
      page="jobs"
      list={jobs}
      columns={columns}
      filters={
        <>
          <FilterSelect name="status" options={[{ value: '', label: t('jobs.allStatuses') }, ...statuses]} />
          <FilterText name="kind" maxLength={60} />
        </>
      }
    />
  );
}
