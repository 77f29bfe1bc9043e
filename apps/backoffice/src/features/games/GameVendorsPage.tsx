import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  gamesConsoleEndpoints as api,
  type ConsoleVendor,
  GAME_TYPES,
  vendorUpdate,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { enabledColumn, sortColumn } from '../../app/columns.tsx';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { IconControl, SwitchControl } from './fields.tsx';
import { CATALOGUE_KEY, useCatalogueUpdate } from './update.ts';
import './games.css';

/** The game vendors of every category: shown or hidden, hot, in what order, with what icon. Audited. */
export function GameVendorsPage() {
  const { t } = useTranslation();
  const role = useSession().operator?.role;
  const [params, setParams] = useSearchParams();
  const gameType = params.get('gameType') ?? '';
  const [editing, setEditing] = useState<ConsoleVendor | null>(null);
  const vendors = useQuery({
    queryKey: [CATALOGUE_KEY, 'vendors', gameType],
    queryFn: ({ signal }) =>
      call(api.vendors, {
        query: gameType ? { gameType: gameType as ConsoleVendor['gameType'] } : {},
        signal,
      }),
  });
  const canEdit = mayCall(role, api.updateVendor);

  const columns: Column<ConsoleVendor>[] = [
    {
      key: 'icon',
      header: t('games.icon'),
      cellLabel: t('games.icon'),
      render: (row) =>
        row.icon ? <img className="game-thumb" src={row.icon} alt={row.displayName} loading="lazy" /> : null,
    },
    {
      key: 'name',
      header: t('games.vendor'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.displayName}</span>
          <span className="cell-below mono">{row.vassalage}</span>
        </>
      ),
    },
    { key: 'type', header: t('games.category'), render: (row) => t(`games.types.${row.gameType}`) },
    {
      key: 'games',
      header: t('games.gamesCount'),
      className: 'num',
      render: (row) => (
        <Link to={`/games?vendorId=${row.id}`}>
          {t('games.enabledOf', { enabled: row.enabledGames, total: row.games })}
        </Link>
      ),
    },
    {
      key: 'flags',
      header: t('games.flags'),
      render: (row) => (
        <span className="badge-row">
          {row.isHot ? <Badge tone="warning">{t('games.hot')}</Badge> : null}
          {row.transferWallet ? <Badge tone="accent">{t('games.ownWallet')}</Badge> : null}
        </span>
      ),
    },
    sortColumn(t),
    enabledColumn(t),
    ...(canEdit
      ? [
          actionsColumn<ConsoleVendor>(t('common.actions'), (row) => (
            <Button size="sm" icon={<Icon name="edit" />} onClick={() => setEditing(row)}>
              {t('games.editVendorOf', { name: row.displayName })}
            </Button>
          )),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('nav.gameVendors')}
        description={t('games.vendorsDescription')}
        actions={mayCall(role, api.syncCatalogue) ? <SyncButton /> : null}
      />
      <Card>
        <div className="games-filter">
          <Select
            label={t('games.category')}
            fieldClassName="filter-field"
            value={gameType}
            onChange={(event) =>
              setParams(event.target.value ? { gameType: event.target.value } : {}, { replace: true })
            }
            options={[
              { value: '', label: t('games.allCategories') },
              ...GAME_TYPES.map((value) => ({ value, label: t(`games.types.${value}`) })),
            ]}
          />
        </div>
        <QueryView query={vendors}>
          {(rows) => (
            <Table
              caption={t('nav.gameVendors')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              empty={<EmptyState icon="games" title={t('games.noVendors')} />}
            />
          )}
        </QueryView>
      </Card>
      {editing ? <VendorDialog vendor={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** Asks every provider for its catalogue again; the job runs in the background (the Jobs page follows it). */
function SyncButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const sync = useMutation({
    mutationFn: () => call(api.syncCatalogue, {}),
    onSuccess: () => toast.show(t('games.syncQueued'), 'success'),
    onError: (cause) => toast.show(errorText(t, cause), 'error'),
  });
  return (
    <Button icon={<Icon name="refresh" />} loading={sync.isPending} onClick={() => sync.mutate()}>
      {t('games.sync')}
    </Button>
  );
}

type VendorForm = z.input<typeof vendorUpdate>;

function VendorDialog({ vendor, onClose }: { vendor: ConsoleVendor; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useCatalogueUpdate(
    api.updateVendor,
    (saved) => t('games.vendorSaved', { name: saved.displayName }),
    onClose,
  );
  const form = useForm<VendorForm, unknown, z.output<typeof vendorUpdate>>({
    resolver: zodResolver(vendorUpdate),
    defaultValues: {
      displayName: vendor.displayName,
      names: vendor.names,
      isHot: vendor.isHot,
      sort: vendor.sort,
      enabled: vendor.enabled,
      iconImageId: vendor.iconImageId,
    },
  });
  const server = fieldErrors(save.error);
  const message = (name: keyof VendorForm) =>
    form.formState.errors[name] ? t('games.invalid') : server[name];
  return (
    <FormDialog
      title={t('games.editVendor', { name: vendor.vassalage })}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={[...Object.keys(vendorUpdate.shape), 'names.VI', 'names.CN']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate({ id: vendor.id, body }))}
    >
      <div className="form-grid">
        <TextField
          label={t('games.displayName')}
          maxLength={60}
          error={message('displayName')}
          {...form.register('displayName')}
        />
        <TextField
          label={t('games.nameVI')}
          maxLength={60}
          error={form.formState.errors.names?.VI ? t('games.invalid') : server['names.VI']}
          {...form.register('names.VI')}
        />
        <TextField
          label={t('games.nameCN')}
          maxLength={60}
          error={form.formState.errors.names?.CN ? t('games.invalid') : server['names.CN']}
          {...form.register('names.CN')}
        />
        <TextField
          label={t('common.sortOrder')}
          type="number"
          min={0}
          max={9999}
          error={message('sort')}
          {...form.register('sort', { valueAsNumber: true })}
        />
        <IconControl
          control={form.control}
          name="iconImageId"
          initialUrl={vendor.icon}
          error={message('iconImageId')}
        />
        <SwitchControl
          control={form.control}
          name="isHot"
          label={t('games.hot')}
          description={t('games.hotVendorHint')}
        />
        <SwitchControl
          control={form.control}
          name="enabled"
          label={t('common.enabled')}
          description={t('games.enabledVendorHint')}
        />
      </div>
    </FormDialog>
  );
}
