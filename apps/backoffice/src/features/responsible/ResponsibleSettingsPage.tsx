import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  responsibleConsoleEndpoints as api,
  REALITY_CHECK_MINUTES,
  type ResponsibleSettings,
  responsibleSettingsBody,
} from '@tessera/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

const SETTINGS_KEY = [api.settings.path];
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
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => call(api.settings, { signal }),
  });
  return (
    <>
      <PageHeader title={t('nav.responsibleSettings')} description={t('responsibleSettings.description')} />
      <QueryView query={settings}>{(data) => <SettingsForm initial={data} />}</QueryView>
    </>
  );
}

function SettingsForm({ initial }: { initial: ResponsibleSettings }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.putSettings);
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof formSchema>, unknown, ResponsibleSettings>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      realityCheckDefault: initial.realityCheckDefault,
      interruptedRoundDays: initial.interruptedRoundDays,
    },
  });
  const save = useMutation({
    mutationFn: (body: ResponsibleSettings) => call(api.putSettings, { body }),
    onSuccess: (value) => {
      queryClient.setQueryData(SETTINGS_KEY, value);
      toast.show(t('responsibleSettings.saved'));
    },
  });
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
