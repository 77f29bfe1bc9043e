import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  rebateConsoleEndpoints as api,
  GAME_TYPES,
  type RebateRate,
  type RebateSettingsBody,
  rebateRateBody,
  rebateSettingsBody,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { DeleteDialog, FormDialog } from '../../app/dialogs.tsx';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowsEditor } from '../../ui/RowsEditor.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';
import './rebates.css';

const SETTINGS_KEY = [api.settings.path];
type Settings = RebateSettingsBody & { manual: boolean };
const payoutBody = rebateSettingsBody.pick({ minPayout: true, turnoverMultiple: true });
type PayoutBody = z.infer<typeof payoutBody>;
const sameRow = (a: Pick<RebateRate, 'product' | 'rank'>, b: Pick<RebateRate, 'product' | 'rank'>) =>
  a.product === b.product && a.rank === b.rank;

/** Saves the whole document (rates, minimum payout, multiple): the one write of the rebate settings. */
function useSaveSettings(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RebateSettingsBody) => call(api.putSettings, { body }),
    onSuccess: (value) => {
      queryClient.setQueryData(SETTINGS_KEY, value);
      onSaved();
    },
  });
}

const withoutView = ({ rates, minPayout, turnoverMultiple }: Settings): RebateSettingsBody => ({
  rates,
  minPayout,
  turnoverMultiple,
});

/**
 * Rebate rates (operations edit, support reads): per product type and VIP level, tiers of the day's valid bets and
 * their rates; a level without rates of a product uses those of the highest level below it. Below, the minimum
 * payout and the turnover multiple of a rebate credit. Each save is audited on the server.
 */
export function RebateRatesPage() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.putSettings);
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call(api.settings, { signal }),
  });
  const [editing, setEditing] = useState<{ row: RebateRate | null } | null>(null);
  const [removing, setRemoving] = useState<RebateRate | null>(null);
  const toast = useToast();
  const remove = useSaveSettings(() => {
    setRemoving(null);
    toast.show(t('rebates.ratesSaved'));
  });
  const money = useMoney();
  const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <>
      <PageHeader
        title={t('nav.rebateRates')}
        description={t('rebates.ratesDescription')}
        actions={
          editable ? (
            <Button variant="primary" icon={<Icon name="plus" />} onClick={() => setEditing({ row: null })}>
              {t('rebates.newRates')}
            </Button>
          ) : null
        }
      />
      <QueryView query={settings}>
        {(data) => (
          <div className="stack-lg">
            <Card
              title={t('rebates.ratesTitle')}
              description={data.manual ? t('rebates.manualOn') : t('rebates.manualOff')}
            >
              <Table
                caption={t('rebates.ratesTitle')}
                rows={[...data.rates].sort(
                  (a, b) => GAME_TYPES.indexOf(a.product) - GAME_TYPES.indexOf(b.product) || a.rank - b.rank,
                )}
                rowKey={(row) => `${row.product}:${row.rank}`}
                columns={[
                  {
                    key: 'product',
                    header: t('rebates.product'),
                    render: (row) => t(`games.types.${row.product}`),
                  },
                  {
                    key: 'rank',
                    header: t('rebates.level'),
                    render: (row) => t('rebates.fromLevel', { rank: row.rank }),
                  },
                  {
                    key: 'tiers',
                    header: t('rebates.tiers'),
                    render: (row) => (
                      <ul className="rebate-tiers">
                        {row.tiers.map((tier) => (
                          <li key={tier.minValidBet}>
                            {t('rebates.tier', {
                              amount: money.format(tier.minValidBet),
                              rate: percent.format(tier.rate / 100),
                            })}
                          </li>
                        ))}
                      </ul>
                    ),
                  },
                  ...(editable
                    ? [
                        actionsColumn<RebateRate>(t('common.actions'), (row) => {
                          const name = `${t(`games.types.${row.product}`)} ${t('rebates.fromLevel', { rank: row.rank })}`;
                          return (
                            <>
                              <RowButton
                                icon="edit"
                                aria-label={t('rebates.editNamed', { name })}
                                onClick={() => setEditing({ row })}
                              >
                                {t('common.edit')}
                              </RowButton>
                              <RowButton
                                icon="trash"
                                aria-label={t('rebates.removeNamed', { name })}
                                onClick={() => setRemoving(row)}
                              >
                                {t('common.delete')}
                              </RowButton>
                            </>
                          );
                        }),
                      ]
                    : []),
                ]}
              />
            </Card>
            <Card title={t('rebates.payoutTitle')}>
              <PayoutForm initial={data} editable={editable} />
            </Card>
            {editing ? (
              <RateDialog settings={data} row={editing.row} onClose={() => setEditing(null)} />
            ) : null}
            {removing ? (
              <DeleteDialog
                title={t('rebates.removeTitle')}
                message={t('rebates.removeMessage')}
                busy={remove.isPending}
                error={remove.error}
                onCancel={() => {
                  remove.reset();
                  setRemoving(null);
                }}
                onConfirm={() =>
                  remove.mutate({
                    ...withoutView(data),
                    rates: data.rates.filter((row) => !sameRow(row, removing)),
                  })
                }
              />
            ) : null}
          </div>
        )}
      </QueryView>
    </>
  );
}

