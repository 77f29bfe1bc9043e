import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lotteryConsoleEndpoints as api, type LotteryOddsRow, lotteryOddsRow } from '@tessera/contract';
import { BET_TYPE_ORDER, BET_TYPES, SHAPE_CODES, type ShapeCode } from '@tessera/lottery';
import { Tabs } from '@tessera/ui/tabs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from './lottery.ts';
import './lottery.css';

const ODDS_KEY = [api.odds.path];
const oddsTable = z.object({ rows: z.array(lotteryOddsRow) });
type OddsForm = z.input<typeof oddsTable>;
type OddsTable = z.output<typeof oddsTable>;
const FIELDS = ['betType', 'pricePerPoint', 'payouts', 'maxPoints', 'capPerNumber', 'enabled'] as const;

const inOrder = (rows: readonly LotteryOddsRow[]) =>
  [...rows].sort((a, b) => BET_TYPE_ORDER.indexOf(a.betType) - BET_TYPE_ORDER.indexOf(b.betType));

/**
 * What each bet type costs and pays, per result table (the bet types of a table are played on every game that draws
 * it). A table is saved whole; new tickets sell at the new odds, sold tickets keep theirs.
 */
export function LotteryOddsPage() {
  const { t } = useTranslation();
  const role = useSession().operator?.role;
  const [shape, setShape] = useState<ShapeCode>(SHAPE_CODES[0] ?? 'north27');
  const odds = useQuery({ queryKey: ODDS_KEY, queryFn: ({ signal }) => call(api.odds, { signal }) });
  const editable = mayCall(role, api.saveOdds);
  return (
    <>
      <PageHeader title={t('nav.lotteryOdds')} description={t('lotteryOdds.description')} />
      <QueryView query={odds}>
        {(rows) => (
          <Tabs
            label={t('lotteryOdds.shapes')}
            selected={shape}
            onSelect={setShape}
            tabs={SHAPE_CODES.map((code) => ({
              key: code,
              label: t(`lottery.shapes.${code}`),
              panel: (
                <OddsTable
                  shape={code}
                  rows={inOrder(rows.filter((row) => row.shape === code))}
                  editable={editable}
                />
              ),
            }))}
          />
        )}
      </QueryView>
    </>
  );
}

interface Line {
  row: LotteryOddsRow;
  index: number;
}

