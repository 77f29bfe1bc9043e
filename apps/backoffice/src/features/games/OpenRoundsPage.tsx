import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gamesConsoleEndpoints as api, type OpenProviderRound, roundSettlement } from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { RowButton } from '../../ui/Button.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';

/**
 * Provider rounds left open: the provider's win or rollback never reached the wallet. Finance settles one with the
 * result the provider reports, or gives every stake back; the provider's own late win of it is then refused.
 */
export function OpenRoundsPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const role = useSession().operator?.role;
  const [settling, setSettling] = useState<OpenProviderRound | null>(null);
  const rounds = useSearchList(api.openRounds, ['olderThanMinutes'], (applied) => ({
    olderThanMinutes: optional(applied.olderThanMinutes) as unknown as number | undefined,
  }));
  const canSettle = mayCall(role, api.settleRound);
  const columns: Column<OpenProviderRound>[] = [
    dateTimeColumn('startedAt', t('openRounds.startedAt'), i18n.language, (row) => row.startedAt),
    {
      key: 'member',
      header: t('openRounds.member'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.username}</span>
          <span className="cell-below mono">#{row.memberId}</span>
        </>
      ),
    },
    {
      key: 'game',
      header: t('openRounds.game'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.gameName}</span>
          <span className="cell-below">
            {row.provider} · {row.vassalage}
          </span>
        </>
      ),
    },
    monoColumn('roundRef', t('openRounds.round'), (row) => row.roundRef),
    { key: 'bet', header: t('openRounds.stake'), render: (row) => money.format(row.bet) },
    { key: 'win', header: t('openRounds.won'), render: (row) => money.format(row.win) },
    ...(canSettle
      ? [
          {
            key: 'actions',
            header: t('common.actions'),
            render: (row: OpenProviderRound) => (
              <RowButton
                icon="check"
                aria-label={t('openRounds.settleOf', { round: row.roundRef, member: row.username })}
                onClick={() => setSettling(row)}
              >
                {t('openRounds.settle')}
              </RowButton>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <SearchListPage
        page="openRounds"
        list={rounds}
        columns={columns}
        filters={<FilterText name="olderThanMinutes" type="number" inputMode="numeric" min={0} />}
      />
      {settling ? <SettleDialog round={settling} onClose={() => setSettling(null)} /> : null}
    </>
  );
}

type SettleForm = z.input<typeof roundSettlement>;

function SettleDialog({ round, onClose }: { round: OpenProviderRound; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<SettleForm, unknown, z.output<typeof roundSettlement>>({
    resolver: zodResolver(roundSettlement),
    defaultValues: { outcome: 'refund' },
    shouldUnregister: true,
  });
  const settle = useMutation({
    mutationFn: (body: z.output<typeof roundSettlement>) =>
      call(api.settleRound, { params: { id: round.id }, body }),
    onSuccess: (settled) => {
      void queryClient.invalidateQueries({ queryKey: [api.openRounds.path] });
      toast.show(
        t(settled.status === 'void' ? 'openRounds.refunded' : 'openRounds.settled', {
          round: settled.roundRef,
        }),
        'success',
      );
      onClose();
    },
  });
  const outcome = form.watch('outcome');
  const serverErrors = fieldErrors(settle.error);
  const winError = (form.formState.errors as { win?: { message?: string } }).win;
  return (
    <FormDialog
      title={t('openRounds.settleTitle', { round: round.roundRef })}
      saveLabel={t('openRounds.settle')}
      saving={settle.isPending}
      error={settle.error}
      shownFields={['win']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => settle.mutate(body))}
    >
      <div className="stack-lg">
        <DetailList
          items={[
            { label: t('openRounds.member'), value: round.username },
            { label: t('openRounds.game'), value: `${round.gameName} (${round.provider})` },
            { label: t('openRounds.stake'), value: money.format(round.bet) },
          ]}
        />
        <Select
          label={t('openRounds.outcome')}
          options={[
            { value: 'refund', label: t('openRounds.outcomes.refund') },
            { value: 'result', label: t('openRounds.outcomes.result') },
          ]}
          {...form.register('outcome')}
        />
        {outcome === 'result' ? (
          <TextField
            label={t('openRounds.win', { currency: money.currency })}
            hint={t('openRounds.winHint')}
            inputMode="decimal"
            required
            error={winError ? t('openRounds.winInvalid') : serverErrors.win}
            {...form.register('win')}
          />
        ) : null}
      </div>
    </FormDialog>
  );
}
