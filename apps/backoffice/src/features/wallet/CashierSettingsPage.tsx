import { zodResolver } from '@hookform/resolvers/zod';
import {
  GAME_TYPES,
  type MerchantMoney,
  merchantMoney,
  payoutEndpoints,
  type WalletSettings,
  walletConsoleEndpoints as wallet,
  walletSettings,
} from '@tessera/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { SaveButton, useSettings, useSettingsSave } from '../../app/settings.tsx';
import { Card } from '../../ui/Card.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { PayoutSettingsCard } from './PayoutSettingsCard.tsx';
import './wallet.css';

const NUMBERS = [
  'withdrawalMin',
  'withdrawalMax',
  'withdrawalDailyCount',
  'turnoverMultiple',
  'turnoverTolerance',
  'autoReceiptMinutes',
  'paymentPasswordMaxFailures',
  'paymentPasswordLockMinutes',
] as const;

/**
 * The merchant's money (currency, symbol, single wallet) and the cashier's rules (withdrawal limits, turnover,
 * auto-receipt, payment password lockout), each audited on save.
 */
export function CashierSettingsPage() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const settings = useSettings(wallet.settings);
  const money = useSettings(wallet.merchantMoney);
  return (
    <>
      <PageHeader title={t('nav.cashierSettings')} description={t('cashierSettings.description')} />
      <div className="stack-lg">
        <Card title={t('cashierSettings.moneyTitle')} description={t('cashierSettings.moneyDescription')}>
          <QueryView query={money}>{(data) => <MoneyForm initial={data} />}</QueryView>
        </Card>
        <Card title={t('cashierSettings.rulesTitle')}>
          <QueryView query={settings}>{(data) => <SettingsForm initial={data} />}</QueryView>
        </Card>
        {mayCall(operator?.role, payoutEndpoints.settings) ? <PayoutSettingsCard /> : null}
      </div>
    </>
  );
}

/** The merchant's currency, its symbol and the single-wallet switch (owner only). */
function MoneyForm({ initial }: { initial: MerchantMoney }) {
  const { t } = useTranslation();
  const form = useForm<MerchantMoney>({ resolver: zodResolver(merchantMoney), defaultValues: initial });
  const { save, editable } = useSettingsSave(
    wallet.merchantMoney,
    wallet.saveMerchantMoney,
    t('cashierSettings.moneySaved'),
    form.reset,
  );
  const server = fieldErrors(save.error);
  const local = form.formState.errors;
  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <FormError error={save.error} shownFields={['currency', 'currencySymbol']} />
      <div className="form-grid">
        <TextField
          label={t('cashierSettings.currency')}
          hint={t('cashierSettings.currencyHint')}
          disabled={!editable}
          maxLength={3}
          error={local.currency ? t('cashierSettings.invalid') : server.currency}
          {...form.register('currency')}
        />
        <TextField
          label={t('cashierSettings.currencySymbol')}
          disabled={!editable}
          maxLength={8}
          error={local.currencySymbol ? t('cashierSettings.invalid') : server.currencySymbol}
          {...form.register('currencySymbol')}
        />
      </div>
      <Controller
        control={form.control}
        name="walletSingle"
        render={({ field }) => (
          <Switch
            label={t('cashierSettings.walletSingle')}
            description={t('cashierSettings.walletSingleHint')}
            disabled={!editable}
            checked={field.value}
            onChange={field.onChange}
            error={server.walletSingle}
          />
        )}
      />
      <SaveButton editable={editable} pending={save.isPending} />
    </form>
  );
}

function SettingsForm({ initial }: { initial: WalletSettings }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof walletSettings>, unknown, WalletSettings>({
    resolver: zodResolver(walletSettings),
    // Every product type shows its weight: one never set counts 100 %.
    defaultValues: {
      ...initial,
      turnoverWeights: Object.fromEntries(
        GAME_TYPES.map((type) => [type, initial.turnoverWeights[type] ?? 100]),
      ),
    },
  });
  const { save, editable } = useSettingsSave(
    wallet.settings,
    wallet.saveSettings,
    t('cashierSettings.saved'),
    form.reset,
  );
  const server = fieldErrors(save.error);
  const local = form.formState.errors;
  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <FormError error={save.error} shownFields={[...NUMBERS]} />
      <div className="form-grid">
        {NUMBERS.map((key) => (
          <TextField
            key={key}
            label={t(`cashierSettings.${key}`)}
            hint={t(`cashierSettings.${key}Hint`)}
            inputMode="decimal"
            disabled={!editable}
            error={local[key] ? t('cashierSettings.invalid') : server[key]}
            {...form.register(key)}
          />
        ))}
      </div>
      <Controller
        control={form.control}
        name="transferUpEnabled"
        render={({ field }) => (
          <Switch
            label={t('cashierSettings.transferUpEnabled')}
            description={t('cashierSettings.transferUpEnabledHint')}
            disabled={!editable}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="ukProfile"
        render={({ field }) => (
          <Switch
            label={t('cashierSettings.ukProfile')}
            description={t('cashierSettings.ukProfileHint')}
            disabled={!editable}
            checked={field.value ?? false}
            onChange={field.onChange}
          />
        )}
      />
      <fieldset className="stack turnover-weights">
        <legend>{t('cashierSettings.turnoverWeights')}</legend>
        <p className="subtle">{t('cashierSettings.turnoverWeightsHint')}</p>
        <div className="form-grid">
          {GAME_TYPES.map((type) => (
            <TextField
              key={type}
              label={t(`games.types.${type}`)}
              inputMode="numeric"
              disabled={!editable}
              error={local.turnoverWeights?.[type] ? t('cashierSettings.invalid') : undefined}
              {...form.register(`turnoverWeights.${type}`)}
            />
          ))}
        </div>
      </fieldset>
      <SaveButton editable={editable} pending={save.isPending} />
    </form>
  );
}
