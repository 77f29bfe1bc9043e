import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MaintenanceSettings, systemConsoleEndpoints } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { fromLocalInput, toLocalInput } from '../../app/dates.ts';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { SettingsForm } from './SettingsForm.tsx';

const KEY = ['settings', 'maintenance'];

export function MaintenanceCard() {
  const { t } = useTranslation();
  const maintenance = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(systemConsoleEndpoints.getMaintenance, { signal }),
  });
  return (
    <Card
      title={t('settings.maintenance.title')}
      description={t('settings.maintenance.description')}
      actions={
        maintenance.data ? (
          maintenance.data.enabled ? (
            <Badge tone="warning">{t('dashboard.maintenanceOn')}</Badge>
          ) : (
            <Badge tone="success">{t('dashboard.maintenanceOff')}</Badge>
          )
        ) : null
      }
    >
      <QueryView query={maintenance}>{(data) => <MaintenanceForm initial={data} />}</QueryView>
    </Card>
  );
}

function MaintenanceForm({ initial }: { initial: MaintenanceSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [title, setTitle] = useState(initial.title);
  const [message, setMessage] = useState(initial.message);
  const [startsAt, setStartsAt] = useState(toLocalInput(initial.startsAt));
  const [endsAt, setEndsAt] = useState(toLocalInput(initial.endsAt));
  const save = useMutation({
    mutationFn: () =>
      call(systemConsoleEndpoints.putMaintenance, {
        body: { enabled, title, message, startsAt: fromLocalInput(startsAt), endsAt: fromLocalInput(endsAt) },
      }),
    onSuccess: (value) => {
      queryClient.setQueryData(KEY, value);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      toast.show(t('settings.maintenance.saved'));
    },
  });
  const errors = fieldErrors(save.error);

  return (
    <SettingsForm
      saveLabel={t('settings.maintenance.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['enabled', 'title', 'message', 'startsAt', 'endsAt']}
      onSubmit={() => save.mutate()}
    >
      <Switch
        label={t('settings.maintenance.mode')}
        description={t('settings.maintenance.modeHint')}
        checked={enabled}
        onChange={setEnabled}
        error={errors.enabled}
      />
      <div className="form-grid">
        <TextField
          label={t('settings.maintenance.titleField')}
          value={title}
          maxLength={120}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          fieldClassName="span-2"
        />
        <TextArea
          label={t('settings.maintenance.message')}
          value={message}
          rows={4}
          onChange={(event) => setMessage(event.target.value)}
          error={errors.message}
          fieldClassName="span-2"
        />
        <TextField
          label={t('settings.maintenance.startsAt')}
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={errors.startsAt}
          hint={t('settings.maintenance.optional')}
        />
        <TextField
          label={t('settings.maintenance.endsAt')}
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={errors.endsAt}
          hint={t('settings.maintenance.optional')}
        />
      </div>
    </SettingsForm>
  );
}
