import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleSecurityEndpoints as security } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { FormError } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Card } from '../../ui/Card.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { useToast } from '../../ui/Toast.tsx';

const KEY = ['console-security'];

/** The owner's setting that asks every operator, not only owners and finance, for a second factor. */
export function ConsoleSecurityCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(security.getSettings, { signal }),
  });
  const save = useMutation({
    mutationFn: (totpRequiredForAll: boolean) => call(security.putSettings, { body: { totpRequiredForAll } }),
    onSuccess: (value) => {
      queryClient.setQueryData(KEY, value);
      toast.show(t('security.totpSettingSaved'));
    },
  });
  return (
    <Card title={t('security.totpTitle')} description={t('security.totpDescription')}>
      <QueryView query={settings}>
        {(data) => (
          <>
            <FormError error={save.error} />
            <Switch
              label={t('security.totpRequiredForAll')}
              description={t('security.totpRequiredForAllHint')}
              checked={data.totpRequiredForAll}
              disabled={save.isPending}
              onChange={(checked) => save.mutate(checked)}
            />
          </>
        )}
      </QueryView>
    </Card>
  );
}
