import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEPOSIT_REJECT_REASONS,
  DEPOSIT_STATUSES,
  type DepositChannel,
  type DepositStatus,
  type DepositView,
  depositBody,
  PAYER_REFERENCE_MAX,
  toMinor,
} from '@tessera/contract';
import { errorText, type ParamChanges, useUrlState } from '@tessera/ui';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../app/api.ts';
import { depositEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { CheckIcon, ExternalIcon } from '../../../ui/icons.tsx';
import {
  Button,
  CenteredSpinner,
  Pagination,
  Spinner,
  StatusBadge,
  type StatusTone,
} from '../../../ui/index.ts';
import { useFirstInvalidFocus } from '../../../ui/useFirstInvalidFocus.ts';
import { serverFieldErrors } from '../../auth/validation.ts';
import { DepositLimitOffer } from '../../responsible/DepositLimitOffer.tsx';
import { money, useBalance, walletKey } from '../queries.ts';
import { depositChannelsQuery, depositHistoryQuery, depositOrderQuery } from './queries.ts';
import '../wallet.css';
import './deposit.css';

const HISTORY_PAGE_SIZE = 10;

/** This page's address for the gateway to send the payer back to (without the order of an earlier return). */
function returnPathOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('depositOrder');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
type Form = z.input<typeof depositBody>;
type Body = z.output<typeof depositBody>;

/**
 * The contract's deposit body, held to the chosen channel as the server holds it: the amount within the channel's
 * minimum and maximum with no more decimals than the currency has, and a bank transfer's reference.
 */
function formSchema(channel: DepositChannel | undefined, digits: number) {
  return depositBody.superRefine((value, context) => {
    if (!channel) return;
    const amount = Number(value.amount);
    if (toMinor(amount, digits) === null) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'decimals' });
    } else if (amount < channel.minAmount || amount > channel.maxAmount) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'range' });
    }
    if (channel.kind === 'bank' && value.payerReference === '') {
      context.addIssue({ code: 'custom', path: ['payerReference'], message: 'reference' });
    }
  });
}

const STATUS_TONES: Record<DepositStatus, StatusTone> = {
  pending: 'attention',
  confirmed: 'success',
  rejected: 'danger',
  failed: 'danger',
};

function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={STATUS_TONES[status]}>{t(`deposit.statuses.${status}`)}</StatusBadge>;
}

/** The site's own reasons and finance's preset ones: codes the site translates. */
const KNOWN_REASONS = ['gateway_failed', 'gateway_refused', 'expired', ...DEPOSIT_REJECT_REASONS] as const;

/** A reason of the site's own (gateway_failed …) or a preset of finance's in the reader's words; an operator's as written. */
function reasonText(t: TFunction, reason: string): string {
  const own = KNOWN_REASONS.find((known) => known === reason);
  return own ? t(`deposit.reasons.${own}`) : reason;
}

