import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  houseTableConsoleEndpoints as api,
  type HouseTableSettings,
  houseTableUpdate,
} from '@tessera/contract';
import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CATALOGUE_KEY, useCatalogueUpdate } from './update.ts';
import './games.css';

/**
 * The house's shared tables (the baccarat rooms and the live roulette table): the betting window and result time of
 * their rounds, and the smallest and largest stake of each spot type. Audited; the timing starts with the next round.
 */
export function HouseTablesPage() {
  const { t } = useTranslation();
  const role = useSession().operator?.role;
  const [editing, setEditing] = useState<HouseTableSettings | null>(null);
  const tables = useQuery({
    queryKey: [CATALOGUE_KEY, 'house-tables'],
    queryFn: ({ signal }) => call(api.tables, { signal }),
  });
  const canEdit = mayCall(role, api.updateTable);
  const columns: Column<HouseTableSettings>[] = [
    {
      key: 'name',
      header: t('houseTables.table'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.name}</span>
          <span className="cell-below mono">{row.table}</span>
        </>
      ),
    },
    {
      key: 'kind',
      header: t('houseTables.kind'),
      render: (row) => <Badge tone="accent">{t(`houseTables.kinds.${row.kind}`)}</Badge>,
    },
    {
      key: 'timing',
      header: t('houseTables.timing'),
      render: (row) =>
        t('houseTables.timingValue', { betting: row.bettingSeconds, result: row.resultSeconds }),
    },
    {
      key: 'limits',
      header: t('houseTables.limits'),
      render: (row) => (
        <span className="cell-below">
          {Object.entries(row.limits)
            .map(([spot, limit]) => `${t(`houseTables.spots.${spot}`)} ${limit.min}–${limit.max}`)
            .join(' · ')}
        </span>
      ),
    },
    ...(canEdit
      ? [
          actionsColumn<HouseTableSettings>(t('common.actions'), (row) => (
            <Button size="sm" icon={<Icon name="edit" />} onClick={() => setEditing(row)}>
              {t('houseTables.editOf', { name: row.name })}
            </Button>
          )),
        ]
      : []),
  ];
  return (
    <>
      <PageHeader title={t('nav.houseTables')} description={t('houseTables.description')} />
      <Card>
        <QueryView query={tables}>
          {(rows) => (
            <Table
              caption={t('nav.houseTables')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              empty={<EmptyState icon="games" title={t('houseTables.empty')} />}
            />
          )}
        </QueryView>
      </Card>
      {editing ? <TableDialog table={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type TableForm = z.input<typeof houseTableUpdate>;

function TableDialog({ table, onClose }: { table: HouseTableSettings; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useCatalogueUpdate(
    api.updateTable,
    (saved) => t('houseTables.saved', { name: saved.name }),
    onClose,
  );
  const form = useForm<TableForm, unknown, z.output<typeof houseTableUpdate>>({
    resolver: zodResolver(houseTableUpdate),
    defaultValues: {
      bettingSeconds: table.bettingSeconds,
      resultSeconds: table.resultSeconds,
      limits: table.limits,
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const spots = Object.keys(table.limits);
  const shownFields = [
    'bettingSeconds',
    'resultSeconds',
    ...spots.flatMap((spot) => [`limits.${spot}.min`, `limits.${spot}.max`]),
  ];
  const limitError = (spot: string, end: 'min' | 'max') =>
    errors.limits?.[spot]?.[end] ? t('games.invalid') : server[`limits.${spot}.${end}`];
  return (
    <FormDialog
      title={t('houseTables.edit', { name: table.name })}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={shownFields}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate({ id: table.id, body }))}
    >
      <div className="form-grid">
        <TextField
          label={t('houseTables.bettingSeconds')}
          type="number"
          min={1}
          max={120}
          error={errors.bettingSeconds ? t('games.invalid') : server.bettingSeconds}
          {...form.register('bettingSeconds', { valueAsNumber: true })}
        />
        <TextField
          label={t('houseTables.resultSeconds')}
          type="number"
          min={1}
          max={60}
          error={errors.resultSeconds ? t('games.invalid') : server.resultSeconds}
          {...form.register('resultSeconds', { valueAsNumber: true })}
        />
        {spots.map((spot) => (
          <Fragment key={spot}>
            <TextField
              label={t('houseTables.minOf', { spot: t(`houseTables.spots.${spot}`) })}
              type="number"
              min={table.step}
              step={table.step}
              error={limitError(spot, 'min')}
              {...form.register(`limits.${spot}.min`, { valueAsNumber: true })}
            />
            <TextField
              label={t('houseTables.maxOf', { spot: t(`houseTables.spots.${spot}`) })}
              type="number"
              min={table.step}
              step={table.step}
              error={limitError(spot, 'max')}
              {...form.register(`limits.${spot}.max`, { valueAsNumber: true })}
            />
          </Fragment>
        ))}
      </div>
      <p className="field-hint">{t('houseTables.stepHint', { step: table.step })}</p>
    </FormDialog>
  );
}
