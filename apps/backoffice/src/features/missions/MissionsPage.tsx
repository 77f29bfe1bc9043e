import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  missionConsoleEndpoints as api,
  type ConsoleMission,
  GAME_TYPES,
  MISSION_KINDS,
  MISSION_MEASURES,
  type MissionBody,
  type MissionMeasure,
  MONEY_MEASURES,
  missionBody,
  PLAY_MEASURES,
} from '@tessera/contract';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
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
import './missions.css';

const PAGE_SIZE = 20;
const LIST_KEY = [api.list.path];

/** The form's values: the body with the window as local date-times and the leaderboard behind a switch. */
interface FormValues
  extends Omit<z.input<typeof missionBody>, 'startsAt' | 'endsAt' | 'leaderboard' | 'product'> {
  product: string;
  startsAt: string;
  endsAt: string;
  ranked: boolean;
  leaderboard: {
    size: string | number;
    prizeTurnoverMultiple: string | number;
    prizes: { cash: string | number; points: string | number }[];
  };
}

function toBody(values: FormValues): z.input<typeof missionBody> {
  return {
    ...values,
    product: values.product === '' ? null : (values.product as MissionBody['product']),
    startsAt: values.startsAt ? fromLocalInput(values.startsAt) : null,
    endsAt: values.endsAt ? fromLocalInput(values.endsAt) : null,
    leaderboard: values.kind === 'event' && values.ranked ? values.leaderboard : null,
  };
}

/** The contract's schema checks what the form will send (the window in ISO, the leaderboard when switched on). */
const resolver: Resolver<FormValues, unknown, z.output<typeof missionBody>> = (values, context, options) =>
  (
    zodResolver(missionBody) as unknown as Resolver<
      z.input<typeof missionBody>,
      unknown,
      z.output<typeof missionBody>
    >
  )(toBody(values), context, options as never) as never;

function formValues(mission: ConsoleMission | null): FormValues {
  return {
    kind: mission?.kind ?? 'daily',
    measure: mission?.measure ?? 'bet_amount',
    product: mission?.product ?? '',
    titles: mission?.titles ?? { EN: '', VI: '', CN: '' },
    startsAt: toLocalInput(mission?.startsAt),
    endsAt: toLocalInput(mission?.endsAt),
    enabled: mission?.enabled ?? true,
    milestones: mission?.milestones ?? [{ target: '', cash: '', points: 0, tickets: 0, turnoverMultiple: 1 }],
    ranked: Boolean(mission?.leaderboard),
    leaderboard: mission?.leaderboard ?? {
      size: 10,
      prizeTurnoverMultiple: 1,
      prizes: [{ cash: '', points: 0 }],
    },
  };
}

/**
 * Missions (operations edit, support reads): daily, weekly and event missions on one measure, their milestones and
 * rewards; an event's leaderboard with its prizes by rank, and its results (the live ranking, then what the settling
 * job paid). Every save is audited on the server.
 */
