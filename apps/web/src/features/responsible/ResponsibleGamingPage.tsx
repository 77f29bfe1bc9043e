import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  amount,
  type LimitKind,
  REALITY_CHECK_MINUTES,
  type ResponsibleLimit,
  type ResponsibleOverview,
  SELF_EXCLUSION_MONTHS,
  TIME_OUT_MAX_DAYS,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import { responsibleEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { ExternalIcon, PauseIcon, ShieldIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal } from '../../ui/index.ts';
import { FormField } from '../auth/fields.tsx';
import { refusal } from '../auth/validation.ts';
import { AmountField } from '../wallet/AmountField.tsx';
import { money } from '../wallet/queries.ts';
import { responsibleKey, responsibleQuery } from './queries.ts';
import { SessionClock } from './SessionClock.tsx';
import '../wallet/wallet.css';
import './responsible.css';

const GROUPS: { key: 'deposit' | 'loss' | 'stake' | 'time'; kinds: LimitKind[] }[] = [
  { key: 'deposit', kinds: ['deposit_day', 'deposit_week', 'deposit_month'] },
  { key: 'loss', kinds: ['loss_day', 'loss_week', 'loss_month'] },
  { key: 'stake', kinds: ['stake_day', 'stake_week', 'stake_month'] },
  { key: 'time', kinds: ['session_minutes', 'daily_minutes'] },
];
const TIME_OUT_DAYS = [1, 7, 30] as const;
/** Organisations that help with gambling problems, free and confidential. */
const HELP_LINKS = [
  { key: 'gamcare', url: 'https://www.gamcare.org.uk/' },
  { key: 'beGambleAware', url: 'https://www.begambleaware.org/' },
  { key: 'gamblersAnonymous', url: 'https://www.gamblersanonymous.org/' },
  { key: 'gamblingTherapy', url: 'https://www.gamblingtherapy.org/' },
] as const;

const moneySchema = z.object({ value: amount });
const minutesSchema = z.object({
  value: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});
const daysSchema = z.object({ days: z.coerce.number().int().min(1).max(TIME_OUT_MAX_DAYS) });
type ValueForm = { value: string | number };
type DaysForm = { days: string | number };

function useFormats(data: ResponsibleOverview) {
  const locale = useDateLocale();
  const instant = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    amount: (value: number) => `${data.currencySymbol} ${money(value, data.digits)}`,
    instant: (iso: string) => instant.format(new Date(iso)),
  };
}

/** One change of the controls: the answer is the new overview, put in the cache at once. */
function useChange<T>(fn: (input: T) => Promise<ResponsibleOverview>) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (overview) => queryClient.setQueryData(responsibleQuery(token).queryKey, overview),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: responsibleKey(token) }),
  });
}

/**
 * The member centre's Responsible gaming page: the session of play, every limit with its use and any change
 * waiting, the reality check, a time-out or self-exclusion, and where to find help. A limit lowered holds at once;
 * a raise or a removal waits 24 hours and then asks for the member's confirmation.
 */
export default function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const overview = useQuery(responsibleQuery(token));
  const data = overview.data;
  return (
    <div className="wallet-page responsible-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.responsibleGaming')}</h2>
      <p className="responsible-page__lead">{t('responsible.lead')}</p>
      {overview.isError ? <FormMessage tone="error">{errorText(t, overview.error)}</FormMessage> : null}
      {!data ? (
        overview.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <Status data={data} />
          <section className="responsible-section" aria-labelledby="responsible-limits">
            <h3 id="responsible-limits" className="responsible-section__title">
              {t('responsible.limits.title')}
            </h3>
            <p className="responsible-section__lead">{t('responsible.limits.lead')}</p>
            {GROUPS.map((group) => (
              <fieldset key={group.key} className="responsible-group">
                <legend className="responsible-group__title">
                  {t(`responsible.limits.groups.${group.key}`)}
                </legend>
                {group.kinds.map((kind) => {
                  const limit = data.limits.find((row) => row.kind === kind);
                  return limit ? <LimitRow key={kind} limit={limit} data={data} /> : null;
                })}
              </fieldset>
            ))}
          </section>
          <RealityCheck data={data} />
          <Breaks data={data} />
          <Help />
        </>
      )}
    </div>
  );
}

