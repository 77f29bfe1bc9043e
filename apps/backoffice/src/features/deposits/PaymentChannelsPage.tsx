import { zodResolver } from '@hookform/resolvers/zod';
import {
  depositConsoleEndpoints,
  PAYMENT_CHANNEL_KINDS,
  type PaymentChannelRow,
  paymentChannelInput,
} from '@tessera/contract';
import { useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudPage } from '../../app/CrudPage.tsx';
import { enabledColumn, sortColumn } from '../../app/columns.tsx';
import type { Editor } from '../../app/crud.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { ChannelKindBadge } from './views.tsx';
import './deposits.css';

const channels = depositConsoleEndpoints.channels;
type ChannelForm = z.input<typeof paymentChannelInput>;

const amount = (value: number, language: string) =>
  value.toLocaleString(language, { maximumFractionDigits: 4 });

/** Where members deposit: bank accounts the site receives transfers on, and online gateways. Audited. */
export function PaymentChannelsPage() {
  const { t, i18n } = useTranslation();
  const columns: Column<PaymentChannelRow>[] = [
    {
      key: 'name',
      header: t('paymentChannels.name'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.name}</span>
          <span className="cell-below">
            <ChannelKindBadge kind={row.kind} />
          </span>
        </>
      ),
    },
    {
      key: 'limits',
      header: t('paymentChannels.limits'),
      render: (row) => (
        <>
          <span className="channel-limits">
            {amount(row.minAmount, i18n.language)} – {amount(row.maxAmount, i18n.language)}
          </span>
          {row.presets.length > 0 ? (
            <span className="cell-below">
              {t('paymentChannels.presetsList', {
                presets: row.presets.map((preset) => amount(preset, i18n.language)).join(', '),
              })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'account',
      header: t('paymentChannels.receivedBy'),
      render: (row) =>
        row.kind === 'bank' ? (
          <>
            <span>{row.bankName}</span>
            <span className="cell-below mono">
              {row.accountNumber} · {row.accountName}
            </span>
          </>
        ) : (
          <>
            <span className="mono">{row.gatewayUrl}</span>
            <span className="cell-below">
              {t('paymentChannels.merchantIs', { merchant: row.gatewayMerchant })}
              {row.hasSecret ? '' : ` · ${t('paymentChannels.noSecret')}`}
            </span>
          </>
        ),
    },
    enabledColumn(t),
    sortColumn(t),
  ];
  return (
    <CrudPage
      endpoints={channels}
      queryKey="payment-channels"
      title={t('nav.paymentChannels')}
      description={t('paymentChannels.description')}
      newLabel={t('paymentChannels.new')}
      columns={columns}
      order={(a, b) => a.sort - b.sort || a.id - b.id}
      empty={
        <EmptyState
          icon="card"
          title={t('paymentChannels.empty')}
          description={t('paymentChannels.emptyHint')}
        />
      }
      name={(row) => row.name}
      savedMessage={(saved) => t('paymentChannels.saved', { name: saved.name })}
      deleteTitle={t('paymentChannels.deleteTitle')}
      deleteMessage={(name) => t('paymentChannels.deleteMessage', { name })}
      editor={(editor) => <ChannelDialog {...editor} />}
    />
  );
}

/** Amount presets as typed ("100, 500, 1000") and as the numbers the contract takes. */
function PresetsField({
  value,
  onChange,
  error,
}: {
  value: unknown;
  onChange: (presets: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join(', ') : ''));
  return (
    <TextField
      label={t('paymentChannels.presets')}
      hint={t('paymentChannels.presetsHint')}
      value={text}
      inputMode="decimal"
      error={error}
      fieldClassName="span-2"
      onChange={(event) => {
        setText(event.target.value);
        const parts = event.target.value.split(/[\s,;]+/).filter(Boolean);
        onChange(parts.map((part) => Number(part)));
      }}
    />
  );
}

const NO_TRANSLATIONS = { VI: { name: '', instructions: '' }, CN: { name: '', instructions: '' } };
/** The languages a channel has its own version in, beside its name and instructions (shown in any other). */
const VERSION_LANGUAGES = ['VI', 'CN'] as const;

function ChannelDialog({ row, saving, error, onClose, onSave }: Editor<typeof channels>) {
  const { t } = useTranslation();
  const form = useForm<ChannelForm, unknown, z.output<typeof paymentChannelInput>>({
    resolver: zodResolver(paymentChannelInput),
    defaultValues: row
      ? { ...row, gatewaySecret: '' }
      : {
          kind: 'bank',
          name: '',
          enabled: true,
          sort: 0,
          minAmount: '',
          maxAmount: '',
          presets: [],
          instructions: '',
          bankName: '',
          accountName: '',
          accountNumber: '',
          gatewayUrl: '',
          gatewayMerchant: '',
          gatewaySecret: '',
          translations: NO_TRANSLATIONS,
        },
  });
  const kind = form.watch('kind');
  const server = fieldErrors(error);
  const local = form.formState.errors;
  /** The message beside a field: the form's own check first, then the server's. */
  const message = (name: keyof ChannelForm) => {
    const issue = local[name] as FieldError | undefined;
    if (issue) {
      const key = `paymentChannels.errors.${issue.message}`;
      return t(key, { defaultValue: t('paymentChannels.errors.invalid_value') });
    }
    return server[name];
  };
  /** The message beside a field of a language's version. */
  const versionMessage = (language: (typeof VERSION_LANGUAGES)[number], field: 'name' | 'instructions') =>
    local.translations?.[language]?.[field]
      ? t('paymentChannels.errors.invalid_value')
      : server[`translations.${language}.${field}`];
  const text = (
    name: keyof ChannelForm,
    label: string,
    options: { mono?: boolean; span?: boolean; max?: number } = {},
  ) => (
    <TextField
      label={label}
      maxLength={options.max}
      className={options.mono ? 'mono' : undefined}
      fieldClassName={options.span ? 'span-2' : undefined}
      error={message(name)}
      {...form.register(name)}
    />
  );
  return (
    <FormDialog
      size="lg"
      title={row ? t('paymentChannels.editTitle', { name: row.name }) : t('paymentChannels.newTitle')}
      saveLabel={t('paymentChannels.save')}
      saving={saving}
      error={error}
      shownFields={[
        ...Object.keys(paymentChannelInput.shape),
        ...VERSION_LANGUAGES.flatMap((language) => [
          `translations.${language}.name`,
          `translations.${language}.instructions`,
        ]),
      ]}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => onSave(values))}
    >
      <div className="form-grid">
        <Select
          label={t('paymentChannels.kind')}
          options={PAYMENT_CHANNEL_KINDS.map((value) => ({
            value,
            label: t(`paymentChannels.kinds.${value}`),
          }))}
          error={message('kind')}
          {...form.register('kind')}
        />
        {text('name', t('paymentChannels.name'), { max: 60 })}
        <TextField
          label={t('paymentChannels.minAmount')}
          inputMode="decimal"
          error={message('minAmount')}
          {...form.register('minAmount')}
        />
        <TextField
          label={t('paymentChannels.maxAmount')}
          inputMode="decimal"
          error={message('maxAmount')}
          {...form.register('maxAmount')}
        />
        <Controller
          control={form.control}
          name="presets"
          render={({ field }) => (
            <PresetsField value={field.value} onChange={field.onChange} error={message('presets')} />
          )}
        />
        <TextArea
          label={t('paymentChannels.instructions')}
          hint={t('paymentChannels.instructionsHint')}
          rows={3}
          maxLength={2000}
          fieldClassName="span-2"
          error={message('instructions')}
          {...form.register('instructions')}
        />
        {VERSION_LANGUAGES.map((language) => (
          <TextField
            key={`name-${language}`}
            label={t(`paymentChannels.name${language}`)}
            maxLength={60}
            error={versionMessage(language, 'name')}
            {...form.register(`translations.${language}.name`)}
          />
        ))}
        {VERSION_LANGUAGES.map((language) => (
          <TextArea
            key={`instructions-${language}`}
            label={t(`paymentChannels.instructions${language}`)}
            hint={t('paymentChannels.translationHint')}
            rows={2}
            maxLength={2000}
            fieldClassName="span-2"
            error={versionMessage(language, 'instructions')}
            {...form.register(`translations.${language}.instructions`)}
          />
        ))}
        {kind === 'bank' ? (
          <>
            {text('bankName', t('paymentChannels.bankName'), { max: 100 })}
            {text('accountName', t('paymentChannels.accountName'), { max: 100 })}
            {text('accountNumber', t('paymentChannels.accountNumber'), { mono: true, max: 40 })}
          </>
        ) : (
          <>
            {text('gatewayUrl', t('paymentChannels.gatewayUrl'), { mono: true, span: true, max: 500 })}
            {text('gatewayMerchant', t('paymentChannels.gatewayMerchant'), { mono: true, max: 64 })}
            <TextField
              label={t('paymentChannels.gatewaySecret')}
              type="password"
              autoComplete="new-password"
              hint={
                row?.hasSecret
                  ? t('paymentChannels.gatewaySecretKeep')
                  : t('paymentChannels.gatewaySecretHint')
              }
              error={message('gatewaySecret')}
              {...form.register('gatewaySecret')}
            />
          </>
        )}
        <TextField
          label={t('common.sortOrder')}
          type="number"
          min={0}
          max={9999}
          error={message('sort')}
          {...form.register('sort')}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('paymentChannels.enabled')}
              description={t('paymentChannels.enabledHint')}
              checked={field.value !== false}
              onChange={field.onChange}
            />
          )}
        />
      </div>
    </FormDialog>
  );
}
