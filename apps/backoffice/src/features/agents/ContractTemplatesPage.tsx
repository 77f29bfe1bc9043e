import { zodResolver } from '@hookform/resolvers/zod';
import {
  agentContractConsoleEndpoints as api,
  type ContractTierView,
  contractTemplateInput,
  type ResponseOf,
} from '@tessera/contract';
import { useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudPage } from '../../app/CrudPage.tsx';
import type { Editor } from '../../app/crud.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Button, RowButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useMoney } from '../lottery/lottery.ts';
import { OfferDialog } from './OfferDialog.tsx';
import { TierList } from './views.tsx';
import './agents.css';

const templates = {
  list: api.templates,
  create: api.createTemplate,
  update: api.updateTemplate,
  remove: api.removeTemplate,
};
export type TemplateRow = ResponseOf<typeof api.templates>[number];
type TemplateForm = z.input<typeof contractTemplateInput>;

const shape = contractTemplateInput.shape;
export const CONTRACT_KINDS = shape.kind.options;
const CONTRACT_PRODUCTS = shape.product.options;
const DIVIDEND_PERIODS = shape.period.unwrap().options;
const DIVIDEND_CARRIES = shape.carry.unwrap().options;

const EMPTY_TIER = { minimumBet: '0', netLoss: '0', activeMember: '0', rateType: 'P' as const, rate: '' };

/** Tiers as the form edits them (text), from the server's numbers. */
const tierInputs = (tiers: readonly ContractTierView[]) =>
  tiers.map((tier) => ({
    minimumBet: String(tier.minimumBet),
    netLoss: String(tier.netLoss),
    activeMember: String(tier.activeMember),
    rateType: tier.rateType,
    rate: String(tier.rate),
  }));

/** What a contract's terms edit, in a template's form and in an offer with terms of its own. */
export type TermsForm = Pick<TemplateForm, 'kind' | 'product' | 'period' | 'carry' | 'tiers' | 'amountLimit'>;
type TierForm = Pick<TermsForm, 'tiers'>;

/**
 * A contract's terms: its kind and product, a dividend's period and carry, a daily salary's cap, and its tiers. The caller's form has
 * these fields (a template's, an operator's offer); pass its control, register and errors cast to TermsForm.
 */
export function ContractTermsFields({
  control,
  register,
  errors,
  serverErrors,
}: {
  control: Control<TermsForm>;
  register: UseFormRegister<TermsForm>;
  errors: FieldErrors<TermsForm>;
  serverErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const options = useOptions();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <>
      <div className="agent-tier-row">
        <Select
          label={t('agents.contracts.kind')}
          options={options('kinds', CONTRACT_KINDS)}
          {...register('kind')}
        />
        <Select
          label={t('agents.contracts.product')}
          options={options('products', CONTRACT_PRODUCTS)}
          {...register('product')}
        />
        {kind === 'dividend' ? (
          <>
            <Select
              label={t('agents.contracts.period')}
              options={options('periods', DIVIDEND_PERIODS)}
              {...register('period')}
            />
            <Select
              label={t('agents.contracts.carry')}
              options={options('carries', DIVIDEND_CARRIES)}
              {...register('carry')}
            />
          </>
        ) : null}
      </div>
      {kind === 'daily_salary' ? (
        <div className="agent-tier-row">
          <TextField
            label={t('agents.contracts.amountLimit')}
            hint={t('agents.contracts.amountLimitHint')}
            inputMode="decimal"
            error={errors.amountLimit ? t('agents.contracts.amountLimitInvalid') : serverErrors.amountLimit}
            {...register('amountLimit', {
              // Empty is no cap; the field leaves the form with the kind (a dividend takes none).
              setValueAs: (value) => (value === '' || value === null ? null : value),
              shouldUnregister: true,
            })}
          />
        </div>
      ) : null}
      <TierFields
        control={control as unknown as Control<TierForm>}
        register={register as unknown as UseFormRegister<TierForm>}
        errors={errors}
        serverErrors={serverErrors}
      />
    </>
  );
}