function Status({ data }: { data: ResponsibleOverview }) {
  const { t } = useTranslation();
  const format = useFormats(data);
  const block = data.block;
  return (
    <section className="responsible-status" aria-label={t('responsible.session.title')}>
      {block ? (
        <FormMessage tone="info">
          {block.reopensAt
            ? t('responsible.block.reopening', { date: format.instant(block.reopensAt) })
            : new Date(block.until) <= new Date()
              ? t('responsible.block.ended')
              : t(`responsible.block.${block.kind}`, { date: format.instant(block.until) })}
        </FormMessage>
      ) : null}
      <dl className="wallet-facts">
        <div>
          <dt>{t('responsible.session.played')}</dt>
          <dd>
            <SessionClock startedAt={data.session.startedAt} playedSeconds={data.session.playedSeconds} />
          </dd>
        </div>
        <div>
          <dt>{t('responsible.session.net')}</dt>
          <dd>{format.amount(data.session.net)}</dd>
        </div>
      </dl>
    </section>
  );
}

function LimitRow({ limit, data }: { limit: ResponsibleLimit; data: ResponsibleOverview }) {
  const { t } = useTranslation();
  const format = useFormats(data);
  const minutes = limit.kind.endsWith('_minutes');
  const show = (value: number) =>
    minutes ? t('responsible.limits.minutes', { count: value }) : format.amount(value);
  const form = useForm<ValueForm>({
    // Money or whole minutes, both read as a number.
    resolver: zodResolver(minutes ? minutesSchema : moneySchema) as unknown as Resolver<ValueForm>,
    defaultValues: { value: '' },
  });
  const save = useChange((value: number | null) =>
    api(responsibleEndpoints.setLimit, { params: { kind: limit.kind }, body: { value } }),
  );
  const confirm = useChange(() => api(responsibleEndpoints.confirmLimit, { params: { kind: limit.kind } }));
  const cancel = useChange(() => api(responsibleEndpoints.cancelPending, { params: { kind: limit.kind } }));
  const refused = refusal(t, save.error, { shown: ['value'], asSent: true });
  const failed = confirm.error ?? cancel.error;
  const label = t(`responsible.limits.kinds.${limit.kind}`);
  const pending = limit.pending;
  return (
    <div className="responsible-limit">
      <div className="responsible-limit__head">
        <strong>{label}</strong>
        <span>
          {limit.value === null
            ? t('responsible.limits.none')
            : t('responsible.limits.used', { used: show(limit.used), limit: show(limit.value) })}
        </span>
      </div>
      {pending ? (
        <div className="responsible-limit__pending">
          <p>
            {pending.value === null
              ? t('responsible.limits.pendingRemoval', { date: format.instant(pending.confirmableAt) })
              : t('responsible.limits.pendingRaise', {
                  value: show(pending.value),
                  date: format.instant(pending.confirmableAt),
                })}
          </p>
          <div className="responsible-limit__actions">
            <Button
              size="sm"
              variant="primary"
              disabled={new Date(pending.confirmableAt) > new Date()}
              loading={confirm.isPending}
              onClick={() => confirm.mutate(undefined)}
            >
              {t('responsible.limits.confirm')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined)}
            >
              {t('responsible.limits.keep')}
            </Button>
          </div>
        </div>
      ) : null}
      {failed ? <FormMessage tone="error">{errorText(t, failed)}</FormMessage> : null}
      <form
        className="responsible-limit__form"
        noValidate
        aria-label={label}
        onSubmit={(event) => {
          save.reset();
          void form.handleSubmit((body) =>
            save.mutate(Number(body.value), { onSuccess: () => form.reset({ value: '' }) }),
          )(event);
        }}
      >
        {minutes ? (
          <FormField
            control={form.control}
            name="value"
            label={t('responsible.limits.newMinutes')}
            inputMode="numeric"
            describe={(error) => (error ? t('responsible.limits.minutesInvalid') : undefined)}
            serverError={refused.fields.value}
          />
        ) : (
          <AmountField control={form.control} name="value" serverError={refused.fields.value} />
        )}
        <div className="responsible-limit__actions">
          <Button type="submit" size="sm" variant="primary" loading={save.isPending}>
            {t('responsible.limits.save')}
          </Button>
          {limit.value !== null && !pending ? (
            <Button size="sm" variant="secondary" onClick={() => save.mutate(null)}>
              {t('responsible.limits.remove')}
            </Button>
          ) : null}
        </div>
        {save.isError && refused.message ? <FormMessage tone="error">{refused.message}</FormMessage> : null}
      </form>
    </div>
  );
}

