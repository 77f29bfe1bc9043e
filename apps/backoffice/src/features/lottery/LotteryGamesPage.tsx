import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lotteryConsoleEndpoints as api, consoleLotteryGameUpdate, PRIZE_MODES } from '@tessera/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { enabledColumn } from '../../app/columns.tsx';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { RowButton } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { SwitchControl } from '../games/fields.tsx';
import {
  type ConsoleLotteryGame,
  GAMES_KEY,
  gameLabel,
  scheduleText,
  useLotteryGames,
  WEEKDAYS,
  weekdayName,
} from './lottery.ts';
import './lottery.css';

/**
 * The lottery's games: their prize mode, result table and source, schedule, betting lock and what happens to a
 * draw missed while the server was down; each game's schedule editable within its kind (every so often, or daily).
 */
export function LotteryGamesPage() {
  const { t, i18n } = useTranslation();
  const role = useSession().operator?.role;
  const [prizeMode, setPrizeMode] = useState('');
  const [editing, setEditing] = useState<ConsoleLotteryGame | null>(null);
  const games = useLotteryGames();
  const canEdit = mayCall(role, api.updateGame);
  const columns: Column<ConsoleLotteryGame>[] = [
    {
      key: 'game',
      header: t('lotteryGames.game'),
      render: (row) => (
        <>
          <span className="cell-strong nowrap">{row.gameName}</span>
          <span className="cell-below mono">{`${row.gameId} · ${row.gameMenuTag}`}</span>
        </>
      ),
    },
    {
      key: 'prizeMode',
      header: t('lotteryGames.prizeMode'),
      render: (row) => <Badge tone="accent">{t(`lottery.prizeModes.${row.prizeMode}`)}</Badge>,
    },
    {
      key: 'shape',
      header: t('lotteryGames.results'),
      render: (row) => (
        <>
          <span>{t(`lottery.shapes.${row.shape}`)}</span>
          <span className="cell-below">{t(`lottery.sources.${row.source}`)}</span>
        </>
      ),
    },
    {
      key: 'schedule',
      header: t('lotteryGames.schedule'),
      render: (row) => (
        <>
          <span>{scheduleText(row, t, i18n.language)}</span>
          <span className="cell-below">{row.timeZone}</span>
        </>
      ),
    },
    {
      key: 'lock',
      header: t('lotteryGames.lock'),
      className: 'num',
      render: (row) => (
        <>
          <span className="nowrap">
            {row.lockSeconds >= 60 && row.lockSeconds % 60 === 0
              ? t('lotteryGames.minutes', { minutes: row.lockSeconds / 60 })
              : t('lotteryGames.seconds', { seconds: row.lockSeconds })}
          </span>
          {row.source === 'rng' ? (
            <span className="cell-below">{t(`lottery.missed.${row.missed}`)}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'numero',
      header: t('lotteryGames.onSale'),
      render: (row) => <span className="mono nowrap">{row.numero ?? '—'}</span>,
    },
    enabledColumn(t),
    ...(canEdit
      ? [
          actionsColumn<ConsoleLotteryGame>(t('common.actions'), (row) => (
            <RowButton
              icon="edit"
              aria-label={t('common.editNamed', { name: row.gameName })}
              onClick={() => setEditing(row)}
            >
              {t('common.edit')}
            </RowButton>
          )),
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title={t('nav.lotteryGames')}
        description={t('lotteryGames.description')}
        actions={
          <Select
            label={t('lotteryGames.prizeMode')}
            value={prizeMode}
            onChange={(event) => setPrizeMode(event.target.value)}
            options={[
              { value: '', label: t('lotteryGames.allPrizeModes') },
              ...PRIZE_MODES.map((mode) => ({ value: mode, label: t(`lottery.prizeModes.${mode}`) })),
            ]}
            fieldClassName="lottery-filter"
          />
        }
      />
      <Card>
        <QueryView query={games}>
          {(rows) => (
            <Table
              caption={t('nav.lotteryGames')}
              columns={columns}
              rows={rows.filter((row) => !prizeMode || row.prizeMode === prizeMode)}
              rowKey={(row) => row.gameId}
              empty={<EmptyState icon="ticket" title={t('lotteryGames.empty')} />}
            />
          )}
        </QueryView>
      </Card>
      {editing ? <GameDialog game={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type GameForm = z.input<typeof consoleLotteryGameUpdate>;
type GameUpdate = z.output<typeof consoleLotteryGameUpdate>;

const daysOf = (value: string | null) => new Set((value ?? '').split(',').filter(Boolean).map(Number));

function GameDialog({ game, onClose }: { game: ConsoleLotteryGame; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: GameUpdate) => call(api.updateGame, { params: { gameId: game.gameId }, body }),
    onSuccess: (saved) => {
      toast.show(t('lotteryGames.saved', { name: saved.gameName }), 'success');
      void queryClient.invalidateQueries({ queryKey: GAMES_KEY });
      onClose();
    },
  });
  const daily = game.intervalSeconds === null;
  const form = useForm<GameForm, unknown, GameUpdate>({
    resolver: zodResolver(consoleLotteryGameUpdate),
    defaultValues: {
      enabled: game.enabled,
      lockSeconds: game.lockSeconds,
      intervalSeconds: game.intervalSeconds,
      drawTime: game.drawTime,
      drawDays: daily ? game.drawDayOfWeek : null,
      missed: game.missed,
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const message = (name: keyof GameForm, local: unknown, text = t('lottery.invalid')) =>
    local ? text : server[name];
  return (
    <FormDialog
      title={t('lotteryGames.edit', { name: gameLabel(game) })}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={Object.keys(consoleLotteryGameUpdate.shape)}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        {daily ? (
          <TextField
            label={t('lotteryGames.drawTime')}
            hint={t('lotteryGames.drawTimeHint', { timeZone: game.timeZone })}
            type="time"
            error={message('drawTime', errors.drawTime)}
            {...form.register('drawTime')}
          />
        ) : (
          <TextField
            label={t('lotteryGames.interval')}
            hint={t('lotteryGames.intervalHint')}
            type="number"
            min={60}
            max={86_400}
            step={60}
            error={message('intervalSeconds', errors.intervalSeconds)}
            {...form.register('intervalSeconds', { valueAsNumber: true })}
          />
        )}
        <TextField
          label={t('lotteryGames.lockSeconds')}
          hint={t('lotteryGames.lockSecondsHint')}
          type="number"
          min={0}
          max={86_400}
          error={message('lockSeconds', errors.lockSeconds)}
          {...form.register('lockSeconds', { valueAsNumber: true })}
        />
        {daily ? (
          <Controller
            control={form.control}
            name="drawDays"
            render={({ field }) => {
              const days = daysOf(field.value ?? null);
              const toggle = (day: number, on: boolean) => {
                const next = new Set(days);
                if (on) next.add(day);
                else next.delete(day);
                field.onChange(WEEKDAYS.filter((weekday) => next.has(weekday)).join(','));
              };
              const error = message('drawDays', errors.drawDays, t('lotteryGames.drawDaysRequired'));
              return (
                <fieldset className="span-2 lottery-days" aria-invalid={error ? true : undefined}>
                  <legend className="field-label">{t('lotteryGames.drawDays')}</legend>
                  <div className="lottery-days-list">
                    {WEEKDAYS.map((day) => (
                      <Checkbox
                        key={day}
                        label={weekdayName(day, i18n.language, 'long')}
                        checked={days.has(day)}
                        onChange={(on) => toggle(day, on)}
                      />
                    ))}
                  </div>
                  {error ? <p className="field-error">{error}</p> : null}
                </fieldset>
              );
            }}
          />
        ) : null}
        {game.source === 'rng' ? (
          <Select
            label={t('lotteryGames.missed')}
            hint={t('lotteryGames.missedHint')}
            options={(['late', 'void'] as const).map((value) => ({
              value,
              label: t(`lottery.missed.${value}`),
            }))}
            error={message('missed', errors.missed)}
            {...form.register('missed')}
          />
        ) : null}
        <SwitchControl
          control={form.control}
          name="enabled"
          label={t('common.enabled')}
          description={t('lotteryGames.enabledHint')}
        />
      </div>
    </FormDialog>
  );
}