/** One result table's odds as a form: a row per bet type, a column per payout tier, saved at once. */
function OddsTable({
  shape,
  rows,
  editable,
}: {
  shape: ShapeCode;
  rows: LotteryOddsRow[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const money = useMoney();
  const form = useForm<OddsForm, unknown, OddsTable>({
    resolver: zodResolver(oddsTable),
    defaultValues: { rows },
  });
  const save = useMutation({
    mutationFn: (body: OddsTable) => call(api.saveOdds, { params: { shape }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<LotteryOddsRow[]>(ODDS_KEY, (current) => [
        ...(current ?? []).filter((row) => row.shape !== shape),
        ...saved,
      ]);
      form.reset({ rows: inOrder(saved) });
      toast.show(t('lotteryOdds.saved', { shape: t(`lottery.shapes.${shape}`) }), 'success');
    },
  });
  if (rows.length === 0) return <EmptyState icon="percent" title={t('lotteryOdds.empty')} />;

  const tiers = [...new Set(rows.flatMap((row) => BET_TYPES[row.betType].tiers))];
  const server = fieldErrors(save.error);
  const errors = form.formState.errors.rows;
  const betTypeName = (row: LotteryOddsRow) => t(`lottery.betTypes.${row.betType}`);
  const cellLabel = (column: string, row: LotteryOddsRow) =>
    t('lotteryOdds.cell', { column, betType: betTypeName(row) });
  const error = (index: number, field: (typeof FIELDS)[number], local: unknown) =>
    local ? t('lottery.invalid') : server[`rows.${index}.${field}`];
  const amountField = ({ row, index }: Line, column: string, name: 'pricePerPoint' | 'capPerNumber') => (
    <TextField
      label={cellLabel(column, row)}
      hideLabel
      type="number"
      min={0}
      step="any"
      inputMode="decimal"
      className="input-sm lottery-odds-input"
      disabled={!editable}
      error={error(index, name, errors?.[index]?.[name])}
      {...form.register(`rows.${index}.${name}`, { valueAsNumber: true })}
    />
  );
  const tierLabel = (tier: string) =>
    tier === 'hit'
      ? t('lotteryOdds.payout')
      : t('lotteryOdds.payoutOf', { tier: t(`lottery.prizes.${tier}`) });
  const tierHeader = (tier: string) =>
    tier === 'hit' ? (
      t('lotteryOdds.payout')
    ) : (
      <>
        {t('lotteryOdds.payoutShort')}
        <span className="lottery-header-below">{t(`lottery.prizes.${tier}`)}</span>
      </>
    );

  const columns: Column<Line>[] = [
    {
      key: 'betType',
      header: t('lotteryOdds.betType'),
      render: ({ row, index }) => (
        <>
          <span className="cell-strong nowrap">{betTypeName(row)}</span>
          <span className="cell-below mono">{row.betType}</span>
          {server[`rows.${index}.betType`] ? (
            <span className="field-error">{server[`rows.${index}.betType`]}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'pricePerPoint',
      header: t('lotteryOdds.pricePerPoint'),
      render: (line) => amountField(line, t('lotteryOdds.pricePerPoint'), 'pricePerPoint'),
    },
    ...tiers.map(
      (tier): Column<Line> => ({
        key: `payout-${tier}`,
        header: tierHeader(tier),
        render: ({ row, index }) =>
          tier in row.payouts ? (
            <TextField
              label={cellLabel(tierLabel(tier), row)}
              hideLabel
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              className="input-sm lottery-odds-input"
              disabled={!editable}
              error={error(index, 'payouts', errors?.[index]?.payouts?.[tier])}
              {...form.register(`rows.${index}.payouts.${tier}`, { valueAsNumber: true })}
            />
          ) : (
            <span className="muted">—</span>
          ),
      }),
    ),
    {
      key: 'maxPoints',
      header: t('lotteryOdds.maxPoints'),
      render: ({ row, index }) => (
        <TextField
          label={cellLabel(t('lotteryOdds.maxPoints'), row)}
          hideLabel
          type="number"
          min={1}
          step={1}
          className="input-sm lottery-odds-input"
          disabled={!editable}
          error={error(index, 'maxPoints', errors?.[index]?.maxPoints)}
          {...form.register(`rows.${index}.maxPoints`, { valueAsNumber: true })}
        />
      ),
    },
    {
      key: 'capPerNumber',
      header: t('lotteryOdds.capPerNumber'),
      render: (line) => amountField(line, t('lotteryOdds.capPerNumber'), 'capPerNumber'),
    },
    {
      key: 'enabled',
      header: t('common.enabled'),
      render: ({ row, index }) => (
        <Controller
          control={form.control}
          name={`rows.${index}.enabled`}
          render={({ field }) => (
            <Checkbox
              label={cellLabel(t('common.enabled'), row)}
              hideLabel
              checked={field.value}
              disabled={!editable}
              onChange={field.onChange}
            />
          )}
        />
      ),
    },
  ];
  const shownFields = rows.flatMap((_, index) => FIELDS.map((field) => `rows.${index}.${field}`));

  return (
    <Card>
      <form
        className="stack"
        noValidate
        aria-label={t('lotteryOdds.tableOf', { shape: t(`lottery.shapes.${shape}`) })}
        onSubmit={form.handleSubmit((body) => save.mutate(body))}
      >
        <p className="field-hint">
          {money.currency ? t('lotteryOdds.unitsIn', { currency: money.currency }) : t('lotteryOdds.units')}
        </p>
        <FormError error={save.error} shownFields={shownFields} />
        <div className="lottery-odds">
          <Table
            caption={t('lotteryOdds.tableOf', { shape: t(`lottery.shapes.${shape}`) })}
            columns={columns}
            rows={rows.map((row, index) => ({ row, index }))}
            rowKey={({ row }) => row.betType}
          />
        </div>
        {editable ? (
          <div className="form-actions">
            <Button disabled={!form.formState.isDirty || save.isPending} onClick={() => form.reset()}>
              {t('lotteryOdds.discard')}
            </Button>
            <Button type="submit" variant="primary" loading={save.isPending}>
              {t('lotteryOdds.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
