import { zodResolver } from '@hookform/resolvers/zod';
import { riskConsoleEndpoints as bo, type RiskSettings, riskSettings } from '@tessera/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { SaveButton, useSettings, useSettingsSave } from '../../app/settings.tsx';
import { Card } from '../../ui/Card.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TextField } from '../../ui/TextField.tsx';

type NumberField = {
  [K in keyof RiskSettings]: RiskSettings[K] extends number ? K : never;
}[keyof RiskSettings];
type SwitchField = Exclude<keyof RiskSettings, NumberField>;

/** The rules, each a group of fields (0 switches an amount or a count off). */
const GROUPS: { id: string; numbers: NumberField[]; switches: SwitchField[] }[] = [
  { id: 'bigWin', numbers: ['bigWinAmount', 'bigWinMultiple'], switches: [] },
  {
    id: 'velocity',
    numbers: [
      'depositVelocityCount',
      'depositVelocityMinutes',
      'withdrawalVelocityCount',
      'withdrawalVelocityMinutes',
    ],
    switches: [],
  },
  {
    id: 'quickWithdrawal',
    numbers: ['quickWithdrawalHours', 'quickWithdrawalTurnoverPercent'],
    switches: [],
  },
  { id: 'identity', numbers: [], switches: ['payeeNameMismatch', 'sharedDevice', 'sharedPaymentAccount'] },
  {
    id: 'approvals',
    numbers: ['adjustmentSecondApprovalAbove', 'autoApproveWithdrawalsBelow'],
    switches: [],
  },
];

/** The risk rules the operator sets: which events raise a flag, and the amounts of the approval rules. */
export function RiskRulesPage() {
  const { t } = useTranslation();
  const settings = useSettings(bo.settings);
  return (
    <>
      <PageHeader title={t('nav.riskRules')} description={t('riskRules.description')} />
      <QueryView query={settings}>{(data) => <RulesForm initial={data} />}</QueryView>
    </>
  );
}

function RulesForm({ initial }: { initial: RiskSettings }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof riskSettings>, unknown, RiskSettings>({
    resolver: zodResolver(riskSettings),
    defaultValues: initial,
  });
  const { save, editable } = useSettingsSave(bo.settings, bo.saveSettings, t('riskRules.saved'), form.reset);
  const server = fieldErrors(save.error);
  const local = form.formState.errors;
  const numbers = GROUPS.flatMap((group) => group.numbers);
  return (
    <form className="stack-lg" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <FormError error={save.error} shownFields={numbers} />
      {GROUPS.map((group) => (
        <Card
          key={group.id}
          title={t(`riskRules.groups.${group.id}`)}
          description={t(`riskRules.groups.${group.id}Hint`)}
        >
          <div className="stack">
            {group.numbers.length > 0 ? (
              <div className="form-grid">
                {group.numbers.map((key) => (
                  <TextField
                    key={key}
                    label={t(`riskRules.${key}`)}
                    hint={t(`riskRules.${key}Hint`)}
                    inputMode="decimal"
                    disabled={!editable}
                    error={local[key] ? t('riskRules.invalid') : server[key]}
                    {...form.register(key)}
                  />
                ))}
              </div>
            ) : null}
            {group.switches.map((key) => (
              <Controller
                key={key}
                control={form.control}
                name={key}
                render={({ field }) => (
                  <Switch
                    label={t(`riskRules.${key}`)}
                    description={t(`riskRules.${key}Hint`)}
                    disabled={!editable}
                    checked={Boolean(field.value)}
                    onChange={field.onChange}
                  />
                )}
              />
            ))}
          </div>
        </Card>
      ))}
      <SaveButton editable={editable} pending={save.isPending} />
    </form>
  );
}