function RateDialog({
  settings,
  row,
  onClose,
}: {
  settings: Settings;
  row: RebateRate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<z.input<typeof rebateRateBody>, unknown, RebateRate>({
    resolver: zodResolver(rebateRateBody),
    defaultValues: row ?? { product: 'RNG', rank: 0, tiers: [{ minValidBet: 0, rate: 0.5 }] },
  });
  const save = useSaveSettings(() => {
    toast.show(t('rebates.ratesSaved'));
    onClose();
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <FormDialog
      title={row ? t('rebates.editTitle') : t('rebates.newRates')}
      size="lg"
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={[]}
      onClose={onClose}
      onSubmit={form.handleSubmit((saved) =>
        save.mutate({
          ...withoutView(settings),
          rates: [
            ...settings.rates.filter((other) => !sameRow(other, saved) && !(row && sameRow(other, row))),
            saved,
          ],
        }),
      )}
    >
      <div className="form-grid">
        <Select
          label={t('rebates.product')}
          options={GAME_TYPES.map((type) => ({ value: type, label: t(`games.types.${type}`) }))}
          {...form.register('product')}
        />
        <TextField
          label={t('rebates.rank')}
          inputMode="numeric"
          error={errors.rank ? t('rebates.invalid') : server.rank}
          {...form.register('rank')}
        />
      </div>
      <RowsEditor
        control={form.control}
        name="tiers"
        legend={t('rebates.tiers')}
        className="stack rebate-tier-fields"
        problem={errors.tiers?.root || errors.tiers?.message ? t('rebates.tiersOrder') : null}
        rowClassName="rebate-tier-row"
        min={1}
        max={10}
        empty={() => ({ minValidBet: '', rate: '' })}
        addLabel={t('rebates.addTier')}
        removeLabel={(index) => t('rebates.removeTier', { index: index + 1 })}
      >
        {(index) => (
          <>
            <TextField
              label={t('rebates.minValidBet', { index: index + 1 })}
              inputMode="decimal"
              error={errors.tiers?.[index]?.minValidBet ? t('rebates.invalid') : undefined}
              {...form.register(`tiers.${index}.minValidBet`)}
            />
            <TextField
              label={t('rebates.rate', { index: index + 1 })}
              inputMode="decimal"
              error={errors.tiers?.[index]?.rate ? t('rebates.invalidRate') : undefined}
              {...form.register(`tiers.${index}.rate`)}
            />
          </>
        )}
      </RowsEditor>
    </FormDialog>
  );
}

function PayoutForm({ initial, editable }: { initial: Settings; editable: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<z.input<typeof payoutBody>, unknown, PayoutBody>({
    resolver: zodResolver(payoutBody),
    defaultValues: { minPayout: initial.minPayout, turnoverMultiple: initial.turnoverMultiple },
  });
  const save = useSaveSettings(() => toast.show(t('rebates.payoutSaved')));
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit((body) => save.mutate({ ...withoutView(initial), ...body }))}
    >
      <FormError error={save.error} shownFields={['minPayout', 'turnoverMultiple']} />
      <fieldset className="form-grid rebate-payout" disabled={!editable}>
        <TextField
          label={t('rebates.minPayout')}
          inputMode="decimal"
          error={errors.minPayout ? t('rebates.invalid') : server.minPayout}
          {...form.register('minPayout')}
        />
        <TextField
          label={t('rebates.turnoverMultiple')}
          inputMode="numeric"
          error={errors.turnoverMultiple ? t('rebates.invalid') : server.turnoverMultiple}
          {...form.register('turnoverMultiple')}
        />
      </fieldset>
      {editable ? (
        <div>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
