import { zodResolver } from '@hookform/resolvers/zod';
import {
  responsibleConsoleEndpoints as api,
  REALITY_CHECK_MINUTES,
  type ResponsibleSettings,
  responsibleSettingsBody,
} from '@tessera/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { SaveButton, useSettings, useSettingsSave } from '../../app/settings.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';

/** The select gives the interval as text. */
const formSchema = responsibleSettingsBody.extend({
  realityCheckDefault: z.coerce.number().pipe(responsibleSettingsBody.shape.realityCheckDefault),
});

/**
 * The defaults of responsible gaming (operations edit, support and finance read): the reality-check interval the
 * site offers first, and the days after which an interrupted house round is completed by its default action. A
 * member's own controls are the member's: the console only reads them. Each save is audited on the server.
 */
export function ResponsibleSettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings(api.settings);
  return (
    <>
      <PageHeader title={t('nav.responsibleSettings')} description={t('responsibleSettings.description')} />
      <QueryView query={settings}>{(data) => <SettingsForm initial={data} />}</QueryView>
    </>
  );
}

function SettingsForm({ initial }: { initial: ResponsibleSettings }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof formSchema>, unknown, ResponsibleSettings>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      realityCheckDefault: initial.realityCheckDefault,
      interruptedRoundDays: initial.interruptedRoundDays,
    },
  });
  const { save, editable } = useSettingsSave(api.settings, api.putSettings, t('responsibleSettings.saved'));
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <form className="stack-lg" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <FormError error={save.error} shownFields={['realityCheckDefault', 'interruptedRoundDays']} />
      <fieldset className="stack-lg" disabled={!editable}>
        <Card title={t('responsibleSettings.defaultsTitle')}>
          <div className="form-grid">
            <Select
              label={t('responsibleSettings.realityCheckDefault')}
              options={REALITY_CHECK_MINUTES.map((minutes) => ({
                value: String(minutes),
                label: t('responsibleSettings.minutes', { count: minutes }),
              }))}
              {...form.register('realityCheckDefault')}
            />
            <TextField
              label={t('responsibleSettings.interruptedRoundDays')}
              hint={t('responsibleSettings.interruptedRoundDaysHint')}
              inputMode="numeric"
              error={
                errors.interruptedRoundDays ? t('responsibleSettings.invalid') : server.interruptedRoundDays
              }
              {...form.register('interruptedRoundDays')}
            />
          </div>
        </Card>
      </fieldset>
      <SaveButton editable={editable} pending={save.isPending} />
    </form>
  );
}
