import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  houseConsoleEndpoints as api,
  HOUSE_RTPS,
  type HouseGameSettings,
  houseGameUpdate,
} from '@tessera/contract';
import { useState } from 'react';
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
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CATALOGUE_KEY, useCatalogueUpdate } from './update.ts';
import './games.css';

/**
 * The house's own games (the slots and the fish game): the RTP each game's outcomes are drawn at and its stake limits,
 * within what the game allows. New rounds follow at once; each round records the RTP and configuration fingerprint
 * it was drawn with. Audited.
 */
export function HouseGamesPage() {
  const { t } = useTranslation();
  const role = useSession().operator?.role;
  const [editing, setEditing] = useState<HouseGameSettings | null>(null);
  const games = useQuery({
    queryKey: [CATALOGUE_KEY, 'house'],
    queryFn: ({ signal }) => call(api.games, { signal }),
  });
  const canEdit = mayCall(role, api.updateGame);
  const columns: Column<HouseGameSettings>[] = [
    {
      key: 'game',
      header: t('houseGames.game'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.name}</span>
          <span className="cell-below mono">{row.game}</span>
        </>
      ),
    },
    {
      key: 'kind',
      header: t('houseGames.kind'),
      render: (row) => <Badge tone="accent">{t(`houseGames.kinds.${row.kind}`)}</Badge>,
    },
    {
      key: 'rtp',
      header: t('houseGames.rtp'),
      className: 'num',
      render: (row) => (
        <>
          <span className="cell-strong">{`${row.rtp}%`}</span>
          <span className="cell-below mono">{`${row.rtpExact}%`}</span>
        </>
      ),
    },
    {
      key: 'limits',
      header: t('houseGames.limits'),
      className: 'num',
      render: (row) => (
        <>
          <span className="cell-strong">{`${row.minBet} – ${row.maxBet}`}</span>
          <span className="cell-below">
            {t('houseGames.ownLimits', { min: row.limits.min, max: row.limits.max, step: row.limits.step })}
          </span>
        </>
      ),
    },
    {
      key: 'fingerprint',
      header: t('houseGames.fingerprint'),
      render: (row) => (
        <span className="mono" title={row.configFingerprint}>{`${row.configFingerprint.slice(0, 16)}…`}</span>
      ),
    },
    ...(canEdit
      ? [
          actionsColumn<HouseGameSettings>(t('common.actions'), (row) => (
            <Button size="sm" icon={<Icon name="edit" />} onClick={() => setEditing(row)}>
              {t('houseGames.edit', { name: row.name })}
            </Button>
          )),
        ]
      : []),
  ];
  return (
    <>
      <PageHeader title={t('nav.houseGames')} description={t('houseGames.description')} />
      <Card>
        <QueryView query={games}>
          {(rows) => (
            <Table
              caption={t('nav.houseGames')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              empty={<EmptyState icon="games" title={t('houseGames.none')} />}
            />
          )}
        </QueryView>
      </Card>
      {editing ? <HouseGameDialog game={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type HouseGameForm = z.input<typeof houseGameUpdate>;

function HouseGameDialog({ game, onClose }: { game: HouseGameSettings; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useCatalogueUpdate(
    api.updateGame,
    (saved) => t('houseGames.saved', { name: saved.name }),
    onClose,
  );
  const form = useForm<HouseGameForm, unknown, z.output<typeof houseGameUpdate>>({
    resolver: zodResolver(houseGameUpdate),
    defaultValues: { rtp: game.rtp, minBet: game.minBet, maxBet: game.maxBet },
  });
  const server = fieldErrors(save.error);
  const message = (name: keyof HouseGameForm) =>
    form.formState.errors[name] ? t('houseGames.invalid') : server[name];
  const within = t('houseGames.within', {
    min: game.limits.min,
    max: game.limits.max,
    step: game.limits.step,
  });
  return (
    <FormDialog
      title={t('houseGames.edit', { name: game.name })}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={Object.keys(houseGameUpdate.shape)}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate({ id: game.id, body }))}
    >
      <div className="form-grid">
        <Select
          label={t('houseGames.rtp')}
          hint={t('houseGames.rtpHint')}
          error={message('rtp')}
          options={HOUSE_RTPS.map((rtp) => ({ value: rtp, label: `${rtp}%` }))}
          {...form.register('rtp')}
        />
        <TextField
          label={t('houseGames.minBet')}
          type="number"
          step={game.limits.step}
          min={game.limits.min}
          max={game.limits.max}
          hint={within}
          error={message('minBet')}
          {...form.register('minBet', { valueAsNumber: true })}
        />
        <TextField
          label={t('houseGames.maxBet')}
          type="number"
          step={game.limits.step}
          min={game.limits.min}
          max={game.limits.max}
          hint={within}
          error={message('maxBet')}
          {...form.register('maxBet', { valueAsNumber: true })}
        />
      </div>
    </FormDialog>
  );
}
