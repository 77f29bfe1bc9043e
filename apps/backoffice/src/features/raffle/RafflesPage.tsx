import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  raffleConsoleEndpoints as api,
  type ConsoleRaffle,
  grantTicketsBody,
  RAFFLE_ENTRY_KINDS,
  RAFFLE_PRIZE_KINDS,
  raffleInput,
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
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { RowsEditor } from '../../ui/RowsEditor.tsx';
import { Select } from '../../ui/Select.tsx';
import { Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useBillMoney } from '../agents/bills.tsx';
import './raffle.css';

const LIST_KEY = [api.list.path];
const LANGUAGES = ['EN', 'VI', 'CN'] as const;

/** The form's raffle: a prize's stock left empty means unlimited (null), which the contract's schema then checks. */
const raffleForm = z.preprocess((value) => {
  const raffle = value as { prizes?: { stock?: unknown }[] };
  return {
    ...raffle,
    prizes: raffle.prizes?.map((prize) => ({ ...prize, stock: prize.stock === '' ? null : prize.stock })),
  };
}, raffleInput);
type RaffleForm = z.input<typeof raffleInput>;
type RaffleBody = z.output<typeof raffleInput>;

const emptyPrize = (): RaffleForm['prizes'][number] => ({
  names: { EN: '', VI: '', CN: '' },
  kind: 'points',
  value: 10,
  turnoverMultiple: 0,
  weight: 1,
  stock: '' as unknown as null,
});

function formOf(raffle: ConsoleRaffle | null): RaffleForm {
  if (!raffle) {
    return {
      names: { EN: '', VI: '', CN: '' },
      enabled: false,
      entryKind: 'tickets',
      entryCost: 1,
      dailyLimit: 5,
      prizes: [emptyPrize(), emptyPrize()],
    };
  }
  return {
    names: raffle.names,
    enabled: raffle.enabled,
    entryKind: raffle.entryKind,
    entryCost: raffle.entryCost,
    dailyLimit: raffle.dailyLimit,
    prizes: raffle.prizes.map((prize) => ({
      id: prize.id,
      names: prize.names,
      kind: prize.kind,
      value: prize.value,
      turnoverMultiple: prize.turnoverMultiple,
      weight: prize.weight,
      stock: (prize.stock ?? '') as unknown as null,
    })),
  };
}

/**
 * Raffles, the prize wheel (operations edit, support reads): each raffle's entry (tickets or points), its daily
 * limit per member and its prizes with their weights, total stock, how many were won and how many are left (the
 * total less those won: a save sets the total, so draws made meanwhile stay counted). Operations also give a member
 * tickets; physical prizes won are handed over on the Prize hand-overs page. Every save is audited on the server.
 */
export function RafflesPage() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.create);
  const raffles = useQuery({ queryKey: LIST_KEY, queryFn: ({ signal }) => call(api.list, { signal }) });
  const [editing, setEditing] = useState<{ raffle: ConsoleRaffle | null } | null>(null);
  const [granting, setGranting] = useState(false);
  return (
    <>
      <PageHeader
        title={t('nav.raffles')}
        description={t('raffles.description')}
        actions={
          editable ? (
            <>
              <Button icon={<Icon name="ticket" />} onClick={() => setGranting(true)}>
                {t('raffles.giveTickets')}
              </Button>
              <Button
                variant="primary"
                icon={<Icon name="plus" />}
                onClick={() => setEditing({ raffle: null })}
              >
                {t('raffles.new')}
              </Button>
            </>
          ) : null
        }
      />
      <QueryView query={raffles}>
        {(list) => (
          <div className="stack-lg">
            {list.length === 0 ? <Card>{t('raffles.empty')}</Card> : null}
            {list.map((raffle) => (
              <RaffleCard
                key={raffle.id}
                raffle={raffle}
                editable={editable}
                onEdit={() => setEditing({ raffle })}
              />
            ))}
          </div>
        )}
      </QueryView>
      <Draws />
      {editing ? <RaffleDialog raffle={editing.raffle} onClose={() => setEditing(null)} /> : null}
      {granting ? <TicketsDialog onClose={() => setGranting(false)} /> : null}
    </>
  );
}

