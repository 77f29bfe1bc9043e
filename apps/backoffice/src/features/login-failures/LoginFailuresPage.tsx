import { accountsConsoleEndpoints, type ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canUse } from '../../app/access.ts';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { instantRange } from '../../app/dates.ts';
import { FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Badge } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { failureReason } from '../players/views.tsx';

type Failure = ResponseOf<typeof accountsConsoleEndpoints.loginFailures>['list'][number];

/** Every refused player login, newest first: who was tried, from where, and why it was refused. */
export function LoginFailuresPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const failures = useSearchList(
    accountsConsoleEndpoints.loginFailures,
    ['username', 'ip', 'from', 'to'],
    (applied) => ({
      username: optional(applied.username),
      ip: optional(applied.ip),
      ...instantRange(applied),
    }),
  );
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
  const filters = (
    <>
      <FilterText name="username" maxLength={64} />
      <FilterText name="ip" maxLength={60} />
      <FilterText name="from" type="datetime-local" />
      <FilterText name="to" type="datetime-local" />
    </>
  );
  return <SearchListPage page="loginFailures" list={failures} filters={filters} columns={columns} />;
}
