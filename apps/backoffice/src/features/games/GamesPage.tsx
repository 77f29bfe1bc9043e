import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  gamesConsoleEndpoints as api,
  type ConsoleGame,
  GAME_CLASSES,
  GAME_TYPES,
  gameUpdate,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { enabledColumn, sortColumn } from '../../app/columns.tsx';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useMoney } from '../lottery/lottery.ts';
import { IconControl, SwitchControl } from './fields.tsx';
import { CATALOGUE_KEY, useCatalogueUpdate } from './update.ts';
import './games.css';

const yesNo = (value: string): 'true' | 'false' | undefined =>
  value === 'true' || value === 'false' ? value : undefined;

/** Every game of the catalogue, searched by name, vendor, category, state and hotness; each one editable. */
export function GamesPage() {
  const { t, i18n } = useTranslation();
  const role = useSession().operator?.role;
  const [editing, setEditing] = useState<ConsoleGame | null>(null);
  const games = useSearchList(api.games, ['search', 'vendorId', 'gameType', 'enabled', 'hot'], (applied) => ({
    search: optional(applied.search),
    vendorId: applied.vendorId ? Number(applied.vendorId) : undefined,
    gameType: optional(applied.gameType) as ConsoleGame['gameType'] | undefined,
    enabled: yesNo(applied.enabled),
    hot: yesNo(applied.hot),
  }));
  const vendors = useQuery({
    queryKey: [CATALOGUE_KEY, 'vendors', ''],
    queryFn: ({ signal }) => call(api.vendors, { query: {}, signal }),
  });
  const canEdit = mayCall(role, api.updateGame);
  // Stakes in the merchant's currency, with its decimals (none for VND).
  const money = useMoney();
  const name = (row: ConsoleGame) =>
    row.names[i18n.language === 'vi' ? 'VI' : i18n.language === 'zh' ? 'CN' : 'EN'] || row.names.EN;

  const columns: Column<ConsoleGame>[] = [
    {
      key: 'icon',
      header: t('games.icon'),
      cellLabel: t('games.icon'),
      render: (row) =>
        row.icon ? <img className="game-thumb" src={row.icon} alt={name(row)} loading="lazy" /> : null,
    },
    {
      key: 'name',
      header: t('games.game'),
      render: (row) => (
        <>
          <span className="cell-strong">{name(row)}</span>
          <span className="cell-below mono">
            {row.vassalage} · {row.code}
          </span>
        </>
      ),
    },
    {
      key: 'class',
      header: t('games.class'),
      render: (row) => (
        <>
          {t(`games.types.${row.gameType}`)}
          <span className="cell-below">{t(`games.classes.${row.classify}`)}</span>
        </>
      ),
    },
    {
      key: 'minBet',
      header: t('games.minBet'),
      className: 'num',
      render: (row) => money.format(row.minBet),
    },
    {
      key: 'flags',
      header: t('games.flags'),
      render: (row) => (
        <span className="badge-row">
          {row.hotRank !== null ? (
            <Badge tone="warning">{t('games.hotRankIs', { rank: row.hotRank })}</Badge>
          ) : null}
          {row.demo ? <Badge tone="accent">{t('games.freePlay')}</Badge> : null}
          {row.gameId === null && row.roomId === null ? <Badge>{t('games.comingSoon')}</Badge> : null}
        </span>
      ),
    },
    sortColumn(t),
    enabledColumn(t),
    ...(canEdit
      ? [
          actionsColumn<ConsoleGame>(t('common.actions'), (row) => (
            <Button size="sm" icon={<Icon name="edit" />} onClick={() => setEditing(row)}>
              {t('games.editGameOf', { name: name(row) })}
            </Button>
          )),
        ]
      : []),
  ];

  return (
    <>
      <SearchListPage
        page="games"
        list={games}
        columns={columns}
        filters={
          <>
            <FilterText
              name="search"
              type="search"
              label={t('games.search')}
              placeholder={t('games.searchPlaceholder')}
            />
            <FilterSelect
              name="vendorId"
              label={t('games.vendor')}
              options={[
                { value: '', label: t('games.allVendors') },
                ...(vendors.data ?? []).map((vendor) => ({
                  value: String(vendor.id),
                  label: `${vendor.displayName} (${t(`games.types.${vendor.gameType}`)})`,
                })),
              ]}
            />
            <FilterSelect
              name="gameType"
              label={t('games.category')}
              options={[
                { value: '', label: t('games.allCategories') },
                ...GAME_TYPES.map((value) => ({ value, label: t(`games.types.${value}`) })),
              ]}
            />
            <FilterSelect
              name="enabled"
              label={t('common.status')}
              options={[
                { value: '', label: t('games.anyState') },
                { value: 'true', label: t('common.enabled') },
                { value: 'false', label: t('common.disabled') },
              ]}
            />
            <FilterSelect
              name="hot"
              label={t('games.hot')}
              options={[
                { value: '', label: t('games.anyHot') },
                { value: 'true', label: t('games.onlyHot') },
                { value: 'false', label: t('games.notHot') },
              ]}
            />
          </>
        }
      />
      {editing ? <GameDialog game={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type GameForm = z.input<typeof gameUpdate>;

function GameDialog({ game, onClose }: { game: ConsoleGame; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useCatalogueUpdate(
    api.updateGame,
    (saved) => t('games.gameSaved', { name: saved.names.EN }),
    onClose,
  );
  const form = useForm<GameForm, unknown, z.output<typeof gameUpdate>>({
    resolver: zodResolver(gameUpdate),
    defaultValues: {
      names: game.names,
      classify: game.classify,
      hotRank: game.hotRank,
      sort: game.sort,
      demo: game.demo,
      enabled: game.enabled,
      iconImageId: game.iconImageId,
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const message = (name: string, local: unknown) => (local ? t('games.invalid') : server[name]);
  return (
    <FormDialog
      size="lg"
      title={t('games.editGame', { code: `${game.vassalage} · ${game.code}` })}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['names.EN', 'names.VI', 'names.CN', ...Object.keys(gameUpdate.shape)]}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate({ id: game.id, body }))}
    >
      <div className="form-grid">
        <TextField
          label={t('games.nameEN')}
          maxLength={80}
          error={message('names.EN', errors.names?.EN)}
          {...form.register('names.EN')}
        />
        <TextField
          label={t('games.nameVI')}
          maxLength={80}
          error={message('names.VI', errors.names?.VI)}
          {...form.register('names.VI')}
        />
        <TextField
          label={t('games.nameCN')}
          maxLength={80}
          error={message('names.CN', errors.names?.CN)}
          {...form.register('names.CN')}
        />
        <Select
          label={t('games.class')}
          options={GAME_CLASSES.map((value) => ({ value, label: t(`games.classes.${value}`) }))}
          error={message('classify', errors.classify)}
          {...form.register('classify')}
        />
        <TextField
          label={t('games.hotRank')}
          hint={t('games.hotRankHint')}
          type="number"
          min={1}
          max={9999}
          error={message('hotRank', errors.hotRank)}
          {...form.register('hotRank', {
            setValueAs: (value) => (value === '' || value === null ? null : Number(value)),
          })}
        />
        <TextField
          label={t('common.sortOrder')}
          type="number"
          min={0}
          max={9999}
          error={message('sort', errors.sort)}
          {...form.register('sort', { valueAsNumber: true })}
        />
        <IconControl
          control={form.control}
          name="iconImageId"
          initialUrl={game.icon}
          error={message('iconImageId', errors.iconImageId)}
        />
        <SwitchControl
          control={form.control}
          name="demo"
          label={t('games.freePlay')}
          description={t('games.freePlayHint')}
        />
        <SwitchControl
          control={form.control}
          name="enabled"
          label={t('common.enabled')}
          description={t('games.enabledGameHint')}
        />
      </div>
    </FormDialog>
  );
}
