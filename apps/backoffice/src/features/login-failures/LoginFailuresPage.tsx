import { accountsConsoleEndpoints, type ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUse } from '../../app/access.ts';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { fromLocalInput } from '../../app/dates.ts';
import { SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, usePageQuery, useUrlSearch } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Badge } from '../../ui/Card.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { failureReason } from '../players/views.tsx';

type Failure = ResponseOf<typeof accountsConsoleEndpoints.loginFailures>['list'][number];
const FILTERS = ['username', 'ip', 'from', 'to'] as const;

/** Every refused player login, newest first: who was tried, from where, and why it was refused. */
export function LoginFailuresPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const search = useUrlSearch(FILTERS);
  const { applied } = search;
  const failures = usePageQuery('login-failures', accountsConsoleEndpoints.loginFailures, {
    pageNo: search.pageNo,
    pageSize: search.pageSize,
    username: optional(applied.username),
    ip: optional(applied.ip),
    from: fromLocalInput(applied.from) ?? undefined,
    to: fromLocalInput(applied.to) ?? undefined,
  });
  const linkPlayers = canUse(operator?.role, 'players');
  const columns: Column<Failure>[] = [
    dateTimeColumn('createdAt', t('loginFailures.time'), i18n.language, (row) => row.createdAt),
    {
      key: 'username',
      header: t('loginFailures.username'),
      render: (row) =>
        row.memberId !== null && linkPlayers ? (
          <Link className="mono cell-strong" to={`/players/${row.memberId}`}>
            {row.username}
          </Link>
        ) : (
          <span className="mono">{row.username}</span>
        ),
    },
    {
      key: 'reason',
      header: t('loginFailures.reason'),
      render: (row) => <Badge tone="warning">{failureReason(row.reason, t)}</Badge>,
    },
    monoColumn('ip', t('loginFailures.ip'), (row) => row.ip),
    monoColumn('device', t('loginFailures.device'), (row) => row.device),
    {
      key: 'loginType',
      header: t('loginFailures.loginType'),
      render: (row) => <Badge>{row.loginType}</Badge>,
    },
  ];
  return (
    <SearchListPage
      title={t('nav.loginFailures')}
      description={t('loginFailures.description')}
      search={search}
      query={failures}
      empty={{
        icon: 'lock',
        title: t('loginFailures.empty'),
        filteredTitle: t('loginFailures.emptyFiltered'),
      }}
      filters={
        <>
          <TextField
            label={t('loginFailures.username')}
            hint={t('loginFailures.usernameHint')}
            maxLength={64}
            {...search.control('username')}
          />
          <TextField label={t('loginFailures.ip')} maxLength={60} {...search.control('ip')} />
          <TextField label={t('loginFailures.from')} type="datetime-local" {...search.control('from')} />
          <TextField label={t('loginFailures.to')} type="datetime-local" {...search.control('to')} />
        </>
      }
    >
      {(rows) => (
        <Table caption={t('nav.loginFailures')} columns={columns} rows={rows} rowKey={(row) => row.id} />
      )}
    </SearchListPage>
  );
}
