import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADJUSTMENT_CATEGORIES,
  adjustmentBody,
  formatMoney,
  type LedgerRecord,
  MAX_AMOUNT,
  walletConsoleEndpoints as wallet,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Select } from '../../ui/Select.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import './wallet.css';

const PAGE_SIZE = 20;

/** An amount with the currency's decimals, grouped, with its sign when asked. */
const amountText = (value: number, digits: number, language: string, signed = false) =>
  `${signed && value > 0 ? '+' : ''}${formatMoney(value, digits, language)}`;

/**
 * A player's wallet in the console: each account of the ledger with its balance, every entry with the balance
 * before and after, and (owner only) a manual adjustment with a reason, which the audit log keeps.
 */
export function PlayerWalletCard({ playerId, username }: { playerId: number; username: string }) {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const [pageNo, setPageNo] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const ledger = useQuery({
    queryKey: [wallet.memberLedger.path, playerId, pageNo],
    queryFn: ({ signal }) =>
      call(wallet.memberLedger, { params: { id: playerId }, query: { pageNo, pageSize: PAGE_SIZE }, signal }),
  });
  return (
    <Card
      title={t('playerWallet.title')}
      actions={
        mayCall(operator?.role, wallet.adjust) ? (
          <Button icon={<Icon name="edit" />} onClick={() => setAdjusting(true)}>
            {t('playerWallet.adjust')}
          </Button>
        ) : null
      }
    >
      <QueryView query={ledger}>
        {(data) => {
          const entries: Column<LedgerRecord>[] = [
            dateTimeColumn('createdAt', t('playerWallet.time'), i18n.language, (row) => row.createdAt),
            {
              key: 'kind',
              header: t('playerWallet.kind'),
              render: (row) => <Badge>{t(`playerWallet.kinds.${row.kind}`)}</Badge>,
            },
            monoColumn('wallet', t('playerWallet.wallet'), (row) => row.wallet),
            {
              key: 'amount',
              header: t('playerWallet.amount'),
              render: (row) => (
                <span className={row.amount < 0 ? 'amount-out' : 'amount-in'}>
                  {amountText(row.amount, data.digits, i18n.language, true)}
                </span>
              ),
            },
            {
              key: 'balances',
              header: t('playerWallet.beforeAfter'),
              render: (row) =>
                `${amountText(row.balanceBefore, data.digits, i18n.language)} → ${amountText(row.balanceAfter, data.digits, i18n.language)}`,
            },
            {
              key: 'reference',
              header: t('playerWallet.reference'),
              render: (row) => <span className="subtle">{row.remark || row.reference}</span>,
            },
          ];
          return (
            <div className="stack">
              <DetailList
                items={
                  data.accounts.length === 0
                    ? [{ label: t('playerWallet.accounts'), value: t('playerWallet.noAccounts') }]
                    : data.accounts.map((account) =>
                        // A trial account's play money is no currency: it is shown apart, without one.
                        account.kind === 'play'
                          ? {
                              label: t('playerWallet.playMoney'),
                              value: amountText(account.balance, data.digits, i18n.language),
                              mono: true,
                            }
                          : {
                              label: t('playerWallet.account', { wallet: account.wallet }),
                              value: `${data.currency} ${amountText(account.balance, account.kind === 'points' ? 0 : data.digits, i18n.language)}`,
                              mono: true,
                            },
                      )
                }
              />
              <Table
                caption={t('playerWallet.entries')}
                columns={entries}
                rows={data.entries.list}
                rowKey={(row) => row.id}
                empty={<EmptyState icon="activity" title={t('playerWallet.noEntries')} />}
              />
              <Pagination
                pageNo={pageNo}
                pageSize={PAGE_SIZE}
                total={data.entries.total}
                onChange={setPageNo}
              />
            </div>
          );
        }}
      </QueryView>
      {adjusting ? (
        <AdjustDialog
          playerId={playerId}
          username={username}
          wallets={
            ledger.data?.accounts
              .filter((account) => account.kind === 'main' || account.kind === 'vendor')
              .map((account) => account.wallet) ?? []
          }
          onClose={() => setAdjusting(false)}
        />
      ) : null}
    </Card>
  );
}

/** The adjustment as the console checks it before sending: the contract's body, and not zero. */
const adjustmentForm = adjustmentBody.refine((body) => body.amount !== 0, {
  path: ['amount'],
  message: 'invalid_value',
});

function AdjustDialog({
  playerId,
  username,
  wallets,
  onClose,
}: {
  playerId: number;
  username: string;
  wallets: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof adjustmentBody>, unknown, z.output<typeof adjustmentBody>>({
    resolver: zodResolver(adjustmentForm),
    // The operator picks a category: none is chosen at first.
    defaultValues: { memberId: playerId, wallet: 'main', amount: '', category: '' as never, reason: '' },
  });
  const adjust = useMutation({
    mutationFn: (body: z.output<typeof adjustmentBody>) => call(wallet.adjust, { body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: [wallet.memberLedger.path, playerId] });
      // Above the second-approval amount the adjustment waits for a different operator.
      toast.show(
        t(answer.status === 'posted' ? 'playerWallet.adjusted' : 'playerWallet.awaitingApproval', {
          name: username,
        }),
      );
      onClose();
    },
  });
  const server = fieldErrors(adjust.error);
  const local = form.formState.errors;
  const amountError =
    local.amount?.type === 'too_big'
      ? t('playerWallet.amountTooBig', { max: formatMoney(MAX_AMOUNT, 0, i18n.language) })
      : local.amount
        ? t('playerWallet.amountInvalid')
        : server.amount;
  const choices = [...new Set(['main', ...wallets])];
  return (
    <FormDialog
      title={t('playerWallet.adjustTitle', { name: username })}
      saveLabel={t('playerWallet.adjust')}
      saving={adjust.isPending}
      error={adjust.error}
      shownFields={['wallet', 'amount', 'category', 'reason']}
      onClose={onClose}
      onSubmit={() => {
        // A new attempt replaces the last answer: its banner goes, whatever this one says.
        adjust.reset();
        void form.handleSubmit((body) => adjust.mutate(body))();
      }}
    >
      <div className="stack">
        <Select
          label={t('playerWallet.wallet')}
          options={choices.map((value) => ({ value, label: value }))}
          {...form.register('wallet')}
        />
        <TextField
          label={t('playerWallet.amount')}
          hint={t('playerWallet.amountHint')}
          inputMode="decimal"
          required
          error={amountError}
          {...form.register('amount')}
        />
        <Select
          label={t('playerWallet.category')}
          required
          options={[
            { value: '', label: t('playerWallet.chooseCategory') },
            ...ADJUSTMENT_CATEGORIES.map((value) => ({
              value,
              label: t(`playerWallet.categories.${value}`),
            })),
          ]}
          error={local.category ? t('playerWallet.categoryRequired') : server.category}
          {...form.register('category')}
        />
        <TextArea
          label={t('playerWallet.reason')}
          required
          rows={3}
          error={local.reason ? t('playerWallet.reasonRequired') : server.reason}
          {...form.register('reason')}
        />
      </div>
    </FormDialog>
  );
}
