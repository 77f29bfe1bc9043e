import { zodResolver } from '@hookform/resolvers/zod';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sportsbookConsoleEndpoints as api,
  consoleSportsbookCompetitionInput,
  consoleSportsbookSportInput,
  SPORTSBOOK_FEEDS,
  SPORTSBOOK_KINDS,
  sportsbookSettings,
} from '@tessera/contract';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { enabledColumn } from '../../app/columns.tsx';
import { FormDialog } from '../../app/dialogs.tsx';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useCompetitions, useSports } from './sportsbook.ts';
import './sportsbook.css';

type SettingsForm = z.input<typeof sportsbookSettings>;
type Settings = z.output<typeof sportsbookSettings>;

/** The book's limits (stakes, payout, liability per market), its live delay and default margin, and its feed. */
export function SportsbookSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: [api.settings.path],
    queryFn: ({ signal }) => call(api.settings, { signal }),
  });
  return (
    <>
      <PageHeader title={t('nav.sportsbookSettings')} description={t('sportsbookSettings.description')} />
      <div className="stack-lg">
        <QueryView query={settings}>{(data) => <SettingsCard settings={data} />}</QueryView>
        <SportsCard />
        <CompetitionsCard />
      </div>
    </>
  );
}

function SettingsCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const role = useSession().operator?.role;
  const form = useForm<SettingsForm, unknown, Settings>({
    resolver: zodResolver(sportsbookSettings),
    defaultValues: settings,
  });
  const save = useMutation({
    mutationFn: (body: Settings) => call(api.saveSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([api.settings.path], saved);
      form.reset(saved);
      toast.show(t('sportsbookSettings.saved'), 'success');
    },
  });
  const sync = useMutation({
    mutationFn: () => call(api.syncFeed),
    onSuccess: (outcome) => {
      toast.show(
        t('sportsbookSettings.synced', { created: outcome.created, results: outcome.results }),
        'success',
      );
      void queryClient.invalidateQueries({ queryKey: [api.events.path] });
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const message = (name: keyof SettingsForm) =>
    errors[name] ? t('sportsbookSettings.invalid') : server[name];
  const field = (
    name: Exclude<keyof SettingsForm, 'feed'>,
    inputMode: 'decimal' | 'numeric' | 'text' = 'decimal',
  ) => (
    <TextField
      label={t(`sportsbookSettings.fields.${name}`)}
      hint={t(`sportsbookSettings.hints.${name}`)}
      inputMode={inputMode === 'text' ? undefined : inputMode}
      error={message(name)}
      {...form.register(name)}
    />
  );
  return (
    <Card
      title={t('sportsbookSettings.limits')}
      actions={
        mayCall(role, api.syncFeed) ? (
          <Button icon={<Icon name="refresh" />} loading={sync.isPending} onClick={() => sync.mutate()}>
            {t('sportsbookSettings.sync')}
          </Button>
        ) : null
      }
    >
      <form
        className="stack"
        noValidate
        onSubmit={form.handleSubmit((body) => save.mutate(body))}
        aria-label={t('sportsbookSettings.limits')}
      >
        <FormError error={save.error ?? sync.error} shownFields={Object.keys(sportsbookSettings.shape)} />
        <div className="form-grid">
          {field('minStake')}
          {field('maxStakePerSelection')}
          {field('maxPayoutPerTicket')}
          {field('liabilityPerMarket')}
          {field('liveDelaySeconds', 'numeric')}
          {field('defaultMargin')}
          <Select
            label={t('sportsbookSettings.fields.feed')}
            hint={t('sportsbookSettings.hints.feed')}
            options={SPORTSBOOK_FEEDS.map((feed) => ({ value: feed, label: t(`sportsbook.feeds.${feed}`) }))}
            error={message('feed')}
            {...form.register('feed')}
          />
          {field('openfootballSource', 'text')}
        </div>
        <div className="row">
          <Button
            type="submit"
            variant="primary"
            loading={save.isPending}
            disabled={!mayCall(role, api.saveSettings)}
          >
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

type Sport = NonNullable<ReturnType<typeof useSports>['data']>[number];
type SportForm = z.input<typeof consoleSportsbookSportInput>;
type SportInput = z.output<typeof consoleSportsbookSportInput>;

/** The sports competitions belong to: a sport's kind chooses its events' market templates; its name per language. */
function SportsCard() {
  const { t } = useTranslation();
  const sports = useSports();
  const [adding, setAdding] = useState(false);
  const role = useSession().operator?.role;
  const columns: Column<Sport>[] = [
    {
      key: 'name',
      header: t('sportsbookSettings.nameEn'),
      render: (row) => <span className="cell-strong">{row.name}</span>,
    },
    { key: 'vi', header: t('sportsbookSettings.nameVi'), render: (row) => row.names.VI || '—' },
    { key: 'cn', header: t('sportsbookSettings.nameCn'), render: (row) => row.names.CN || '—' },
    {
      key: 'kind',
      header: t('sportsbookSettings.kind'),
      render: (row) => t(`sportsbookSettings.kinds.${row.kind}`),
    },
    enabledColumn(t),
  ];
  return (
    <ListCard
      title={t('sportsbookSettings.sports')}
      addLabel={mayCall(role, api.createSport) ? t('sportsbookSettings.addSport') : null}
      onAdd={() => setAdding(true)}
      query={sports}
      columns={columns}
      empty={t('sportsbookSettings.noSports')}
    >
      {adding ? <SportDialog onClose={() => setAdding(false)} /> : null}
    </ListCard>
  );
}

/** A card listing the book's sports or competitions, with the button that adds one (its dialog as the children). */
function ListCard<T extends { id: number }>({
  title,
  addLabel,
  onAdd,
  query,
  columns,
  empty,
  children,
}: {
  title: string;
  /** null: the operator may not add one. */
  addLabel: string | null;
  onAdd: () => void;
  query: UseQueryResult<T[]>;
  columns: Column<T>[];
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card
      title={title}
      actions={
        addLabel ? (
          <Button icon={<Icon name="plus" />} onClick={onAdd}>
            {addLabel}
          </Button>
        ) : null
      }
    >
      <QueryView query={query}>
        {(rows) => (
          <Table
            caption={title}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            empty={<EmptyState icon="games" title={empty} />}
          />
        )}
      </QueryView>
      {children}
    </Card>
  );
}

function SportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<SportForm, unknown, SportInput>({
    resolver: zodResolver(consoleSportsbookSportInput),
    defaultValues: { kind: 'football', name: '', names: { VI: '', CN: '' }, enabled: true },
  });
  const save = useMutation({
    mutationFn: (body: SportInput) => call(api.createSport, { body }),
    onSuccess: (saved) => {
      toast.show(t('sportsbookSettings.sportAdded', { name: saved.name }), 'success');
      void queryClient.invalidateQueries({ queryKey: [api.sports.path] });
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const invalid = (failed: unknown, field: string) =>
    failed ? t('sportsbookSettings.invalid') : server[field];
  return (
    <FormDialog
      title={t('sportsbookSettings.addSport')}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['kind', 'name', 'names']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        <Select
          label={t('sportsbookSettings.kind')}
          hint={t('sportsbookSettings.kindHint')}
          options={SPORTSBOOK_KINDS.map((kind) => ({
            value: kind,
            label: t(`sportsbookSettings.kinds.${kind}`),
          }))}
          error={invalid(errors.kind, 'kind')}
          {...form.register('kind')}
        />
        <TextField
          label={t('sportsbookSettings.nameEn')}
          maxLength={60}
          error={invalid(errors.name, 'name')}
          {...form.register('name')}
        />
        <TextField
          label={t('sportsbookSettings.nameVi')}
          hint={t('sportsbookSettings.namesHint')}
          maxLength={60}
          error={invalid(errors.names?.VI, 'names')}
          {...form.register('names.VI')}
        />
        <TextField
          label={t('sportsbookSettings.nameCn')}
          hint={t('sportsbookSettings.namesHint')}
          maxLength={60}
          error={invalid(errors.names?.CN, 'names')}
          {...form.register('names.CN')}
        />
      </div>
    </FormDialog>
  );
}

type Competition = NonNullable<ReturnType<typeof useCompetitions>['data']>[number];
type CompetitionForm = z.input<typeof consoleSportsbookCompetitionInput>;
type CompetitionInput = z.output<typeof consoleSportsbookCompetitionInput>;

/** The competitions events are listed under, by sport; a new one is added here. */
function CompetitionsCard() {
  const { t } = useTranslation();
  const competitions = useCompetitions();
  const sports = useSports();
  const [adding, setAdding] = useState(false);
  const role = useSession().operator?.role;
  const sportName = (id: number) => sports.data?.find((sport) => sport.id === id)?.name ?? '—';
  const columns: Column<Competition>[] = [
    {
      key: 'name',
      header: t('sportsbook.competition'),
      render: (row) => <span className="cell-strong">{row.name}</span>,
    },
    { key: 'sport', header: t('sportsbookSettings.sport'), render: (row) => sportName(row.sportId) },
    enabledColumn(t),
  ];
  return (
    <ListCard
      title={t('sportsbookSettings.competitions')}
      addLabel={mayCall(role, api.createCompetition) ? t('sportsbookSettings.addCompetition') : null}
      onAdd={() => setAdding(true)}
      query={competitions}
      columns={columns}
      empty={t('sportsbookSettings.noCompetitions')}
    >
      {adding ? <CompetitionDialog sports={sports.data ?? []} onClose={() => setAdding(false)} /> : null}
    </ListCard>
  );
}

function CompetitionDialog({
  sports,
  onClose,
}: {
  sports: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<CompetitionForm, unknown, CompetitionInput>({
    resolver: zodResolver(consoleSportsbookCompetitionInput),
    defaultValues: { sportId: sports[0]?.id ?? 0, name: '', enabled: true },
  });
  const save = useMutation({
    mutationFn: (body: CompetitionInput) => call(api.createCompetition, { body }),
    onSuccess: (saved) => {
      toast.show(t('sportsbookSettings.competitionAdded', { name: saved.name }), 'success');
      void queryClient.invalidateQueries({ queryKey: [api.competitions.path] });
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  return (
    <FormDialog
      title={t('sportsbookSettings.addCompetition')}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['sportId', 'name']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        <Select
          label={t('sportsbookSettings.sport')}
          options={sports.map((sport) => ({ value: String(sport.id), label: sport.name }))}
          error={server.sportId}
          {...form.register('sportId', { valueAsNumber: true })}
        />
        <TextField
          label={t('sportsbook.competition')}
          maxLength={100}
          error={form.formState.errors.name ? t('sportsbookSettings.invalid') : server.name}
          {...form.register('name')}
        />
      </div>
    </FormDialog>
  );
}
