import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RainGrab, RainState } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { rainEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { GiftIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, DocumentTitle, PageHero } from '../../ui/index.ts';
import { openAuthModal } from '../auth/authModal.ts';
import { money } from '../wallet/queries.ts';
import { RAIN_KEY, rainQuery } from './queries.ts';
import './raffle.css';
import { useSiteName } from '../site/useSiteName.ts';

/** Envelopes falling at once: each a button, in a column and with a pace of its own. */
const FALLING = 12;

/**
 * /redEnvelope: the red envelope rain. While a round is live, envelopes fall across the field and a member taps
 * one to grab it (each tap one grab, as many as the day's deposits give); the amount credited and its turnover
 * multiple are shown. Without a live round it says when the next one starts; a visitor is asked to log in.
 */
export default function RedEnvelopePage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { token } = useSession();
  const state = useQuery(rainQuery(token));
  return (
    <div className="container rain-page">
      <DocumentTitle>{`${t('pages.redEnvelope')} · ${siteName}`}</DocumentTitle>
      <PageHero
        icon={GiftIcon}
        eyebrow={t('pages.redEnvelope')}
        title={t('rain.title')}
        lead={t('rain.lead')}
      />
      {state.isError ? <FormMessage tone="error">{errorText(t, state.error)}</FormMessage> : null}
      {!state.data ? (
        state.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : state.data.live ? (
        <LiveRain state={state.data} live={state.data.live} member={token !== null} />
      ) : (
        <NoRain state={state.data} />
      )}
    </div>
  );
}

function useTime() {
  const locale = useDateLocale();
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function NoRain({ state }: { state: RainState }) {
  const { t } = useTranslation();
  const time = useTime();
  return (
    <FormMessage tone="info">
      {state.next ? t('rain.next', { time: time(state.next.opensAt) }) : t('rain.noneScheduled')}
    </FormMessage>
  );
}

function LiveRain({
  state,
  live,
  member,
}: {
  state: RainState;
  live: NonNullable<RainState['live']>;
  member: boolean;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const time = useTime();
  const number = new Intl.NumberFormat(useDateLocale());
  const [won, setWon] = useState<RainGrab[]>([]);
  const grab = useMutation({
    mutationFn: () => api(rainEndpoints.grab, { params: { id: live.roundId } }),
    onSuccess: (result) => setWon((list) => [result, ...list]),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: RAIN_KEY });
      void queryClient.invalidateQueries({ queryKey: ['member', token, 'wallet'] });
    },
  });
  const left = Math.max(0, live.grabs - live.grabbed);
  const canGrab = member && left > 0 && live.left > 0;
  const latest = won[0];
  return (
    <>
      <section className="rain-field" aria-label={t('rain.fieldLabel')}>
        <p className="rain-field__status">
          <span>{t('rain.endsAt', { time: time(live.closesAt) })}</span>
          <span>{member ? t('rain.grabsLeft', { count: number.format(left) }) : t('rain.loginToGrab')}</span>
          <span>{t('rain.envelopesLeft', { count: number.format(live.left) })}</span>
        </p>
        {Array.from({ length: FALLING }, (_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the envelopes are a fixed set of falling positions
            key={index}
            type="button"
            className="rain-envelope"
            style={
              {
                '--x': `${4 + ((index * 37) % 88)}%`,
                animationDuration: `${3.2 + ((index * 7) % 5) * 0.45}s`,
                animationDelay: `${-((index * 0.83) % 4)}s`,
              } as CSSProperties
            }
            disabled={member ? !canGrab || grab.isPending : false}
            onClick={() => (member ? grab.mutate() : openAuthModal('login'))}
            aria-label={t('rain.grab')}
          >
            <span aria-hidden="true">{t('rain.envelopeMark')}</span>
          </button>
        ))}
      </section>
      <div aria-live="polite">
        {grab.isError ? <FormMessage tone="error">{errorText(t, grab.error)}</FormMessage> : null}
        {latest ? (
          <FormMessage tone="success">
            <strong>{t('rain.got', { amount: money(latest.amount, state.digits) })}</strong>{' '}
            {t('rain.credited', { multiple: number.format(latest.turnoverMultiple) })}
          </FormMessage>
        ) : null}
        {member && live.grabs === 0 ? (
          <FormMessage tone="info">{t('rain.depositForGrabs')}</FormMessage>
        ) : null}
      </div>
      {!member ? (
        <Button variant="primary" onClick={() => openAuthModal('login')}>
          {t('rain.loginToGrab')}
        </Button>
      ) : null}
    </>
  );
}
