import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  rainConsoleEndpoints as api,
  type ConsoleRainSchedule,
  chatConsoleEndpoints,
  type RainScheduleInput,
  rainScheduleInput,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { RowsEditor } from '../../ui/RowsEditor.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useBillMoney } from '../agents/bills.tsx';
import './raffle.css';

const SCHEDULES_KEY = [api.schedules.path];
const ROUNDS_KEY = [api.rounds.path];
const PAGE_SIZE = 20;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The form keeps the start times as one text ("20:00, 21:30"); the contract's schema reads the list. */
const scheduleForm = z.preprocess((value) => {
  const schedule = value as { times?: unknown };
  return {
    ...schedule,
    times:
      typeof schedule.times === 'string'
        ? schedule.times
            .split(/[,\s]+/)
            .map((time) => time.trim())
            .filter(Boolean)
        : schedule.times,
  };
}, rainScheduleInput);
type ScheduleBody = z.output<typeof rainScheduleInput>;
type ScheduleForm = Omit<RainScheduleInput, 'times'> & { times: string };

/**
 * The red envelope rain (operations edit, support reads): the schedules (weekdays and start times on the merchant's
 * clock, duration, pool, envelopes and their bounds, turnover multiple, grabs by the day's deposits), a round opened
 * now, the rounds with what was grabbed, and a live round ended. Every write is audited on the server.
 */