function RaffleCard({
  raffle,
  editable,
  onEdit,
}: {
  raffle: ConsoleRaffle;
  editable: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useBillMoney(raffle.digits);
  const totalWeight = raffle.prizes.reduce((sum, prize) => sum + (prize.available ? prize.weight : 0), 0);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <Card
      title={`${raffle.names.EN} · ${raffle.enabled ? t('raffles.open') : t('raffles.closed')}`}
      description={t('raffles.summary', {
        cost: raffle.entryCost,
        kind: t(`raffles.entryKinds.${raffle.entryKind}`),
        limit: raffle.dailyLimit,
        draws: raffle.draws,
      })}
    >
      <Table
        caption={t('raffles.prizesOf', { name: raffle.names.EN })}
        rows={raffle.prizes}
        rowKey={(prize) => prize.id}
        columns={[
          { key: 'name', header: t('raffles.prize'), render: (prize) => prize.names.EN },
          { key: 'kind', header: t('raffles.kind'), render: (prize) => t(`raffles.kinds.${prize.kind}`) },
          {
            key: 'value',
            header: t('raffles.value'),
            className: 'num',
            render: (prize) =>
              prize.kind === 'cash'
                ? `${money(prize.value)} ${raffle.currency} · ×${prize.turnoverMultiple}`
                : prize.kind === 'points' || prize.kind === 'tickets'
                  ? String(prize.value)
                  : '',
          },
          {
            key: 'weight',
            header: t('raffles.weight'),
            className: 'num',
            render: (prize) =>
              `${prize.weight} (${percent.format(totalWeight && prize.available ? prize.weight / totalWeight : 0)})`,
          },
          {
            key: 'stock',
            header: t('raffles.stock'),
            className: 'num',
            render: (prize) => (prize.stock === null ? t('raffles.unlimited') : count.format(prize.stock)),
          },
          {
            key: 'won',
            header: t('raffles.won'),
            className: 'num',
            render: (prize) => count.format(prize.won),
          },
          {
            key: 'left',
            header: t('raffles.left'),
            className: 'num',
            render: (prize) => (prize.left === null ? t('raffles.unlimited') : count.format(prize.left)),
          },
        ]}
      />
      {editable ? (
        <div>
          <RowButton
            icon="edit"
            aria-label={t('common.editNamed', { name: raffle.names.EN })}
            onClick={onEdit}
          >
            {t('common.edit')}
          </RowButton>
        </div>
      ) : null}
    </Card>
  );
}

const DRAWS_PAGE = 20;