function RealityCheck({ data }: { data: ResponsibleOverview }) {
  const { t } = useTranslation();
  const change = useChange((minutes: number | null) =>
    api(responsibleEndpoints.setRealityCheck, { body: { minutes: minutes as 15 | 30 | 45 | 60 | null } }),
  );
  // The operator's default is offered first.
  const choices = [
    data.realityCheckDefault,
    ...REALITY_CHECK_MINUTES.filter((m) => m !== data.realityCheckDefault),
  ];
  return (
    <section className="responsible-section" aria-labelledby="responsible-reality">
      <h3 id="responsible-reality" className="responsible-section__title">
        {t('responsible.reality.title')}
      </h3>
      <p className="responsible-section__lead">{t('responsible.reality.lead')}</p>
      <div className="responsible-choices">
        {choices.map((minutes) => (
          <Button
            key={minutes}
            size="sm"
            variant={data.realityCheckMinutes === minutes ? 'primary' : 'secondary'}
            aria-pressed={data.realityCheckMinutes === minutes}
            onClick={() => change.mutate(minutes)}
          >
            {t('responsible.reality.every', { count: minutes })}
          </Button>
        ))}
        <Button
          size="sm"
          variant={data.realityCheckMinutes === null ? 'primary' : 'secondary'}
          aria-pressed={data.realityCheckMinutes === null}
          onClick={() => change.mutate(null)}
        >
          {t('responsible.reality.off')}
        </Button>
      </div>
      {change.isError ? <FormMessage tone="error">{errorText(t, change.error)}</FormMessage> : null}
    </section>
  );
}

type BreakChoice = { kind: 'time_out'; days: number } | { kind: 'self_exclusion'; months: number };

/** When a break asked for now would end (the server counts it from its own clock). */
function endOf(choice: BreakChoice): Date {
  const end = new Date();
  if (choice.kind === 'time_out') end.setTime(end.getTime() + choice.days * 86_400_000);
  else end.setUTCMonth(end.getUTCMonth() + choice.months);
  return end;
}