/** The account a bank transfer goes to, each value copyable. */
function ReceivingAccount({ bank }: { bank: NonNullable<DepositChannel['bank']> }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(label);
      setTimeout(() => setCopied(null), 2000);
    } catch {
      setCopied(null);
    }
  };
  const rows: [string, string][] = [
    [t('deposit.bank.bankName'), bank.bankName],
    [t('deposit.bank.accountName'), bank.accountName],
    [t('deposit.bank.accountNumber'), bank.accountNumber],
  ];
  return (
    <section className="deposit-account" aria-labelledby="deposit-account-title">
      <h4 id="deposit-account-title" className="deposit-account__title">
        {t('deposit.bank.title')}
      </h4>
      <dl className="deposit-account__list">
        {rows.map(([label, value]) => (
          <div key={label} className="deposit-account__row">
            <dt>{label}</dt>
            <dd>
              <span className="deposit-account__value">{value}</span>
              <button
                type="button"
                className="deposit-copy"
                aria-label={t('deposit.bank.copy', { label })}
                onClick={() => void copy(label, value)}
              >
                {copied === label ? <CheckIcon /> : null}
                {copied === label ? t('deposit.bank.copied') : t('deposit.bank.copyShort')}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Where an online order stands right after it was placed: preparing the payment page, or why not yet. */
function GatewayProgress({ order }: { order: DepositView }) {
  const { t } = useTranslation();
  if (order.status !== 'pending') {
    return (
      <FormMessage tone="error">
        {t('deposit.progress.failed', { orderNo: order.orderNo, reason: reasonText(t, order.reason) })}
      </FormMessage>
    );
  }
  if (order.paymentUrl) {
    return (
      <FormMessage tone="info">
        <span>
          {t('deposit.progress.redirecting')} <a href={order.paymentUrl}>{t('deposit.progress.openPage')}</a>
        </span>
      </FormMessage>
    );
  }
  if (order.gatewayMessage === 'gateway_unavailable') {
    return (
      <FormMessage tone="info">{t('deposit.progress.unavailable', { orderNo: order.orderNo })}</FormMessage>
    );
  }
  return (
    <div className="deposit-progress" role="status">
      <Spinner size="sm" />
      <span>{t('deposit.progress.preparing', { orderNo: order.orderNo })}</span>
    </div>
  );
}

/** Back from the gateway's page: how the order the member just paid (or not) stands. */
function ReturnedOrder({ orderNo, digits, symbol }: { orderNo: string; digits: number; symbol: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const order = useQuery(depositOrderQuery(token, orderNo, 'settled'));
  if (!order.data) return null;
  const amount = `${symbol} ${money(order.data.amount, digits)}`;
  if (order.data.status === 'confirmed') {
    return <FormMessage tone="success">{t('deposit.returned.confirmed', { orderNo, amount })}</FormMessage>;
  }
  if (order.data.status === 'pending') {
    return (
      <div className="deposit-progress" role="status">
        <Spinner size="sm" />
        <span>{t('deposit.returned.pending', { orderNo, amount })}</span>
      </div>
    );
  }
  return (
    <FormMessage tone="error">
      {t('deposit.progress.failed', { orderNo, reason: reasonText(t, order.data.reason) })}
    </FormMessage>
  );
}

function Tutorial() {
  const { t } = useTranslation();
  const bankSteps = t('deposit.tutorial.bankSteps', { returnObjects: true }) as string[];
  const onlineSteps = t('deposit.tutorial.onlineSteps', { returnObjects: true }) as string[];
  return (
    <aside className="deposit-tutorial" aria-labelledby="deposit-tutorial-title">
      <h3 id="deposit-tutorial-title" className="deposit-section-title">
        {t('deposit.tutorial.title')}
      </h3>
      <div className="deposit-tutorial__part">
        <h4>{t('deposit.tutorial.online')}</h4>
        <ol>
          {onlineSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <div className="deposit-tutorial__part">
        <h4>{t('deposit.tutorial.bank')}</h4>
        <ol>
          {bankSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <p className="deposit-tutorial__note">{t('deposit.tutorial.safety')}</p>
    </aside>
  );
}

function History() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const [params, setParams] = useUrlState();
  const statusParam = params.get('status');
  const status = (DEPOSIT_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as DepositStatus)
    : undefined;
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const history = useQuery(depositHistoryQuery(token, { pageNo, pageSize: HISTORY_PAGE_SIZE, status }));
  const digits = useQuery(depositChannelsQuery(token)).data?.digits ?? 2;
  const statusId = useId();
  const update = (changes: ParamChanges) => setParams(changes, { replace: true });
  const data = history.data;
  return (
    <section className="deposit-history" aria-labelledby="deposit-history-title">
      <div className="deposit-history__head">
        <h3 id="deposit-history-title" className="deposit-section-title">
          {t('deposit.history.title')}
        </h3>
        <label className="wallet-select deposit-history__filter" htmlFor={statusId}>
          {t('deposit.history.status')}
          <select
            id={statusId}
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value || null, pageNo: null })}
          >
            <option value="">{t('deposit.history.allStatuses')}</option>
            {DEPOSIT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`deposit.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {history.isError ? <FormMessage tone="error">{errorText(t, history.error)}</FormMessage> : null}
      {!data ? (
        history.isPending ? (
          <CenteredSpinner label={t('common.loading')} />
        ) : null
      ) : data.list.length === 0 ? (
        <p className="wallet-empty">
          {t(status ? 'deposit.history.emptyFiltered' : 'deposit.history.empty')}
        </p>
      ) : (
        <>
          <div className="wallet-table-wrap">
            <table className="wallet-table deposit-table">
              <caption className="visually-hidden">{t('deposit.history.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('deposit.history.time')}</th>
                  <th scope="col">{t('deposit.history.order')}</th>
                  <th scope="col">{t('deposit.history.channel')}</th>
                  <th scope="col" className="num">
                    {t('deposit.amount')}
                  </th>
                  <th scope="col">{t('deposit.history.status')}</th>
                  <th scope="col">{t('deposit.history.details')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((row) => (
                  <tr key={row.orderNo}>
                    <td>{formatDateTime(row.createdAt, locale)}</td>
                    <td className="deposit-table__order">{row.orderNo}</td>
                    <td>{row.channelName}</td>
                    <td className="num">{money(row.amount, digits)}</td>
                    <td>
                      <DepositStatusBadge status={row.status} />
                    </td>
                    <td className="deposit-table__details">
                      {row.status === 'pending' && row.paymentUrl ? (
                        <a
                          href={row.paymentUrl}
                          aria-label={t('deposit.history.payOrder', { orderNo: row.orderNo })}
                        >
                          {t('deposit.history.pay')}
                        </a>
                      ) : row.status === 'pending' && row.gatewayMessage === 'gateway_unavailable' ? (
                        t('deposit.history.gatewayWaiting')
                      ) : row.status === 'pending' ? (
                        t(
                          row.kind === 'bank'
                            ? 'deposit.history.bankWaiting'
                            : 'deposit.history.gatewayPreparing',
                        )
                      ) : row.reason ? (
                        reasonText(t, row.reason)
                      ) : row.payerReference ? (
                        t('deposit.history.reference', { reference: row.payerReference })
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data.pageNo}
            pageCount={Math.ceil(data.total / data.pageSize)}
            label={t('deposit.history.pages')}
            onChange={(page) => update({ pageNo: page > 1 ? String(page) : null })}
          />
        </>
      )}
    </section>
  );
}

/**
 * Deposit (member centre page depositv2): the channels finance configured, an amount (presets, minimum and maximum),
 * for a bank transfer the receiving account and the transfer's reference, for an online gateway a trip to its
 * payment page; a tutorial, and the history of the member's deposits with their statuses.
 */
export default function DepositPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const returned = /^D\d{16}$/.test(params.get('depositOrder') ?? '') ? params.get('depositOrder') : null;
  const queryClient = useQueryClient();
  const balance = useBalance();
  const channels = useQuery(depositChannelsQuery(token));
  const list = channels.data?.channels ?? [];
  const digits = channels.data?.digits ?? 2;
  const symbol = channels.data?.currencySymbol ?? '';
  const [channelId, setChannelId] = useState<number | null>(null);
  const channel = list.find((candidate) => candidate.id === channelId) ?? list[0];
  const schema = useMemo(() => formSchema(channel, digits), [channel, digits]);
  const form = useForm<Form, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues: { channelId: 0, amount: '', payerReference: '' },
  });
  const [pendingOrder, setPendingOrder] = useState<string | null>(null);
  const order = useQuery(depositOrderQuery(token, pendingOrder));
  const focus = useFirstInvalidFocus();
  const paymentUrl = order.data?.status === 'pending' ? order.data.paymentUrl : null;

  useEffect(() => {
    if (channel) form.setValue('channelId', channel.id);
  }, [channel, form]);
  // The gateway's payment page is ready: the member goes there to pay.
  useEffect(() => {
    if (paymentUrl) window.location.assign(paymentUrl);
  }, [paymentUrl]);

  const submit = useMutation({
    mutationFn: (body: Body) =>
      api(depositEndpoints.createDeposit, {
        body: {
          ...body,
          ...(channel?.kind === 'gateway'
            ? { returnPath: returnPathOf(location.pathname, location.search) }
            : {}),
        },
      }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: walletKey(token) });
      if (created.kind === 'gateway') setPendingOrder(created.orderNo);
      else form.reset({ channelId: created.channelId, amount: '', payerReference: '' });
    },
    onError: () => focus.refused(),
  });

  if (channels.isError) return <FormMessage tone="error">{errorText(t, channels.error)}</FormMessage>;
  if (!channels.data) return <CenteredSpinner label={t('common.loading')} />;
  const server = serverFieldErrors(submit.error);
  const issue = (name: 'amount' | 'payerReference') => {
    const error = form.formState.errors[name];
    if (!error) return server[name];
    if (name === 'payerReference') {
      if (error.message === 'invalid_format') return t('deposit.errors.referenceFormat');
      if (error.type === 'too_big') return t('deposit.errors.referenceLength', { max: PAYER_REFERENCE_MAX });
      return t('deposit.errors.reference');
    }
    if (error.message === 'decimals') return t('deposit.errors.decimals', { digits });
    return channel
      ? t('deposit.errors.range', {
          min: `${symbol} ${money(channel.minAmount, digits)}`,
          max: `${symbol} ${money(channel.maxAmount, digits)}`,
        })
      : t('deposit.errors.amount');
  };
  const amountValue = form.watch('amount');
  const busy =
    submit.isPending ||
    (pendingOrder !== null && order.data?.status === 'pending' && !order.data.gatewayMessage);

  return (
    <div className="wallet-page deposit">
      <div className="deposit__head">
        <h2 className="wallet-page__title">{t('memberCentre.pages.depositv2')}</h2>
        {balance.data ? (
          <p className="deposit__balance">
            <span>{t('deposit.balance')}</span>{' '}
            <strong data-testid="deposit-balance">
              {balance.data.currencySymbol} {money(balance.data.sumBalance, balance.data.digits)}
            </strong>
          </p>
        ) : null}
      </div>

      <DepositLimitOffer />
      {returned ? <ReturnedOrder orderNo={returned} digits={digits} symbol={symbol} /> : null}

      <div className="deposit__layout">
        {!channels.data.available || list.length === 0 || !channel ? (
          <p className="wallet-empty">
            {t(channels.data.available ? 'deposit.noChannels' : 'deposit.unavailable')}
          </p>
        ) : (
          <form
            ref={focus.ref}
            className="deposit-form"
            noValidate
            aria-labelledby="deposit-form-title"
            onSubmit={(event) => {
              // A new attempt replaces the last answer: its banner goes. A field the form refuses is focused (in
              // view); one the server refuses too (onError).
              submit.reset();
              setPendingOrder(null);
              void form.handleSubmit((body) => submit.mutate(body))(event);
            }}
          >
            <h3 id="deposit-form-title" className="visually-hidden">
              {t('deposit.formTitle')}
            </h3>
            <fieldset className="deposit-channels">
              <legend className="deposit-step">
                <span aria-hidden="true">1</span>
                {t('deposit.chooseChannel')}
              </legend>
              <div className="deposit-channels__grid">
                {list.map((candidate) => {
                  const id = `deposit-channel-${candidate.id}`;
                  return (
                    <div
                      key={candidate.id}
                      className={`deposit-channel${candidate.id === channel.id ? ' deposit-channel--selected' : ''}`}
                    >
                      <input
                        id={id}
                        type="radio"
                        name="deposit-channel"
                        className="deposit-channel__radio"
                        checked={candidate.id === channel.id}
                        aria-describedby={`${id}-limits`}
                        onChange={() => {
                          setChannelId(candidate.id);
                          submit.reset();
                          form.clearErrors();
                        }}
                      />
                      <label htmlFor={id} className="deposit-channel__name">
                        {candidate.name}
                      </label>
                      <span className="deposit-channel__kind">{t(`deposit.kinds.${candidate.kind}`)}</span>
                      <span id={`${id}-limits`} className="deposit-channel__limits">
                        {t('deposit.range', {
                          min: `${symbol} ${money(candidate.minAmount, digits)}`,
                          max: `${symbol} ${money(candidate.maxAmount, digits)}`,
                        })}
                      </span>
                    </div>
                  );
                })}
              </div>
            </fieldset>

            <fieldset className="deposit-amount">
              <legend className="deposit-step">
                <span aria-hidden="true">2</span>
                {t('deposit.enterAmount')}
              </legend>
              {channel.presets.length > 0 ? (
                <fieldset className="deposit-presets">
                  <legend className="visually-hidden">{t('deposit.presets')}</legend>
                  {channel.presets.map((preset) => (
                    <button
                      key={preset}
                      type="button"
                      className="deposit-preset"
                      aria-pressed={Number(amountValue) === preset}
                      onClick={() => form.setValue('amount', String(preset), { shouldValidate: true })}
                    >
                      {symbol} {money(preset, digits)}
                    </button>
                  ))}
                </fieldset>
              ) : null}
              <Controller
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <Field
                    ref={field.ref}
                    label={t('deposit.amount')}
                    inputMode="decimal"
                    autoComplete="off"
                    value={String(field.value ?? '')}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={issue('amount')}
                    hint={t('deposit.limits', {
                      min: `${symbol} ${money(channel.minAmount, digits)}`,
                      max: `${symbol} ${money(channel.maxAmount, digits)}`,
                    })}
                    required
                  />
                )}
              />
            </fieldset>

            <fieldset className="deposit-pay">
              <legend className="deposit-step">
                <span aria-hidden="true">3</span>
                {t(channel.kind === 'bank' ? 'deposit.bank.step' : 'deposit.gateway.step')}
              </legend>
              {channel.instructions ? <p className="deposit-instructions">{channel.instructions}</p> : null}
              {channel.kind === 'bank' && channel.bank ? (
                <>
                  <ReceivingAccount bank={channel.bank} />
                  <Controller
                    control={form.control}
                    name="payerReference"
                    render={({ field }) => (
                      <Field
                        ref={field.ref}
                        label={t('deposit.bank.reference')}
                        hint={t('deposit.bank.referenceHint')}
                        autoComplete="off"
                        value={field.value ?? ''}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={issue('payerReference')}
                        required
                      />
                    )}
                  />
                </>
              ) : (
                <p className="deposit-note">
                  <ExternalIcon />
                  {t('deposit.gateway.note')}
                </p>
              )}
            </fieldset>

            {submit.isError ? <FormMessage tone="error">{errorText(t, submit.error)}</FormMessage> : null}
            {submit.isSuccess && submit.data.kind === 'bank' ? (
              <FormMessage tone="success">
                {t('deposit.bank.submitted', {
                  orderNo: submit.data.orderNo,
                  amount: `${symbol} ${money(submit.data.amount, digits)}`,
                })}
              </FormMessage>
            ) : null}
            {order.data ? <GatewayProgress order={order.data} /> : null}
            <Button type="submit" variant="primary" size="lg" loading={busy} disabled={busy}>
              {t(channel.kind === 'bank' ? 'deposit.bank.submit' : 'deposit.gateway.submit')}
            </Button>
          </form>
        )}
        <Tutorial />
      </div>

      <History />
    </div>
  );
}
