import { accountsConsoleEndpoints, type PlayerRow, playerStatus } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, usePageQuery, useUrlSearch } from '../../app/searchList.ts';
import { Select } from '../../ui/Select.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { mobileText, PLAYER_TYPES, PlayerStatusBadge, playerTypeName } from './views.tsx';

const FILTERS = ['q', 'status', 'type'] as const;

/** Players by name, nickname, mobile number or email, status and type; each opens its detail page. */
export function PlayersPage() {
  const { t, i18n } = useTranslation();
  const search = useUrlSearch(FILTERS);
  const { applied } = search;
  const players = usePageQuery('players', accountsConsoleEndpoints.players, {
    pageNo: search.pageNo,
    pageSize: search.pageSize,
    q: optional(applied.q),
    status: optional(applied.status) as PlayerRow['status'] | undefined,
    type: applied.type === '' ? undefined : Number(applied.type),
  });

  const columns: Column<PlayerRow>[] = [
    {
      key: 'username',
      header: t('players.username'),
      render: (row) => (
        <>
          <Link className="cell-strong mono" to={`/players/${row.id}`}>
            {row.username}
          </Link>
          {row.nickname ? <span className="cell-below">{row.nickname}</span> : null}
        </>
      ),
    },
    { key: 'type', header: t('players.type'), render: (row) => playerTypeName(row.type, t) },
    { key: 'status', header: t('common.status'), render: (row) => <PlayerStatusBadge status={row.status} /> },
    monoColumn('mobile', t('players.mobile'), mobileText),
    { key: 'email', header: t('players.email'), render: (row) => row.email || '—' },
    dateTimeColumn('createdAt', t('players.registeredAt'), i18n.language, (row) => row.createdAt),
    dateTimeColumn(
      'lastLogin',
      t('players.lastLogin'),
      i18n.language,
      (row) => row.lastLoginAt,
      (row) => <span className="mono">{row.lastLoginIp}</span>,
    ),
  ];

  return (
    <SearchListPage
      title={t('nav.players')}
      description={t('players.description')}
      search={search}
      query={players}
      empty={{ icon: 'user', title: t('players.empty'), filteredTitle: t('players.emptyFiltered') }}
      filters={
        <>
          <TextField
            label={t('players.search')}
            type="search"
            placeholder={t('players.searchPlaceholder')}
            maxLength={100}
            fieldClassName="search-wide"
            {...search.control('q')}
          />
          <Select
            label={t('common.status')}
            options={[
              { value: '', label: t('players.allStatuses') },
              ...playerStatus.options.map((value) => ({ value, label: t(`players.statuses.${value}`) })),
            ]}
            {...search.control('status')}
          />
          <Select
            label={t('players.type')}
            options={[
              { value: '', label: t('players.allTypes') },
              ...PLAYER_TYPES.map((type) => ({ value: String(type), label: playerTypeName(type, t) })),
            ]}
            {...search.control('type')}
          />
        </>
      }
    >
      {(rows) => <Table caption={t('nav.players')} columns={columns} rows={rows} rowKey={(row) => row.id} />}
    </SearchListPage>
  );
}
