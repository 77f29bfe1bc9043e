import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  sportsbookConsoleEndpoints as api,
  type ConsoleSportsbookEvent,
  consoleSportsbookEventInput,
  type QueryOf,
  SPORTSBOOK_EVENT_STATUSES,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { fromLocalInput } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterSelect, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';
import { EVENTS_KEY, eventName, eventStage, STAGE_TONES, useCompetitions } from './sportsbook.ts';
import './sportsbook.css';

const FILTERS = ['competitionId', 'status'] as const;
const STAGES = [...SPORTSBOOK_EVENT_STATUSES, 'awaiting'] as const;
type StatusFilter = QueryOf<typeof api.events>['status'];

/**
 * The book's events, newest first: each with its status (a result waiting for a second operator shows as such),
 * score, tickets and stake; a new event is created here and traded on its own page.
 */
export function SportsbookEventsPage() {
  const { t, i18n } = useTranslation();
  const role = useSession().operator?.role;
  const [creating, setCreating] = useState(false);
  const competitions = useCompetitions();
  const money = useMoney();
  const list = useSearchList(api.events, FILTERS, (applied) => ({
    competitionId: applied.competitionId ? Number(applied.competitionId) : undefined,
    status: optional(applied.status) as StatusFilter,
  }));
  const columns: Column<ConsoleSportsbookEvent>[] = [
    {
      key: 'event',
      header: t('sportsbook.event'),
      render: (row) => (
        <>
          <Link className="cell-strong" to={`/sportsbook/events/${row.id}`}>
            {eventName(row)}
          </Link>
          <span className="cell-below">{row.competition}</span>
        </>
      ),
    },
    dateTimeColumn('startsAt', t('sportsbook.startsAt'), i18n.language, (row) => row.startsAt),
    {
      key: 'status',
      header: t('sportsbook.status'),
      render: (row) => {
        const stage = eventStage(row);
        return (
          <>
            <Badge tone={STAGE_TONES[stage]}>{t(`sportsbook.stages.${stage}`)}</Badge>
            {row.suspended ? <span className="cell-below">{t('sportsbook.eventSuspended')}</span> : null}
          </>
        );
      },
    },
    {
      key: 'score',
      header: t('sportsbook.score'),
      className: 'num',
      render: (row) => (row.score ? `${row.score.home}–${row.score.away}` : '—'),
    },
    { key: 'tickets', header: t('sportsbook.tickets'), className: 'num', render: (row) => row.tickets },
    {
      key: 'stake',
      header: t('sportsbook.stake'),
      className: 'num',
      render: (row) => money.format(row.stake),
    },
    actionsColumn(t('common.actions'), (row) => (
      <Link
        className="btn btn-sm"
        to={`/sportsbook/events/${row.id}`}
        aria-label={t('sportsbook.tradeOf', { event: eventName(row) })}
      >
        {t('sportsbook.trade')}
      </Link>
    )),
  ];
  return (
    <>
      <SearchListPage
        page="sportsbookEvents"
        list={list}
        columns={columns}
        actions={
          mayCall(role, api.createEvent) ? (
            <Button variant="primary" icon={<Icon name="plus" />} onClick={() => setCreating(true)}>
              {t('sportsbook.newEvent')}
            </Button>
          ) : null
        }
        filters={
          <>
            <FilterSelect
              name="competitionId"
              label={t('sportsbook.competition')}
              options={[
                { value: '', label: t('sportsbook.allCompetitions') },
                ...(competitions.data ?? []).map((competition) => ({
                  value: String(competition.id),
                  label: competition.name,
                })),
              ]}
            />
            <FilterSelect
              name="status"
              label={t('sportsbook.status')}
              options={[
                { value: '', label: t('sportsbook.anyStatus') },
                ...STAGES.map((stage) => ({ value: stage, label: t(`sportsbook.stages.${stage}`) })),
              ]}
            />
          </>
        }
      />
      {creating ? <CreateEventDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}

/** The form takes the kick-off as the browser's local time; the rest as the contract has it. */
const eventForm = consoleSportsbookEventInput.extend({ startsAt: z.string().min(1) });
type EventForm = z.input<typeof eventForm>;
type EventFormOut = z.output<typeof eventForm>;

function CreateEventDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const competitions = useCompetitions();
  const save = useMutation({
    mutationFn: (body: EventFormOut) =>
      call(api.createEvent, { body: { ...body, startsAt: fromLocalInput(body.startsAt) ?? body.startsAt } }),
    onSuccess: (event) => {
      toast.show(t('sportsbook.created', { event: eventName(event) }), 'success');
      void queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
      navigate(`/sportsbook/events/${event.id}`);
    },
  });
  const form = useForm<EventForm, unknown, EventFormOut>({
    resolver: zodResolver(eventForm),
    defaultValues: { competitionId: competitions.data?.[0]?.id ?? 0, home: '', away: '', startsAt: '' },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const message = (name: keyof EventForm) => (errors[name] ? t('sportsbook.invalid') : server[name]);
  return (
    <FormDialog
      title={t('sportsbook.newEvent')}
      saveLabel={t('sportsbook.create')}
      saving={save.isPending}
      error={save.error}
      shownFields={Object.keys(eventForm.shape)}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        <Select
          label={t('sportsbook.competition')}
          options={(competitions.data ?? []).map((competition) => ({
            value: String(competition.id),
            label: competition.name,
          }))}
          error={message('competitionId')}
          {...form.register('competitionId', { valueAsNumber: true })}
        />
        <TextField
          label={t('sportsbook.startsAt')}
          type="datetime-local"
          error={message('startsAt')}
          {...form.register('startsAt')}
        />
        <TextField
          label={t('sportsbook.home')}
          maxLength={80}
          error={message('home')}
          {...form.register('home')}
        />
        <TextField
          label={t('sportsbook.away')}
          maxLength={80}
          error={message('away')}
          {...form.register('away')}
        />
        <TextField
          label={t('sportsbook.homeRating')}
          hint={t('sportsbook.ratingHint')}
          inputMode="decimal"
          error={message('homeRating')}
          {...form.register('homeRating', { setValueAs: (value) => (value === '' ? undefined : value) })}
        />
        <TextField
          label={t('sportsbook.awayRating')}
          inputMode="decimal"
          error={message('awayRating')}
          {...form.register('awayRating', { setValueAs: (value) => (value === '' ? undefined : value) })}
        />
      </div>
    </FormDialog>
  );
}
