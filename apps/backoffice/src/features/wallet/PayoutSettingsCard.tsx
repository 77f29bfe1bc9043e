import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  depositConsoleEndpoints,
  type PayoutSettings,
  payoutSettings,
  payoutEndpoints as payouts,
} from '@tessera/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Select } from '../../ui/Select.tsx';
import { useToast } from '../../ui/Toast.tsx';

const KEY = [payouts.settings.path];

/** Which gateway channel pays approved withdrawals, or none (finance pays by hand). Finance only; audited. */
export function PayoutSettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(payouts.settings, { signal }) });
  return (
    <Card title={t('cashierSettings.payoutTitle')} description={t('cashierSettings.payoutDescription')}>
      <QueryView query={settings}>{(data) => <PayoutForm initial={data} />}</QueryView>
    </Card>
  );
}

function PayoutForm({ initial }: { initial: PayoutSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const channels = useQuery({
    queryKey: ['payment-channels'],
    queryFn: ({ signal }) => call(depositConsoleEndpoints.channels.list, { signal }),
  });
  const form = useForm<z.input<typeof payoutSettings>, unknown, PayoutSettings>({
    resolver: zodResolver(payoutSettings),
    defaultValues: initial,
  });
  const save = useMutation({
    mutationFn: (body: PayoutSettings) => call(payouts.saveSettings, { body }),
    onSuccess: (value) => {
      queryClient.setQueryData(KEY, value);
      form.reset(value);
      toast.show(t('cashierSettings.payoutSaved'));
    },
  });
  const server = fieldErrors(save.error);
  const gateways = (channels.data ?? []).filter((channel) => channel.kind === 'gateway');
  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <FormError error={save.error} shownFields={['channelId']} />
      <Controller
        control={form.control}
        name="channelId"
        render={({ field }) => (
          <Select
            label={t('cashierSettings.payoutChannel')}
            hint={t('cashierSettings.payoutChannelHint')}
            error={server.channelId}
            options={[
              { value: '', label: t('cashierSettings.payoutManual') },
              ...gateways.map((channel) => ({ value: String(channel.id), label: channel.name })),
            ]}
            value={field.value == null ? '' : String(field.value)}
            onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
            onBlur={field.onBlur}
            name={field.name}
          />
        )}
      />
      <div>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
