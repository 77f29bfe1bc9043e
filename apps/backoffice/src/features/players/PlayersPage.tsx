import { accountsConsoleEndpoints, type PlayerRow, playerStatus } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeColumn } from '../../app/columns.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import type { Column } from '../../ui/Table.tsx';
import { mobileText, PLAYER_TYPES, PlayerStatusBadge, playerTypeName } from './views.tsx';

/** Players by name, nickname, mobile number or email, status and type; each opens its detail page. */
export function PlayersPage() {
  const { t, i18n } = useTranslation();
  const players = useSearchList(accountsConsoleEndpoints.players, ['q', 'status', 'type'], (applied) => ({
    q: optional(applied.q),
    status: optional(applied.status) as PlayerRow['status'] | undefined,
    type: applied.type === '' ? undefined : Number(applied.type),
  }));

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
    {
      key: 'contact',
      header: t('players.contact'),
      render: (row) => (
        <>
          {row.email || '—'}
          {row.mobileNum ? <span className="cell-below mono">{mobileText(row)}</span> : null}
        </>
      ),
    },
    dateTimeColumn('createdAt', t('players.registeredAt'), i18n.language, (row) => row.createdAt),
    dateTimeColumn(
      'lastLogin',
      t('players.lastLogin'),
      i18n.language,
      (row) => row.lastLoginAt,
      (row) => <span className="mono">{row.lastLoginIp}</span>,
    ),
  ];
  const statuses = playerStatus.options.map((value) => ({ value, label: t(`players.statuses.${value}`) }));
  const types = PLAYER_TYPES.map((type) => ({ value: String(type), label: playerTypeName(type, t) }));

  return (
    <SearchListPage
      page="players"
      list={players}
      columns={columns}
      filters={
        <>
          <FilterText
            name="q"
            type="search"
            label={t('players.search')}
            placeholder={t('players.searchPlaceholder')}
          />
          <FilterSelect
            name="status"
            label={t('common.status')}
            options={[{ value: '', label: t('players.allStatuses') }, ...statuses]}
          />
          <FilterSelect name="type" options={[{ value: '', label: t('players.allTypes') }, ...types]} />
        </>
      }
    />
  );
}