function Breaks({ data }: { data: ResponsibleOverview }) {
  const { t } = useTranslation();
  const format = useFormats(data);
  const [asked, setAsked] = useState<BreakChoice | null>(null);
  const start = useChange((choice: BreakChoice) =>
    choice.kind === 'time_out'
      ? api(responsibleEndpoints.timeOut, { body: { days: choice.days } })
      : api(responsibleEndpoints.selfExclude, { body: { months: choice.months as 6 | 12 | 60 } }),
  );
  const reopen = useChange(() => api(responsibleEndpoints.reopen));
  const custom = useForm<DaysForm>({
    resolver: zodResolver(daysSchema) as unknown as Resolver<DaysForm>,
    defaultValues: { days: '' },
  });
  const ended =
    data.block?.kind === 'self_exclusion' &&
    !data.block.reopensAt &&
    new Date(data.block.until) <= new Date();
  return (
    <section className="responsible-section" aria-labelledby="responsible-breaks">
      <h3 id="responsible-breaks" className="responsible-section__title">
        {t('responsible.breaks.title')}
      </h3>
      <p className="responsible-section__lead">{t('responsible.breaks.lead')}</p>
      <h4 className="responsible-group__title">{t('responsible.breaks.timeOut')}</h4>
      <div className="responsible-choices">
        {TIME_OUT_DAYS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant="secondary"
            icon={<PauseIcon />}
            onClick={() => setAsked({ kind: 'time_out', days })}
          >
            {t(`responsible.breaks.dayChoices.${days}`)}
          </Button>
        ))}
      </div>
      <form
        className="responsible-limit__form"
        noValidate
        aria-label={t('responsible.breaks.customDays')}
        onSubmit={(event) =>
          void custom.handleSubmit((body) => setAsked({ kind: 'time_out', days: Number(body.days) }))(event)
        }
      >
        <FormField
          control={custom.control}
          name="days"
          label={t('responsible.breaks.customDays')}
          inputMode="numeric"
          describe={(error) =>
            error ? t('responsible.breaks.daysInvalid', { max: TIME_OUT_MAX_DAYS }) : undefined
          }
        />
        <Button type="submit" size="sm" variant="secondary">
          {t('responsible.breaks.takeBreak')}
        </Button>
      </form>
      <h4 className="responsible-group__title">{t('responsible.breaks.selfExclusion')}</h4>
      <div className="responsible-choices">
        {SELF_EXCLUSION_MONTHS.map((months) => (
          <Button
            key={months}
            size="sm"
            variant="secondary"
            icon={<ShieldIcon />}
            onClick={() => setAsked({ kind: 'self_exclusion', months })}
          >
            {t(`responsible.breaks.monthChoices.${months}`)}
          </Button>
        ))}
      </div>
      {ended ? (
        <div className="responsible-limit__actions">
          <Button variant="secondary" loading={reopen.isPending} onClick={() => reopen.mutate(undefined)}>
            {t('responsible.breaks.reopen')}
          </Button>
        </div>
      ) : null}
      {start.isError ? <FormMessage tone="error">{errorText(t, start.error)}</FormMessage> : null}
      {reopen.isError ? <FormMessage tone="error">{errorText(t, reopen.error)}</FormMessage> : null}
      <Modal
        open={asked !== null}
        onClose={() => setAsked(null)}
        title={
          asked?.kind === 'self_exclusion'
            ? t('responsible.breaks.confirmExclusion')
            : t('responsible.breaks.confirmTimeOut')
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsked(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={start.isPending}
              onClick={() => asked && start.mutate(asked, { onSettled: () => setAsked(null) })}
            >
              {t('responsible.breaks.start')}
            </Button>
          </>
        }
      >
        <p>
          {asked
            ? t(
                asked.kind === 'self_exclusion'
                  ? 'responsible.breaks.exclusionText'
                  : 'responsible.breaks.timeOutText',
                {
                  date: format.instant(endOf(asked).toISOString()),
                },
              )
            : null}
        </p>
      </Modal>
    </section>
  );
}

/** The help links; the trust page links them by their anchor, so that address scrolls to them. */
function Help() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash !== '#responsible-help') return;
    // After the page's own scroll to the top on a new address (a parent's effect, which runs after this one).
    const frame = requestAnimationFrame(() => section.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);
  return (
    <section ref={section} className="responsible-section" aria-labelledby="responsible-help">
      <h3 id="responsible-help" className="responsible-section__title">
        {t('responsible.help.title')}
      </h3>
      <p className="responsible-section__lead">{t('responsible.help.lead')}</p>
      <ul className="responsible-help">
        {HELP_LINKS.map((link) => (
          <li key={link.key}>
            <a href={link.url} target="_blank" rel="noopener noreferrer" className="responsible-help__link">
              <strong>{t(`responsible.help.links.${link.key}.name`)}</strong>
              <span>{t(`responsible.help.links.${link.key}.text`)}</span>
              <ExternalIcon />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
