import {
  type ConsolePromotion,
  GAME_TYPES,
  ONE_PER_CONTROLS,
  type OnePerControl,
  PROMOTION_CATEGORIES,
  PROMOTION_KINDS,
  type PromotionCategory,
  type PromotionKind,
  promotionConsoleEndpoints,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../app/CrudPage.tsx';
import type { Editor } from '../../app/crud.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Badge } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import '../content/content.css';
import { PromotionVersions, versionDrafts, versionFields, versionsBody } from './PromotionVersions.tsx';
import './promotions.css';

const endpoints = { ...promotionConsoleEndpoints, list: promotionConsoleEndpoints.list };

const title = (row: ConsolePromotion) =>
  row.versions.find((version) => version.language === 'EN')?.title ?? row.versions[0]?.title ?? '';

/**
 * The console's promotions: every one with its kind, period, budget spent and waiting applications; operations
 * create and edit them (title, content and image per language, period, audience, scope, budget, wagering, the
 * kind's terms and the abuse controls), each save audited.
 */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const columns: Column<ConsolePromotion>[] = [
    {
      key: 'title',
      header: t('promotions.titleColumn'),
      render: (row) => (
        <>
          <span className="cell-strong">{title(row)}</span>
          <span className="cell-below">{t(`promotions.categories.${row.category}`)}</span>
        </>
      ),
    },
    {
      key: 'kind',
      header: t('promotions.kind'),
      render: (row) => <Badge tone="accent">{t(`promotions.kinds.${row.kind}`)}</Badge>,
    },
    {
      key: 'period',
      header: t('promotions.period'),
      render: (row) => (
        <span className="nowrap muted">
          {formatDateTime(row.startsAt, i18n.language)} – {formatDateTime(row.endsAt, i18n.language)}
        </span>
      ),
    },
    {
      key: 'budget',
      header: t('promotions.budgetColumn'),
      className: 'num',
      render: (row) =>
        t('promotions.spentOf', { spent: number.format(row.spent), budget: number.format(row.budget) }),
    },
    { key: 'pending', header: t('promotions.pending'), className: 'num', render: (row) => row.pending },
    {
      key: 'enabled',
      header: t('common.status'),
      render: (row) => (row.enabled ? t('common.enabled') : t('promotions.disabled')),
    },
  ];
  return (
    <CrudPage
      endpoints={endpoints}
      queryKey="promotions"
      title={t('nav.promotions')}
      description={t('promotions.description')}
      newLabel={t('promotions.new')}
      columns={columns}
      empty={<EmptyState icon="gift" title={t('promotions.empty')} />}
      name={title}
      savedMessage={(saved) => t('promotions.saved', { title: title(saved) })}
      editor={(editor) => <PromotionDialog {...editor} />}
    />
  );
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function PromotionDialog({ row, saving, error, onClose, onSave }: Editor<typeof endpoints>) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<PromotionCategory>(row?.category ?? 'EVENT');
  const [kind, setKind] = useState<PromotionKind>(row?.kind ?? 'deposit');
  const [versions, setVersions] = useState(() => versionDrafts(row));
  const [startsAt, setStartsAt] = useState(toLocalInput(row?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(row?.endsAt ?? null));
  const [applyUntil, setApplyUntil] = useState(toLocalInput(row?.applyUntil ?? null));
  const [budget, setBudget] = useState(text(row?.budget));
  const [multiple, setMultiple] = useState(text(row?.turnoverMultiple ?? 1));
  const [percent, setPercent] = useState(text(row?.percent));
  const [cap, setCap] = useState(text(row?.cap));
  const [minDeposit, setMinDeposit] = useState(text(row?.minDeposit));
  const [which, setWhich] = useState<'first' | 'every'>(row?.depositWhich ?? 'first');
  const [joinRequired, setJoinRequired] = useState(row?.joinRequired ?? false);
  const [amount, setAmount] = useState(text(row?.amount));
  const [scope, setScope] = useState<string>(row?.productScope ?? '');
  const [maxStake, setMaxStake] = useState(text(row?.maxStake));
  const [tickets, setTickets] = useState(text(row?.tickets ?? 0));
  const [ranks, setRanks] = useState(row?.audience.ranks.join(', ') ?? '');
  const [newWithinDays, setNewWithinDays] = useState(text(row?.audience.newWithinDays));
  const [onePer, setOnePer] = useState<OnePerControl[]>(row?.onePer ?? []);
  const [enabled, setEnabled] = useState(row?.enabled ?? true);
  const errors = fieldErrors(error);
  const deposit = kind === 'deposit';
  const flat = kind === 'daily' || kind === 'fixed';
  const submit = () =>
    onSave({
      category,
      kind,
      versions: versionsBody(versions),
      startsAt: fromLocalInput(startsAt) ?? '',
      endsAt: fromLocalInput(endsAt),
      applyUntil: fromLocalInput(applyUntil),
      audience: {
        ranks: ranks
          .split(',')
          .map((value) => value.trim())
          .filter((value) => value !== '')
          .map(Number),
        labels: row?.audience.labels ?? [],
        newWithinDays: numberOrNull(newWithinDays),
      },
      productScope: scope === '' ? null : (scope as (typeof GAME_TYPES)[number]),
      budget: Number(budget),
      turnoverMultiple: Number(multiple),
      percent: deposit ? numberOrNull(percent) : null,
      cap: deposit ? numberOrNull(cap) : null,
      minDeposit: deposit ? numberOrNull(minDeposit) : null,
      depositWhich: deposit ? which : null,
      joinRequired: deposit && joinRequired,
      amount: flat ? numberOrNull(amount) : null,
      onePer,
      maxStake: numberOrNull(maxStake),
      tickets: tickets.trim() === '' ? 0 : Number(tickets),
      enabled,
    });
  return (
    <FormDialog
      size="xl"
      title={row ? t('promotions.editTitle') : t('promotions.new')}
      saveLabel={t('common.save')}
      saving={saving}
      error={error}
      shownFields={[
        'category',
        'kind',
        'versions',
        ...versionFields,
        'startsAt',
        'endsAt',
        'applyUntil',
        'budget',
        'turnoverMultiple',
        'percent',
        'cap',
        'minDeposit',
        'amount',
        'productScope',
        'maxStake',
        'tickets',
        'audience',
      ]}
      onClose={onClose}
      onSubmit={submit}
    >
      <PromotionVersions drafts={versions} saved={row} onChange={setVersions} errors={errors} />
      <div className="form-grid">
        <Select
          label={t('promotions.category')}
          value={category}
          options={PROMOTION_CATEGORIES.map((code) => ({
            value: code,
            label: t(`promotions.categories.${code}`),
          }))}
          onChange={(event) => setCategory(event.target.value as PromotionCategory)}
          error={errors.category}
        />
        <Select
          label={t('promotions.kind')}
          value={kind}
          options={PROMOTION_KINDS.map((code) => ({ value: code, label: t(`promotions.kinds.${code}`) }))}
          onChange={(event) => setKind(event.target.value as PromotionKind)}
          error={errors.kind}
        />
        <TextField
          label={t('promotions.startsAt')}
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={errors.startsAt}
        />
        <TextField
          label={t('promotions.endsAt')}
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={errors.endsAt}
        />
        <TextField
          label={t('promotions.applyUntil')}
          type="datetime-local"
          value={applyUntil}
          onChange={(event) => setApplyUntil(event.target.value)}
          error={errors.applyUntil}
          hint={t('promotions.applyUntilHint')}
        />
        <TextField
          label={t('promotions.budget')}
          inputMode="decimal"
          value={budget}
          onChange={(event) => setBudget(event.target.value)}
          error={errors.budget}
        />
        <TextField
          label={t('promotions.turnoverMultiple')}
          inputMode="decimal"
          value={multiple}
          onChange={(event) => setMultiple(event.target.value)}
          error={errors.turnoverMultiple}
        />
        <Select
          label={t('promotions.productScope')}
          value={scope}
          options={[
            { value: '', label: t('promotions.everyProduct') },
            ...GAME_TYPES.map((type) => ({ value: type, label: t(`games.types.${type}`) })),
          ]}
          onChange={(event) => setScope(event.target.value)}
          error={errors.productScope}
        />
        {deposit ? (
          <>
            <TextField
              label={t('promotions.percent')}
              inputMode="decimal"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              error={errors.percent}
            />
            <TextField
              label={t('promotions.cap')}
              inputMode="decimal"
              value={cap}
              onChange={(event) => setCap(event.target.value)}
              error={errors.cap}
            />
            <TextField
              label={t('promotions.minDeposit')}
              inputMode="decimal"
              value={minDeposit}
              onChange={(event) => setMinDeposit(event.target.value)}
              error={errors.minDeposit}
            />
            <Select
              label={t('promotions.depositWhich')}
              value={which}
              options={(['first', 'every'] as const).map((code) => ({
                value: code,
                label: t(`promotions.which.${code}`),
              }))}
              onChange={(event) => setWhich(event.target.value as 'first' | 'every')}
            />
          </>
        ) : null}
        {flat ? (
          <TextField
            label={t('promotions.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
          />
        ) : null}
        <TextField
          label={t('promotions.maxStake')}
          inputMode="decimal"
          value={maxStake}
          onChange={(event) => setMaxStake(event.target.value)}
          error={errors.maxStake}
          hint={t('promotions.maxStakeHint')}
        />
        <TextField
          label={t('promotions.tickets')}
          type="number"
          min={0}
          max={1_000}
          step={1}
          inputMode="numeric"
          value={tickets}
          onChange={(event) => setTickets(event.target.value)}
          error={errors.tickets}
          hint={t('promotions.ticketsHint')}
        />
        <TextField
          label={t('promotions.ranks')}
          value={ranks}
          onChange={(event) => setRanks(event.target.value)}
          error={errors.audience}
          hint={t('promotions.ranksHint')}
        />
        <TextField
          label={t('promotions.newWithinDays')}
          inputMode="numeric"
          value={newWithinDays}
          onChange={(event) => setNewWithinDays(event.target.value)}
          hint={t('promotions.newWithinDaysHint')}
        />
      </div>
      <fieldset className="stack">
        <legend>{t('promotions.onePer')}</legend>
        {ONE_PER_CONTROLS.map((control) => (
          <Checkbox
            key={control}
            label={t(`promotions.controls.${control}`)}
            checked={onePer.includes(control)}
            onChange={(on) =>
              setOnePer(on ? [...onePer, control] : onePer.filter((item) => item !== control))
            }
          />
        ))}
      </fieldset>
      {deposit ? (
        <Checkbox label={t('promotions.joinRequired')} checked={joinRequired} onChange={setJoinRequired} />
      ) : null}
      <Checkbox label={t('common.enabled')} checked={enabled} onChange={setEnabled} />
    </FormDialog>
  );
}