export function RainPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.createSchedule);
  const queryClient = useQueryClient();
  const toast = useToast();
  const schedules = useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: ({ signal }) => call(api.schedules, { signal }),
  });
  const [pageNo, setPageNo] = useState(1);
  const rounds = useQuery({
    queryKey: [...ROUNDS_KEY, pageNo],
    queryFn: ({ signal }) => call(api.rounds, { query: { pageNo, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<{ schedule: ConsoleRainSchedule | null } | null>(null);
  const [envelopesOf, setEnvelopesOf] = useState<number | null>(null);
  const refreshRounds = () => void queryClient.invalidateQueries({ queryKey: ROUNDS_KEY });
  const start = useMutation({
    mutationFn: (id: number) => call(api.startNow, { params: { id } }),
    onSuccess: () => {
      toast.show(t('rain.started'));
      refreshRounds();
    },
    onError: (error) => toast.show(error instanceof Error ? error.message : t('rain.failed')),
  });
  const end = useMutation({
    mutationFn: (id: number) => call(api.endNow, { params: { id } }),
    onSuccess: () => {
      toast.show(t('rain.ended'));
      refreshRounds();
    },
    onError: (error) => toast.show(error instanceof Error ? error.message : t('rain.failed')),
  });
  const money = useBillMoney(rounds.data?.digits ?? schedules.data?.[0]?.digits);
  const weekday = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }).format(new Date(Date.UTC(2024, 0, day)));
  const now = Date.now();
  return (
    <>
      <PageHeader
        title={t('nav.rain')}
        description={t('rain.description')}
        actions={
          editable ? (
            <Button
              variant="primary"
              icon={<Icon name="plus" />}
              onClick={() => setEditing({ schedule: null })}
            >
              {t('rain.newSchedule')}
            </Button>
          ) : null
        }
      />
      <div className="stack-lg">
        <QueryView query={schedules}>
          {(list) => (
            <Card title={t('rain.schedules')}>
              <Table
                caption={t('rain.schedules')}
                rows={list}
                rowKey={(row) => row.id}
                columns={[
                  {
                    key: 'name',
                    header: t('rain.name'),
                    render: (row) => (
                      <>
                        <span className="cell-strong">{row.name}</span>
                        <span className="cell-below">
                          {row.enabled ? t('rain.on') : t('rain.off')} ·{' '}
                          {row.roomName === null
                            ? t('rain.siteWide')
                            : `${t('rain.roomShort')} ${row.roomName}`}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'when',
                    header: t('rain.when'),
                    render: (row) => (
                      <>
                        <span>{row.weekdays.map(weekday).join(' ')}</span>
                        <span className="cell-below">
                          {t('rain.times', {
                            times: row.times.join(', '),
                            seconds: row.durationSeconds,
                            zone: row.timeZone,
                          })}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'pool',
                    header: t('rain.pool'),
                    className: 'num',
                    render: (row) => (
                      <>
                        <span className="cell-strong">{`${money(row.pool)} ${row.currency}`}</span>
                        <span className="cell-below">
                          {t('rain.envelopesOf', {
                            count: row.envelopes,
                            min: money(row.minAmount),
                            max: money(row.maxAmount),
                            multiple: row.turnoverMultiple,
                          })}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'grabs',
                    header: t('rain.grabs'),
                    render: (row) =>
                      row.grabRules
                        .map((rule) =>
                          t('rain.grabRule', { deposit: money(rule.minDeposit), grabs: rule.grabs }),
                        )
                        .join(' · '),
                  },
                  ...(editable
                    ? [
                        actionsColumn<ConsoleRainSchedule>(t('common.actions'), (row) => (
                          <>
                            <RowButton
                              icon="gift"
                              aria-label={t('rain.startNamed', { name: row.name })}
                              disabled={start.isPending}
                              onClick={() => start.mutate(row.id)}
                            >
                              {t('rain.start')}
                            </RowButton>
                            <RowButton
                              icon="edit"
                              aria-label={t('common.editNamed', { name: row.name })}
                              onClick={() => setEditing({ schedule: row })}
                            >
                              {t('common.edit')}
                            </RowButton>
                          </>
                        )),
                      ]
                    : []),
                ]}
              />
            </Card>
          )}
        </QueryView>
        <QueryView query={rounds}>
          {(data) => (
            <Card title={t('rain.rounds')}>
              <Table
                caption={t('rain.rounds')}
                rows={data.list}
                rowKey={(row) => row.id}
                columns={[
                  {
                    key: 'opens',
                    header: t('rain.opens'),
                    render: (row) => (
                      <>
                        <span className="cell-strong">{formatDateTime(row.opensAt, i18n.language)}</span>
                        <span className="cell-below">
                          {t('rain.until', { time: formatDateTime(row.closesAt, i18n.language) })}
                        </span>
                      </>
                    ),
                  },
                  { key: 'schedule', header: t('rain.name'), render: (row) => row.scheduleName },
                  {
                    key: 'room',
                    header: t('rain.room'),
                    render: (row) => row.roomName ?? t('rain.siteWide'),
                  },
                  {
                    key: 'grabbed',
                    header: t('rain.grabbed'),
                    className: 'num',
                    render: (row) =>
                      t('rain.grabbedOf', {
                        grabbed: row.grabbed,
                        envelopes: row.envelopes,
                        amount: money(row.grabbedAmount),
                        pool: money(row.pool),
                      }),
                  },
                  actionsColumn<(typeof data.list)[number]>(t('common.actions'), (row) => (
                    <>
                      <RowButton
                        icon="eye"
                        aria-label={t('rain.envelopesNamed', { id: row.id })}
                        onClick={() => setEnvelopesOf(row.id)}
                      >
                        {t('rain.envelopes')}
                      </RowButton>
                      {editable &&
                      new Date(row.closesAt).getTime() > now &&
                      new Date(row.opensAt).getTime() <= now ? (
                        <RowButton
                          icon="x"
                          aria-label={t('rain.endNamed', { id: row.id })}
                          disabled={end.isPending}
                          onClick={() => end.mutate(row.id)}
                        >
                          {t('rain.end')}
                        </RowButton>
                      ) : null}
                    </>
                  )),
                ]}
              />
              <Pagination pageNo={pageNo} pageSize={PAGE_SIZE} total={data.total} onChange={setPageNo} />
            </Card>
          )}
        </QueryView>
      </div>
      {editing ? <ScheduleDialog schedule={editing.schedule} onClose={() => setEditing(null)} /> : null}
      {envelopesOf !== null ? (
        <EnvelopesDialog roundId={envelopesOf} onClose={() => setEnvelopesOf(null)} />
      ) : null}
    </>
  );
}

function ScheduleDialog({
  schedule,
  onClose,
}: {
  schedule: ConsoleRainSchedule | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<ScheduleForm, unknown, ScheduleBody>({
    resolver: zodResolver(scheduleForm as unknown as typeof rainScheduleInput) as never,
    defaultValues: schedule
      ? { ...schedule, times: schedule.times.join(', ') }
      : {
          name: '',
          enabled: false,
          weekdays: [...WEEKDAYS],
          times: '20:00',
          durationSeconds: 120,
          pool: 1000,
          envelopes: 100,
          minAmount: 1,
          maxAmount: 30,
          turnoverMultiple: 1,
          grabRules: [{ minDeposit: 0, grabs: 1 }],
          roomId: null,
        },
  });
  const rooms = useQuery({
    queryKey: [chatConsoleEndpoints.rooms.path],
    queryFn: ({ signal }) => call(chatConsoleEndpoints.rooms, { signal }),
  });
  const save = useMutation({
    mutationFn: (body: ScheduleBody) =>
      schedule
        ? call(api.updateSchedule, { params: { id: schedule.id }, body })
        : call(api.createSchedule, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
      toast.show(t('rain.saved'));
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const invalid = (field: { message?: string } | undefined) =>
    field
      ? field.message && i18n.exists(`rain.errors.${field.message}`)
        ? t(`rain.errors.${field.message}`)
        : t('rain.invalid')
      : undefined;
  const weekdays = form.watch('weekdays') as number[];
  const weekday = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(new Date(Date.UTC(2024, 0, day)));
  return (
    <FormDialog
      title={schedule ? t('rain.editSchedule') : t('rain.newSchedule')}
      size="lg"
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={[]}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        <TextField
          label={t('rain.name')}
          error={invalid(errors.name) ?? server.name}
          {...form.register('name')}
        />
        <Checkbox
          label={t('rain.enabled')}
          checked={form.watch('enabled')}
          onChange={(checked) => form.setValue('enabled', checked)}
        />
        <TextField
          label={t('rain.startTimes')}
          hint={t('rain.startTimesHint')}
          error={invalid(errors.times as { message?: string } | undefined) ?? server.times}
          {...form.register('times')}
        />
        <TextField
          label={t('rain.duration')}
          inputMode="numeric"
          error={invalid(errors.durationSeconds) ?? server.durationSeconds}
          {...form.register('durationSeconds')}
        />
        <TextField
          label={t('rain.pool')}
          inputMode="decimal"
          error={invalid(errors.pool) ?? server.pool}
          {...form.register('pool')}
        />
        <TextField
          label={t('rain.envelopeCount')}
          inputMode="numeric"
          error={invalid(errors.envelopes) ?? server.envelopes}
          {...form.register('envelopes')}
        />
        <TextField
          label={t('rain.minAmount')}
          inputMode="decimal"
          error={invalid(errors.minAmount) ?? server.minAmount}
          {...form.register('minAmount')}
        />
        <TextField
          label={t('rain.maxAmount')}
          inputMode="decimal"
          error={invalid(errors.maxAmount) ?? server.maxAmount}
          {...form.register('maxAmount')}
        />
        <TextField
          label={t('rain.turnoverMultiple')}
          inputMode="decimal"
          error={invalid(errors.turnoverMultiple) ?? server.turnoverMultiple}
          {...form.register('turnoverMultiple')}
        />
        {rooms.data ? (
          <Select
            label={t('rain.room')}
            options={[
              { value: '', label: t('rain.siteWide') },
              ...rooms.data.map((room) => ({ value: String(room.id), label: room.name })),
            ]}
            error={invalid(errors.roomId) ?? server.roomId}
            {...form.register('roomId', {
              setValueAs: (value) => (value === '' || value === null ? null : Number(value)),
            })}
          />
        ) : null}
      </div>
      <fieldset className="raffle-weekdays">
        <legend className="cell-strong">{t('rain.weekdays')}</legend>
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day}
            label={weekday(day)}
            checked={weekdays.includes(day)}
            onChange={(checked) =>
              form.setValue(
                'weekdays',
                checked ? [...weekdays, day].sort() : weekdays.filter((other) => other !== day),
              )
            }
          />
        ))}
        {errors.weekdays ? <p className="field-error">{t('rain.invalid')}</p> : null}
      </fieldset>
      <RowsEditor
        control={form.control}
        name="grabRules"
        legend={t('rain.grabs')}
        rowClassName="raffle-rule-row"
        min={1}
        max={10}
        empty={() => ({ minDeposit: '', grabs: 1 })}
        addLabel={t('rain.addRule')}
        removeLabel={(index) => t('rain.removeRule', { index: index + 1 })}
      >
        {(index) => (
          <>
            <TextField
              label={t('rain.minDeposit', { index: index + 1 })}
              inputMode="decimal"
              error={invalid(errors.grabRules?.[index]?.minDeposit)}
              {...form.register(`grabRules.${index}.minDeposit`)}
            />
            <TextField
              label={t('rain.grabCount', { index: index + 1 })}
              inputMode="numeric"
              error={invalid(errors.grabRules?.[index]?.grabs)}
              {...form.register(`grabRules.${index}.grabs`)}
            />
          </>
        )}
      </RowsEditor>
    </FormDialog>
  );
}

function EnvelopesDialog({ roundId, onClose }: { roundId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const envelopes = useQuery({
    queryKey: [api.envelopes.path, roundId],
    queryFn: ({ signal }) => call(api.envelopes, { params: { id: roundId }, signal }),
  });
  const money = useBillMoney(envelopes.data?.digits);
  return (
    <Modal open title={t('rain.envelopesTitle', { id: roundId })} size="lg" onClose={onClose}>
      <QueryView query={envelopes}>
        {(data) => (
          <Table
            caption={t('rain.envelopesTitle', { id: roundId })}
            rows={data.envelopes}
            rowKey={(row) => row.id}
            columns={[
              { key: 'position', header: '#', className: 'num', render: (row) => String(row.position) },
              {
                key: 'amount',
                header: t('rain.amount'),
                className: 'num',
                render: (row) => `${money(row.amount)} ${data.currency}`,
              },
              {
                key: 'member',
                header: t('rain.member'),
                render: (row) => (row.username ? `${row.username} (${row.memberId})` : t('rain.notGrabbed')),
              },
              {
                key: 'at',
                header: t('rain.grabbedAt'),
                render: (row) => (row.grabbedAt ? formatDateTime(row.grabbedAt, i18n.language) : ''),
              },
            ]}
          />
        )}
      </QueryView>
    </Modal>
  );
}