/** The latest draws of every raffle: who drew, the prize, the entry paid and the roll that decided it. */
function Draws() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const draws = useQuery({
    queryKey: [api.draws.path, pageNo],
    queryFn: ({ signal }) => call(api.draws, { query: { pageNo, pageSize: DRAWS_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
  const money = useBillMoney(draws.data?.digits);
  return (
    <div className="stack-lg raffle-draws">
      <QueryView query={draws}>
        {(data) => (
          <Card title={t('raffles.draws')}>
            <Table
              caption={t('raffles.draws')}
              rows={data.list}
              rowKey={(row) => row.id}
              columns={[
                {
                  key: 'at',
                  header: t('raffles.drawnAt'),
                  render: (row) => formatDateTime(row.createdAt, i18n.language),
                },
                {
                  key: 'member',
                  header: t('raffles.member'),
                  render: (row) => `${row.username} (${row.memberId})`,
                },
                {
                  key: 'prize',
                  header: t('raffles.prize'),
                  render: (row) => (
                    <>
                      <span className="cell-strong">{row.prizeName}</span>
                      <span className="cell-below">
                        {row.kind === 'cash'
                          ? `${money(row.value)} ${data.currency}`
                          : t(`raffles.kinds.${row.kind}`)}
                      </span>
                    </>
                  ),
                },
                {
                  key: 'entry',
                  header: t('raffles.entry'),
                  render: (row) => `${row.entryCost} ${t(`raffles.entryKinds.${row.entryKind}`)}`,
                },
                {
                  key: 'roll',
                  header: t('raffles.roll'),
                  className: 'num',
                  render: (row) => t('raffles.rollOf', { roll: row.roll, total: row.totalWeight }),
                },
              ]}
            />
            <Pagination pageNo={pageNo} pageSize={DRAWS_PAGE} total={data.total} onChange={setPageNo} />
          </Card>
        )}
      </QueryView>
    </div>
  );
}

function RaffleDialog({ raffle, onClose }: { raffle: ConsoleRaffle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<RaffleForm, unknown, RaffleBody>({
    resolver: zodResolver(raffleForm as unknown as typeof raffleInput),
    defaultValues: formOf(raffle),
  });
  const save = useMutation({
    mutationFn: (body: RaffleBody) =>
      raffle ? call(api.update, { params: { id: raffle.id }, body }) : call(api.create, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      toast.show(t('raffles.saved'));
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  const invalid = t('raffles.invalid');
  return (
    <FormDialog
      title={raffle ? t('raffles.edit') : t('raffles.new')}
      size="xl"
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={[]}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="form-grid">
        {LANGUAGES.map((language) => (
          <TextField
            key={language}
            label={t('raffles.name', { language })}
            error={errors.names?.[language] ? invalid : server[`names.${language}`]}
            {...form.register(`names.${language}`)}
          />
        ))}
        <Select
          label={t('raffles.entryKind')}
          options={RAFFLE_ENTRY_KINDS.map((kind) => ({
            value: kind,
            label: t(`raffles.entryKinds.${kind}`),
          }))}
          {...form.register('entryKind')}
        />
        <TextField
          label={t('raffles.entryCost')}
          inputMode="numeric"
          error={errors.entryCost ? invalid : server.entryCost}
          {...form.register('entryCost')}
        />
        <TextField
          label={t('raffles.dailyLimit')}
          inputMode="numeric"
          error={errors.dailyLimit ? invalid : server.dailyLimit}
          {...form.register('dailyLimit')}
        />
        <Checkbox
          label={t('raffles.enabled')}
          checked={form.watch('enabled')}
          onChange={(checked) => form.setValue('enabled', checked)}
        />
      </div>
      <RowsEditor
        control={form.control}
        name="prizes"
        legend={t('raffles.prizes')}
        className="stack raffle-prize-fields"
        problem={
          errors.prizes?.message || errors.prizes?.root || server.prizes ? t('raffles.needsWeight') : null
        }
        rowClassName="raffle-prize-row"
        min={2}
        max={12}
        empty={emptyPrize}
        addLabel={t('raffles.addPrize')}
        removeLabel={(index) => t('raffles.removePrize', { index: index + 1 })}
      >
        {(index) => {
          const prize = errors.prizes?.[index];
          const at = `prizes.${index}`;
          return (
            <>
              {LANGUAGES.map((language) => (
                <TextField
                  key={language}
                  label={t('raffles.prizeName', { index: index + 1, language })}
                  error={prize?.names?.[language] ? invalid : undefined}
                  {...form.register(`prizes.${index}.names.${language}`)}
                />
              ))}
              <Select
                label={t('raffles.prizeKind', { index: index + 1 })}
                options={RAFFLE_PRIZE_KINDS.map((kind) => ({
                  value: kind,
                  label: t(`raffles.kinds.${kind}`),
                }))}
                {...form.register(`prizes.${index}.kind`)}
              />
              <TextField
                label={t('raffles.prizeValue', { index: index + 1 })}
                inputMode="decimal"
                error={prize?.value ? invalid : server[`${at}.value`]}
                {...form.register(`prizes.${index}.value`)}
              />
              <TextField
                label={t('raffles.prizeMultiple', { index: index + 1 })}
                inputMode="decimal"
                error={prize?.turnoverMultiple ? invalid : undefined}
                {...form.register(`prizes.${index}.turnoverMultiple`)}
              />
              <TextField
                label={t('raffles.prizeWeight', { index: index + 1 })}
                inputMode="numeric"
                error={prize?.weight ? invalid : undefined}
                {...form.register(`prizes.${index}.weight`)}
              />
              <TextField
                label={t('raffles.prizeStock', { index: index + 1 })}
                inputMode="numeric"
                hint={t('raffles.stockHint')}
                error={prize?.stock ? invalid : server[`${at}.stock`]}
                {...form.register(`prizes.${index}.stock`)}
              />
            </>
          );
        }}
      </RowsEditor>
    </FormDialog>
  );
}

const ticketsBody = grantTicketsBody;
type TicketsBody = z.output<typeof ticketsBody>;

function TicketsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<z.input<typeof ticketsBody>, unknown, TicketsBody>({
    resolver: zodResolver(ticketsBody),
    defaultValues: { memberId: '' as unknown as number, count: 1, reason: '' },
  });
  const save = useMutation({
    mutationFn: (body: TicketsBody) => call(api.grantTickets, { body }),
    onSuccess: (value) => {
      toast.show(t('raffles.ticketsGiven', { memberId: value.memberId, tickets: value.tickets }));
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <FormDialog
      title={t('raffles.giveTickets')}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['memberId', 'count', 'reason']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="stack">
        <TextField
          label={t('raffles.memberId')}
          inputMode="numeric"
          error={errors.memberId ? t('raffles.invalid') : server.memberId}
          {...form.register('memberId')}
        />
        <TextField
          label={t('raffles.count')}
          inputMode="numeric"
          hint={t('raffles.countHint')}
          error={errors.count ? t('raffles.invalid') : server.count}
          {...form.register('count')}
        />
        <TextField
          label={t('raffles.reason')}
          error={errors.reason ? t('raffles.invalid') : server.reason}
          {...form.register('reason')}
        />
      </div>
    </FormDialog>
  );
}
