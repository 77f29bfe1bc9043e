import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsConsoleEndpoints as bo, ENCRYPTION } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { ConsoleSecurityCard } from './ConsoleSecurityCard.tsx';

const KEY = ['encryption-key'];

/** The key pair that encrypts the login, registration and password forms, and its rotation (owner only). */
export function SecurityPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(bo.encryptionKey, { signal }) });
  const rotate = useMutation({
    mutationFn: () => call(bo.rotateEncryptionKey),
    onSuccess: (rotated) => {
      queryClient.setQueryData(KEY, rotated);
      setConfirming(false);
      toast.show(t('security.rotated', { keyId: rotated.keyId }));
    },
  });
  return (
    <>
      <PageHeader title={t('nav.security')} description={t('security.description')} />
      <Card
        title={t('security.keyTitle')}
        description={t('security.keyDescription')}
        actions={
          <Button
            variant="danger"
            icon={<Icon name="refresh" />}
            disabled={!key.data}
            onClick={() => {
              rotate.reset();
              setConfirming(true);
            }}
          >
            {t('security.rotate')}
          </Button>
        }
      >
        <QueryView query={key}>
          {(data) => (
            <DetailList
              items={[
                { label: t('security.keyId'), value: data.keyId, mono: true },
                { label: t('security.algorithm'), value: ENCRYPTION.keyAlgorithm, mono: true },
                { label: t('security.createdAt'), value: formatDateTime(data.createdAt, i18n.language) },
              ]}
            />
          )}
        </QueryView>
      </Card>
      <ConsoleSecurityCard />
      {confirming ? (
        <ActionDialog
          title={t('security.rotateTitle')}
          message={t('security.rotateMessage')}
          confirmLabel={t('security.rotate')}
          busy={rotate.isPending}
          error={rotate.error}
          onCancel={() => setConfirming(false)}
          onConfirm={() => rotate.mutate()}
        />
      ) : null}
    </>
  );
}
