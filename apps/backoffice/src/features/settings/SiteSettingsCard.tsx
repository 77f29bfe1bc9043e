import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_LANGUAGE,
  type SiteSettings,
  SUPPORTED_LANGUAGES,
  systemConsoleEndpoints,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Card } from '../../ui/Card.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { SettingsForm } from './SettingsForm.tsx';

const KEY = ['settings', 'site'];

type TextKey = Exclude<
  keyof SiteSettings,
  'redirectToLoginWithoutToken' | 'directRegistration' | 'messageCentre' | 'licenceTranslations'
>;
type FlagKey = 'redirectToLoginWithoutToken' | 'directRegistration' | 'messageCentre';

const FLAGS: readonly FlagKey[] = ['redirectToLoginWithoutToken', 'directRegistration', 'messageCentre'];
const TEXTS: ReadonlyArray<{ key: TextKey; type?: string; placeholder?: string; wide?: boolean }> = [
  { key: 'siteName' },
  { key: 'supportEmail', type: 'email', placeholder: 'support@example.com' },
  { key: 'liveChatUrl', type: 'url', placeholder: 'https://' },
  { key: 'vipChatUrl', type: 'url', placeholder: 'https://' },
  { key: 'messagingAppUrl', type: 'url', placeholder: 'https://' },
  { key: 'responsibleGamingUrl', placeholder: '/responsible-gaming' },
  { key: 'gtagId', placeholder: 'G-XXXXXXX' },
];

export function SiteSettingsCard() {
  const { t } = useTranslation();
  const site = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(systemConsoleEndpoints.getSite, { signal }),
  });
  return (
    <Card title={t('settings.site.title')} description={t('settings.site.description')}>
      <QueryView query={site}>{(data) => <SiteSettingsForm initial={data} />}</QueryView>
    </Card>
  );
}

function SiteSettingsForm({ initial }: { initial: SiteSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SiteSettings>(initial);
  const save = useMutation({
    mutationFn: () => call(systemConsoleEndpoints.putSite, { body: values }),
    onSuccess: (value) => {
      queryClient.setQueryData(KEY, value);
      setValues(value);
      toast.show(t('settings.site.saved'));
    },
  });
  const errors = fieldErrors(save.error);
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <SettingsForm
      saveLabel={t('settings.site.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={Object.keys(initial)}
      onSubmit={() => save.mutate()}
    >
      <div className="form-grid">
        {TEXTS.map((field) => (
          <TextField
            key={field.key}
            label={t(`settings.site.fields.${field.key}`)}
            type={field.type ?? 'text'}
            placeholder={field.placeholder}
            value={values[field.key]}
            onChange={(event) => set(field.key, event.target.value)}
            error={errors[field.key]}
          />
        ))}
        <TextArea
          label={t('settings.site.fields.licenceText')}
          value={values.licenceText}
          rows={3}
          onChange={(event) => set('licenceText', event.target.value)}
          error={errors.licenceText}
          fieldClassName="span-2"
        />
        {SUPPORTED_LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE).map((code) => (
          <TextArea
            key={code}
            label={t('settings.site.fields.licenceTranslation', { language: t(`languages.${code}`) })}
            hint={t('settings.site.hints.licenceTranslation')}
            value={values.licenceTranslations[code] ?? ''}
            rows={3}
            onChange={(event) =>
              set('licenceTranslations', { ...values.licenceTranslations, [code]: event.target.value })
            }
            error={errors[`licenceTranslations.${code}`]}
            fieldClassName="span-2"
          />
        ))}
      </div>
      <fieldset className="switch-list">
        <legend className="field-label">{t('settings.site.features')}</legend>
        {FLAGS.map((key) => (
          <Switch
            key={key}
            label={t(`settings.site.fields.${key}`)}
            description={t(`settings.site.hints.${key}`)}
            checked={values[key]}
            onChange={(checked) => set(key, checked)}
            error={errors[key]}
          />
        ))}
      </fieldset>
    </SettingsForm>
  );
}