export function MissionsPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.create);
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: [...LIST_KEY, pageNo],
    queryFn: ({ signal }) => call(api.list, { query: { pageNo, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<{ mission: ConsoleMission | null } | null>(null);
  const [results, setResults] = useState<ConsoleMission | null>(null);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <>
      <PageHeader
        title={t('nav.missions')}
        description={t('missions.description')}
        actions={
          editable ? (
            <Button
              variant="primary"
              icon={<Icon name="plus" />}
              onClick={() => setEditing({ mission: null })}
            >
              {t('missions.new')}
            </Button>
          ) : null
        }
      />
      <QueryView query={list}>
        {(data) => (
          <Card title={t('missions.listTitle')}>
            <Table
              caption={t('missions.listTitle')}
              rows={data.list}
              rowKey={(row) => String(row.id)}
              columns={[
                {
                  key: 'title',
                  header: t('missions.title'),
                  render: (row) => (
                    <>
                      <span className="cell-strong">{row.titles.EN}</span>
                      <span className="cell-below">
                        {t(`missions.kinds.${row.kind}`)} · {t(`missions.measures.${row.measure}`)} ·{' '}
                        {row.product ? t(`games.types.${row.product}`) : t('missions.allProducts')}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'window',
                  header: t('missions.window'),
                  render: (row) =>
                    row.startsAt || row.endsAt
                      ? `${when(row.startsAt)} – ${when(row.endsAt)}`
                      : t('missions.always'),
                },
                {
                  key: 'milestones',
                  header: t('missions.milestones'),
                  className: 'num',
                  render: (row) => row.milestones.length,
                },
                {
                  key: 'claims',
                  header: t('missions.claims'),
                  className: 'num',
                  render: (row) => row.claims,
                },
                {
                  key: 'status',
                  header: t('common.status'),
                  render: (row) =>
                    row.enabled ? t(`missions.statuses.${row.status}`) : t('missions.statuses.disabled'),
                },
                actionsColumn<ConsoleMission>(t('common.actions'), (row) => (
                  <>
                    {editable && row.status !== 'S' ? (
                      <RowButton
                        icon="edit"
                        aria-label={t('missions.editNamed', { name: row.titles.EN })}
                        onClick={() => setEditing({ mission: row })}
                      >
                        {t('common.edit')}
                      </RowButton>
                    ) : null}
                    {row.leaderboard ? (
                      <RowButton
                        icon="activity"
                        aria-label={t('missions.resultsNamed', { name: row.titles.EN })}
                        onClick={() => setResults(row)}
                      >
                        {t('missions.results')}
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
      {editing ? <MissionDialog mission={editing.mission} onClose={() => setEditing(null)} /> : null}
      {results ? <ResultsDialog mission={results} onClose={() => setResults(null)} /> : null}
    </>
  );
}

function MissionDialog({ mission, onClose }: { mission: ConsoleMission | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, z.output<typeof missionBody>>({
    resolver,
    defaultValues: formValues(mission),
  });
  const save = useMutation({
    mutationFn: (body: MissionBody) =>
      mission ? call(api.update, { params: { id: mission.id }, body }) : call(api.create, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      toast.show(t('missions.saved'));
      onClose();
    },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const measure = form.watch('measure') as MissionMeasure;
  const ranked = form.watch('ranked');
  const enabled = form.watch('enabled');
  const invalid = (error: unknown) => (error ? t('missions.invalid') : undefined);
  const targetLabel = MONEY_MEASURES.includes(measure) ? 'missions.targetAmount' : 'missions.targetCount';
  return (
    <FormDialog
      title={mission ? t('missions.editTitle') : t('missions.new')}
      size="xl"
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={[]}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        <TextField
          label={t('missions.titleEN')}
          error={invalid(errors.titles?.EN)}
          {...form.register('titles.EN')}
        />
        <TextField
          label={t('missions.titleVI')}
          error={invalid(errors.titles?.VI)}
          {...form.register('titles.VI')}
        />
        <TextField
          label={t('missions.titleCN')}
          error={invalid(errors.titles?.CN)}
          {...form.register('titles.CN')}
        />
        <Select
          label={t('missions.kind')}
          options={MISSION_KINDS.map((value) => ({ value, label: t(`missions.kinds.${value}`) }))}
          {...form.register('kind')}
        />
        <Select
          label={t('missions.measure')}
          options={MISSION_MEASURES.map((value) => ({ value, label: t(`missions.measures.${value}`) }))}
          {...form.register('measure')}
        />
        {PLAY_MEASURES.includes(measure) ? (
          <Select
            label={t('missions.product')}
            options={[
              { value: '', label: t('missions.allProducts') },
              ...GAME_TYPES.map((value) => ({ value, label: t(`games.types.${value}`) })),
            ]}
            {...form.register('product')}
          />
        ) : null}
        <TextField
          type="datetime-local"
          label={kind === 'event' ? t('missions.startsAt') : t('missions.startsAtOptional')}
          error={invalid(errors.startsAt)}
          {...form.register('startsAt')}
        />
        <TextField
          type="datetime-local"
          label={kind === 'event' ? t('missions.endsAt') : t('missions.endsAtOptional')}
          error={invalid(errors.endsAt)}
          {...form.register('endsAt')}
        />
        <Checkbox
          label={t('missions.enabled')}
          checked={enabled !== false}
          onChange={(checked) => form.setValue('enabled', checked)}
        />
      </div>
      <RowsEditor
        control={form.control}
        name="milestones"
        legend={t('missions.milestones')}
        className="stack mission-rows"
        problem={errors.milestones?.root || errors.milestones?.message ? t('missions.milestonesOrder') : null}
        rowClassName="mission-row"
        min={1}
        max={10}
        empty={() => ({ target: '', cash: '', points: 0, tickets: 0, turnoverMultiple: 1 })}
        addLabel={t('missions.addMilestone')}
        removeLabel={(index) => t('missions.removeMilestone', { index: index + 1 })}
      >
        {(index) => (
          <>
            <TextField
              label={t(targetLabel, { index: index + 1 })}
              inputMode="decimal"
              error={invalid(errors.milestones?.[index]?.target)}
              {...form.register(`milestones.${index}.target`)}
            />
            <TextField
              label={t('missions.cash')}
              inputMode="decimal"
              error={invalid(errors.milestones?.[index]?.cash)}
              {...form.register(`milestones.${index}.cash`)}
            />
            <TextField
              label={t('missions.points')}
              inputMode="numeric"
              error={invalid(errors.milestones?.[index]?.points)}
              {...form.register(`milestones.${index}.points`)}
            />
            <TextField
              label={t('missions.tickets')}
              inputMode="numeric"
              error={invalid(errors.milestones?.[index]?.tickets)}
              {...form.register(`milestones.${index}.tickets`)}
            />
            <TextField
              label={t('missions.turnoverMultiple')}
              inputMode="numeric"
              error={invalid(errors.milestones?.[index]?.turnoverMultiple)}
              {...form.register(`milestones.${index}.turnoverMultiple`)}
            />
          </>
        )}
      </RowsEditor>
      {kind === 'event' ? (
        <fieldset className="stack mission-rows">
          <legend className="cell-strong">{t('missions.leaderboard')}</legend>
          <Checkbox
            label={t('missions.ranked')}
            checked={ranked}
            onChange={(checked) => form.setValue('ranked', checked)}
          />
          {ranked ? (
            <>
              <div className="form-grid">
                <TextField
                  label={t('missions.size')}
                  inputMode="numeric"
                  error={invalid(errors.leaderboard?.size)}
                  {...form.register('leaderboard.size')}
                />
                <TextField
                  label={t('missions.prizeTurnoverMultiple')}
                  inputMode="numeric"
                  error={invalid(errors.leaderboard?.prizeTurnoverMultiple)}
                  {...form.register('leaderboard.prizeTurnoverMultiple')}
                />
              </div>
              <RowsEditor
                control={form.control}
                name="leaderboard.prizes"
                rowClassName="mission-row"
                max={100}
                empty={() => ({ cash: '', points: 0 })}
                addLabel={t('missions.addPrize')}
                removeLabel={(index) => t('missions.removePrize', { rank: index + 1 })}
              >
                {(index) => (
                  <>
                    <TextField
                      label={t('missions.prizeCash', { rank: index + 1 })}
                      inputMode="decimal"
                      error={invalid(errors.leaderboard?.prizes?.[index]?.cash)}
                      {...form.register(`leaderboard.prizes.${index}.cash`)}
                    />
                    <TextField
                      label={t('missions.prizePoints', { rank: index + 1 })}
                      inputMode="numeric"
                      error={invalid(errors.leaderboard?.prizes?.[index]?.points)}
                      {...form.register(`leaderboard.prizes.${index}.points`)}
                    />
                  </>
                )}
              </RowsEditor>
            </>
          ) : null}
        </fieldset>
      ) : null}
    </FormDialog>
  );
}

function ResultsDialog({ mission, onClose }: { mission: ConsoleMission; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const results = useQuery({
    queryKey: [api.results.path, mission.id],
    queryFn: ({ signal }) => call(api.results, { params: { id: mission.id }, signal }),
  });
  const money = useBillMoney(results.data?.digits);
  const currency = results.data?.currency ?? '';
  const count = new Intl.NumberFormat(i18n.language);
  const value = (amount: number) =>
    MONEY_MEASURES.includes(mission.measure) ? `${money(amount)} ${currency}` : count.format(amount);
  return (
    <Modal open size="lg" title={t('missions.resultsOf', { name: mission.titles.EN })} onClose={onClose}>
      <QueryView query={results}>
        {(data) => (
          <div className="stack">
            <p>
              {data.settledAt
                ? t('missions.settledAt', { date: formatDateTime(data.settledAt, i18n.language) })
                : t('missions.liveRanking')}
            </p>
            <Table
              caption={t('missions.resultsOf', { name: mission.titles.EN })}
              rows={data.list}
              rowKey={(row) => String(row.rank)}
              columns={[
                {
                  key: 'rank',
                  header: t('missions.rank'),
                  className: 'num',
                  render: (row) => `#${row.rank}`,
                },
                { key: 'username', header: t('missions.player'), render: (row) => row.username },
                {
                  key: 'value',
                  header: t(`missions.measures.${mission.measure}`),
                  className: 'num',
                  render: (row) => value(row.value),
                },
                {
                  key: 'reachedAt',
                  header: t('missions.reachedAt'),
                  render: (row) => formatDateTime(row.reachedAt, i18n.language),
                },
                {
                  key: 'prize',
                  header: t('missions.prize'),
                  className: 'num',
                  render: (row) => (
                    <>
                      <span className="cell-strong">
                        {[
                          row.prizeCash > 0 ? `${money(row.prizeCash)} ${currency}` : null,
                          row.prizePoints > 0
                            ? t('missions.pointsValue', { value: count.format(row.prizePoints) })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' + ') || '—'}
                      </span>
                      <span className="cell-below">
                        {row.paid ? t('missions.paid') : t('missions.notPaid')}
                      </span>
                    </>
                  ),
                },
              ]}
            />
          </div>
        )}
      </QueryView>
    </Modal>
  );
}
