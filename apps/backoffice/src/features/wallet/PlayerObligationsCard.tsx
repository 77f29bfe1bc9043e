import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatMoney,
  obligationCancelBody,
  type TurnoverObligation,
  walletConsoleEndpoints as wallet,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

const STATUS_TONES = { open: 'warning', met: 'success', expired: 'neutral', cancelled: 'neutral' } as const;

/**
 * A player's turnover obligations in the console: each credit that carries a wagering requirement, what it requires,
 * what was wagered towards it and what remains; an operator who may cancels an open one with a reason (audited).
 */
export function PlayerObligationsCard({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const [cancelling, setCancelling] = useState<TurnoverObligation | null>(null);
  const obligations = useQuery({
    queryKey: [wallet.memberObligations.path, playerId],
    queryFn: ({ signal }) => call(wallet.memberObligations, { params: { id: playerId }, signal }),
  });
  const mayCancel = mayCall(operator?.role, wallet.cancelObligation);
  return (
    <Card title={t('playerObligations.title')}>
      <QueryView query={obligations}>
        {(data) => {
          const amount = (value: number) => formatMoney(value, data.digits, i18n.language);
          const columns: Column<TurnoverObligation>[] = [
            dateTimeColumn(
              'createdAt',
              t('playerObligations.created'),
              i18n.language,
              (row) => row.createdAt,
            ),
            {
              key: 'source',
              header: t('playerObligations.source'),
              render: (row) => (
                <>
                  <Badge>{t(`playerObligations.sources.${row.source}`)}</Badge>{' '}
                  <span className="subtle">{row.sourceRef}</span>
                </>
              ),
            },
            { key: 'amount', header: t('playerObligations.amount'), render: (row) => amount(row.amount) },
            {
              key: 'required',
              header: t('playerObligations.required'),
              render: (row) => amount(row.required),
            },
            {
              key: 'contributed',
              header: t('playerObligations.contributed'),
              render: (row) => amount(row.contributed),
            },
            {
              key: 'remaining',
              header: t('playerObligations.remaining'),
              render: (row) => amount(row.remaining),
            },
            {
              key: 'scope',
              header: t('playerObligations.scope'),
              render: (row) => row.productScope ?? t('playerObligations.allProducts'),
            },
            {
              key: 'expires',
              header: t('playerObligations.expires'),
              render: (row) => (row.expiresAt ? formatDateTime(row.expiresAt, i18n.language) : '—'),
            },
            {
              key: 'status',
              header: t('playerObligations.status'),
              render: (row) => (
                <span title={row.cancelReason ?? undefined}>
                  <Badge tone={STATUS_TONES[row.status]}>
                    {t(`playerObligations.statuses.${row.status}`)}
                  </Badge>
                </span>
              ),
            },
            {
              key: 'actions',
              header: t('playerObligations.actions'),
              render: (row) =>
                mayCancel && row.status === 'open' ? (
                  <Button variant="ghost" onClick={() => setCancelling(row)}>
                    {t('playerObligations.cancel')}
                  </Button>
                ) : null,
            },
          ];
          return (
            <Table
              caption={t('playerObligations.title')}
              columns={columns}
              rows={data.list}
              rowKey={(row) => row.id}
              empty={<EmptyState icon="activity" title={t('playerObligations.none')} />}
            />
          );
        }}
      </QueryView>
      {cancelling ? (
        <CancelDialog playerId={playerId} obligation={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </Card>
  );
}

function CancelDialog({
  playerId,
  obligation,
  onClose,
}: {
  playerId: number;
  obligation: TurnoverObligation;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof obligationCancelBody>, unknown, z.output<typeof obligationCancelBody>>({
    resolver: zodResolver(obligationCancelBody),
    defaultValues: { reason: '' },
  });
  const cancel = useMutation({
    mutationFn: (body: z.output<typeof obligationCancelBody>) =>
      call(wallet.cancelObligation, { params: { id: playerId, obligationId: obligation.id }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [wallet.memberObligations.path, playerId] });
      toast.show(t('playerObligations.cancelled'));
      onClose();
    },
  });
  const server = fieldErrors(cancel.error);
  return (
    <FormDialog
      title={t('playerObligations.cancelTitle', {
        source: t(`playerObligations.sources.${obligation.source}`),
      })}
      saveLabel={t('playerObligations.cancel')}
      saving={cancel.isPending}
      error={cancel.error}
      shownFields={['reason']}
      onClose={onClose}
      onSubmit={() => {
        cancel.reset();
        void form.handleSubmit((body) => cancel.mutate(body))();
      }}
    >
      <TextArea
        label={t('playerObligations.reason')}
        required
        rows={3}
        error={form.formState.errors.reason ? t('playerObligations.reasonRequired') : server.reason}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}