/** The tiers of a contract's terms: one row of thresholds and rate per tier, added and removed. */
function TierFields({
  control,
  register,
  errors,
  serverErrors,
}: {
  control: Control<TierForm>;
  register: UseFormRegister<TierForm>;
  errors: FieldErrors<TierForm>;
  serverErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers' });
  const message = (index: number, name: keyof typeof EMPTY_TIER) =>
    errors.tiers?.[index]?.[name]
      ? t('agents.contracts.tierInvalid')
      : serverErrors[`tiers.${index}.${name}`];
  return (
    <fieldset className="stack agent-tier-set">
      <legend className="cell-strong">{t('agents.contracts.tiers')}</legend>
      {fields.map((field, index) => (
        <fieldset
          key={field.id}
          className="agent-tier-row agent-tier"
          aria-label={t('agents.contracts.tierN', { tier: index + 1 })}
        >
          <TextField
            label={t('agents.contracts.minimumBet')}
            inputMode="decimal"
            error={message(index, 'minimumBet')}
            {...register(`tiers.${index}.minimumBet`)}
          />
          <TextField
            label={t('agents.contracts.netLoss')}
            inputMode="decimal"
            error={message(index, 'netLoss')}
            {...register(`tiers.${index}.netLoss`)}
          />
          <TextField
            label={t('agents.contracts.activeMember')}
            inputMode="numeric"
            error={message(index, 'activeMember')}
            {...register(`tiers.${index}.activeMember`)}
          />
          <Select
            label={t('agents.contracts.rateType')}
            options={['P', 'F'].map((value) => ({ value, label: t(`agents.contracts.rateTypes.${value}`) }))}
            {...register(`tiers.${index}.rateType`)}
          />
          <TextField
            label={t('agents.contracts.rate')}
            inputMode="decimal"
            error={message(index, 'rate')}
            {...register(`tiers.${index}.rate`)}
          />
          {fields.length > 1 ? (
            <RowButton
              icon="trash"
              aria-label={t('agents.contracts.removeTier', { tier: index + 1 })}
              onClick={() => remove(index)}
            >
              {t('common.delete')}
            </RowButton>
          ) : null}
        </fieldset>
      ))}
      <div>
        <Button size="sm" icon={<Icon name="plus" />} onClick={() => append({ ...EMPTY_TIER })}>
          {t('agents.contracts.addTier')}
        </Button>
      </div>
    </fieldset>
  );
}

/** The select options of a list of codes, labelled from agents.<group>.<code>. */
function useOptions() {
  const { t } = useTranslation();
  return (group: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`agents.${group}.${value}`) }));
}

function TemplateDialog({ row, saving, error, onClose, onSave }: Editor<typeof templates>) {
  const { t } = useTranslation();
  const form = useForm<TemplateForm, unknown, z.output<typeof contractTemplateInput>>({
    resolver: zodResolver(contractTemplateInput),
    defaultValues: row
      ? { ...row, tiers: tierInputs(row.tiers) }
      : {
          name: '',
          kind: 'dividend',
          product: 'CONS',
          tiers: [{ ...EMPTY_TIER }],
          period: 'semimonthly',
          carry: 'month',
          netLossParts: ['bonuses', 'rebates', 'salaries'],
        },
  });
  const server = fieldErrors(error);
  const errors = form.formState.errors;
  return (
    <FormDialog
      title={row ? t('agents.contracts.editTitle', { name: row.name }) : t('agents.contracts.newTitle')}
      size="lg"
      saveLabel={t('common.save')}
      saving={saving}
      error={error}
      shownFields={['name', 'kind', 'product', 'period', 'carry']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => onSave(body))}
    >
      <div className="stack">
        <TextField
          label={t('agents.contracts.name')}
          maxLength={80}
          error={errors.name ? t('agents.contracts.nameRequired') : server.name}
          {...form.register('name')}
        />
        <ContractTermsFields
          control={form.control as unknown as Control<TermsForm>}
          register={form.register as unknown as UseFormRegister<TermsForm>}
          errors={errors as FieldErrors<TermsForm>}
          serverErrors={server}
        />
      </div>
    </FormDialog>
  );
}

/**
 * Contract templates (operations): the terms the platform reuses for its offers to top-level agents; each can be
 * offered from its row, and an offer with its own terms starts from the header.
 */
export function ContractTemplatesPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [offering, setOffering] = useState<TemplateRow | 'own' | null>(null);
  return (
    <>
      <CrudPage
        endpoints={templates}
        queryKey={api.templates.path}
        title={t('nav.agents.templates')}
        description={t('agents.contracts.description')}
        newLabel={t('agents.contracts.new')}
        filter={
          <Button icon={<Icon name="mail" />} onClick={() => setOffering('own')}>
            {t('agents.contracts.offerOwn')}
          </Button>
        }
        columns={[
          {
            key: 'name',
            header: t('agents.contracts.name'),
            render: (row) => (
              <>
                <span className="cell-strong">{row.name}</span>
                <span className="cell-below">
                  {t(`agents.kinds.${row.kind}`)} · {t(`agents.products.${row.product}`)}
                  {row.kind === 'dividend'
                    ? ` · ${t(`agents.periods.${row.period}`)} · ${t(`agents.carries.${row.carry}`)}`
                    : ''}
                </span>
              </>
            ),
          },
          {
            key: 'tiers',
            header: t('agents.contracts.tiers'),
            render: (row) => (
              <TierList tiers={row.tiers} money={money.format} amountLimit={row.amountLimit} />
            ),
          },
        ]}
        rowActions={(row) => (
          <RowButton
            icon="mail"
            aria-label={t('agents.contracts.offerNamed', { name: row.name })}
            onClick={() => setOffering(row)}
          >
            {t('agents.contracts.offer')}
          </RowButton>
        )}
        empty={<EmptyState icon="rules" title={t('agents.contracts.empty')} />}
        name={(row) => row.name}
        savedMessage={(saved) => t('agents.contracts.saved', { name: saved.name })}
        deleteTitle={t('agents.contracts.deleteTitle')}
        editor={(editor) => <TemplateDialog {...editor} />}
      />
      {offering ? (
        <OfferDialog template={offering === 'own' ? null : offering} onClose={() => setOffering(null)} />
      ) : null}
    </>
  );
}
