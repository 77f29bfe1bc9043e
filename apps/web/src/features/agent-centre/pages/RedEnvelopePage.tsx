import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RED_ENVELOPE_MAX_RECIPIENTS, type RedEnvelopeRow, sendRedEnvelopeBody } from '@tessera/contract';
import { useUrlState } from '@tessera/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { agentReportCentreEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { Button, CenteredSpinner, Pagination } from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { refusal } from '../../auth/validation.ts';
import { AmountField } from '../../wallet/AmountField.tsx';
import { money, useBalance, walletKey } from '../../wallet/queries.ts';
import { teamKey, teamQuery } from '../queries-a.ts';
import { agentReportsKey, redEnvelopesQuery } from '../queries-b.ts';
import { pageOf, UsernameSearch } from './ReportFilters.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

type Form = z.input<typeof sendRedEnvelopeBody>;
type Body = z.output<typeof sendRedEnvelopeBody>;
const SPLITS = ['fixed', 'random'] as const;
const PAGE_SIZE = 10;
const CANDIDATES = 20;

/**
 * Red envelope (agentRedRain): the agent splits an amount from its own main wallet across members of its team it
 * picks (searched by name), in equal or random shares; the shares each received show once it is sent, and the
 * envelopes sent before are listed below, newest first. The server checks the team, the balance and the amount.
 */
export default function RedEnvelopePage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { data: balance } = useBalance();
  const [params, update] = useUrlState();
  const pageNo = pageOf(params);
  const [search, setSearch] = useState('');
  /** Names of the chosen members, by id (the form holds the ids). */
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const candidates = useQuery(
    teamQuery(token, { ...(search ? { username: search } : {}), pageNo: 1, pageSize: CANDIDATES }),
  );
  const history = useQuery(redEnvelopesQuery(token, { pageNo, pageSize: PAGE_SIZE }));
  const form = useForm<Form>({
    resolver: zodResolver(sendRedEnvelopeBody),
    defaultValues: { amount: '', recipients: [], split: 'fixed' },
  });
  const send = useMutation({
    mutationFn: (body: Body) => api(agentReportCentreEndpoints.send, { body }),
    onSuccess: () => {
      form.reset();
      setChosen(new Map());
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
      void queryClient.invalidateQueries({ queryKey: agentReportsKey(token) });
      void queryClient.invalidateQueries({ queryKey: teamKey(token) });
    },
  });
  const toggle = (id: number, username: string) => {
    const next = new Map(chosen);
    if (next.has(id)) next.delete(id);
    else next.set(id, username);
    setChosen(next);
    form.setValue('recipients', [...next.keys()], { shouldValidate: form.formState.isSubmitted });
  };
  const digits = history.data?.digits ?? balance?.digits ?? 2;
  const symbol = balance?.currencySymbol ?? '';
  const main = balance?.wallets.find((wallet) => wallet.wallet === 'main')?.balance;
  const refused = refusal(t, send.error, { shown: ['amount', 'recipients', 'split'], asSent: true });
  const recipientsError = form.formState.errors.recipients;
  const columns: Column<RedEnvelopeRow>[] = [
    {
      key: 'time',
      header: t('agentCentre.reports.time'),
      render: (row) => formatDateTime(row.createdAt, locale),
    },
    { key: 'total', header: t('wallet.amount'), className: 'num', render: (row) => money(row.total, digits) },
    {
      key: 'split',
      header: t('agentCentre.redEnvelope.split'),
      render: (row) => t(`agentCentre.redEnvelope.splits.${row.split}`),
    },
    {
      key: 'shares',
      header: t('agentCentre.redEnvelope.shares'),
      render: (row) =>
        row.shares.map((share) => `${share.username} ${money(share.amount, digits)}`).join(' · '),
    },
  ];
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / PAGE_SIZE)) : 1;
  const title = t('agentCentre.pages.agentRedRain');
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{title}</h2>
      <form
        className="wallet-form"
        noValidate
        onSubmit={(event) => {
          // A new attempt replaces the last answer: its message goes, whatever this one says.
          send.reset();
          void form.handleSubmit((body) => send.mutate(body as Body))(event);
        }}
      >
        <dl className="wallet-facts">
          <div>
            <dt>{t('wallet.mainWallet')}</dt>
            <dd>{main === undefined ? '…' : `${symbol} ${money(main, digits)}`}</dd>
          </div>
        </dl>
        <AmountField control={form.control} name="amount" serverError={refused.fields.amount} />
        <Controller
          control={form.control}
          name="split"
          render={({ field }) => (
            <fieldset className="agent-split">
              <legend>{t('agentCentre.redEnvelope.split')}</legend>
              {SPLITS.map((split) => (
                <label key={split} className="agent-split__option">
                  <input
                    type="radio"
                    name={field.name}
                    value={split}
                    checked={field.value === split}
                    onChange={() => field.onChange(split)}
                  />
                  <span>
                    <strong>{t(`agentCentre.redEnvelope.splits.${split}`)}</strong>
                    <small>{t(`agentCentre.redEnvelope.splitHints.${split}`)}</small>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        />
        <fieldset className="agent-recipients">
          <legend>
            {t('agentCentre.redEnvelope.recipients', {
              chosen: chosen.size,
              max: RED_ENVELOPE_MAX_RECIPIENTS,
            })}
          </legend>
          {chosen.size > 0 ? (
            <ul className="agent-chips">
              {[...chosen].map(([id, username]) => (
                <li key={id}>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('agentCentre.redEnvelope.remove', { username })}
                    onClick={() => toggle(id, username)}
                  >
                    {username} ×
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <UsernameSearch value={search} onSearch={setSearch} />
          {!candidates.data ? (
            <CenteredSpinner label={t('common.loading')} />
          ) : candidates.data.list.length === 0 ? (
            <p className="wallet-empty">{t('agentCentre.redEnvelope.noMembers')}</p>
          ) : (
            <ul className="agent-candidates">
              {candidates.data.list.map((member) => (
                <li key={member.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={chosen.has(member.id)}
                      onChange={() => toggle(member.id, member.username)}
                    />
                    <span>{member.username}</span>
                    <small>{t('agentCentre.redEnvelope.level', { level: member.level })}</small>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {recipientsError || refused.fields.recipients ? (
            <FormMessage tone="error">
              {refused.fields.recipients ?? t('agentCentre.redEnvelope.chooseRecipients')}
            </FormMessage>
          ) : null}
        </fieldset>
        {send.isError && refused.message ? <FormMessage tone="error">{refused.message}</FormMessage> : null}
        {send.isSuccess ? (
          <FormMessage tone="success">
            {t('agentCentre.redEnvelope.sent', {
              shares: send.data.shares
                .map((share) => `${share.username} ${money(share.amount, digits)}`)
                .join(', '),
            })}
          </FormMessage>
        ) : null}
        <Button type="submit" variant="primary" size="lg" loading={send.isPending}>
          {t('agentCentre.redEnvelope.send')}
        </Button>
      </form>
      <h3 className="agent-subtitle">{t('agentCentre.redEnvelope.history')}</h3>
      {!history.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : (
        <Table
          caption={t('agentCentre.redEnvelope.history')}
          columns={columns}
          rows={history.data.list}
          rowKey={(row) => row.id}
          empty={<p className="wallet-empty">{t('agentCentre.redEnvelope.noHistory')}</p>}
        />
      )}
      {pages > 1 ? (
        <Pagination
          page={pageNo}
          pageCount={pages}
          label={t('agentCentre.reports.pages')}
          onChange={(page) => update({ pageNo: String(page) })}
        />
      ) : null}
    </div>
  );
}
