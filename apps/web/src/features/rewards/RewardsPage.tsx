import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RewardCentre, RewardItem } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api.ts';
import { rewardEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { CheckIcon, ClockIcon, GiftIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner } from '../../ui/index.ts';
import { rebatesKey } from '../rebates/queries.ts';
import { vipKey } from '../vip/queries.ts';
import { money, walletKey } from '../wallet/queries.ts';
import { rewardCentreQuery, rewardsKey } from './queries.ts';
import { REWARD_CENTRE_SECTIONS } from './slots.ts';
import '../wallet/wallet.css';
import './rewards.css';

/** The reward's name and what it is for (its period, its product), in the reader's language and formats. */
function useDescribe(currency: { currencySymbol: string; digits: number }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const instant = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const onDay = (iso: string) => day.format(new Date(`${iso}T00:00:00`));
  return {
    amount: (value: number) => `${currency.currencySymbol} ${money(value, currency.digits)}`,
    instant: (iso: string) => instant.format(new Date(iso)),
    name: (item: RewardItem): string => {
      if (item.title) return item.title;
      if (item.source === 'vip') return t(`vip.kind.${item.type as 'weekly'}`);
      return t(`rewards.kind.${item.source}`);
    },
    detail: (item: RewardItem): string => {
      if (item.source === 'vip' && item.period) {
        if (item.type === 'level_up') return t('rewards.reachedLevel', { level: `VIP${item.period}` });
        if (item.type === 'weekly') return t('vip.weekOf', { date: onDay(item.period) });
        return month.format(new Date(`${item.period}-01T00:00:00`));
      }
      if (item.source === 'rebate' && item.period && item.product) {
        return t('rewards.rebateOf', {
          product: t(`gameTypes.${item.product as 'RNG'}`),
          date: onDay(item.period),
        });
      }
      return '';
    },
  };
}

/**
 * The member centre's rewards centre (rewardCenter): everything this member can claim now, gathered from the areas
 * that issue rewards (VIP weekly and monthly rewards, manual rebates, claimable promotions), each with its amount, its
 * wagering requirement, its deadline and a claim button; the sections other areas place here (the prize wheel);
 * and what the member received in the last 30 days.
 */
export default function RewardsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const centre = useQuery(rewardCentreQuery(token));
  const data = centre.data;
  return (
    <div className="wallet-page rewards-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.rewardCenter')}</h2>
      {centre.isError ? <FormMessage tone="error">{errorText(t, centre.error)}</FormMessage> : null}
      {!data ? (
        centre.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <Claimable data={data} />
          {REWARD_CENTRE_SECTIONS.map((Section, index) => (
            // The list is fixed at build time: its order is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a constant list
            <Suspense key={index} fallback={<CenteredSpinner label={t('common.loading')} />}>
              <Section />
            </Suspense>
          ))}
          <Recent data={data} />
        </>
      )}
    </div>
  );
}

function Claimable({ data }: { data: RewardCentre }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const describe = useDescribe(data);
  const claim = useMutation({
    mutationFn: (item: RewardItem) =>
      api(rewardEndpoints.claim, { params: { source: item.source, id: item.id } }),
    onSettled: () => {
      for (const key of [rewardsKey(token), walletKey(token), vipKey(token), rebatesKey(token)]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
  const count = data.claimable.length;
  return (
    <section className="rewards-claimable" aria-labelledby="rewards-claimable-title">
      <div className="rewards-summary">
        <GiftIcon aria-hidden="true" />
        <div>
          <h3 id="rewards-claimable-title" className="rewards-summary__title">
            {t('rewards.toClaim')}
          </h3>
          <p className="rewards-summary__total">{describe.amount(data.total)}</p>
          <p className="rewards-summary__lead">
            {count > 0 ? t('rewards.toClaimCount', { count }) : t('rewards.nothingToClaim')}
          </p>
        </div>
      </div>
      {claim.isError ? <FormMessage tone="error">{errorText(t, claim.error)}</FormMessage> : null}
      {count === 0 ? (
        <p className="rewards-empty">
          {t('rewards.howToEarn')} <Link to="/vip">{t('rewards.seeVip')}</Link>
        </p>
      ) : (
        <ul className="rewards-list" aria-label={t('rewards.toClaim')}>
          {data.claimable.map((item) => {
            const name = describe.name(item);
            const detail = describe.detail(item);
            return (
              <li key={`${item.source}:${item.id}`} className="reward-card">
                <div className="reward-card__body">
                  <p className="reward-card__name">{name}</p>
                  {detail ? <p className="reward-card__detail">{detail}</p> : null}
                  <p className="reward-card__terms">
                    {item.turnoverMultiple > 0
                      ? t('rewards.turnover', { multiple: item.turnoverMultiple })
                      : t('rewards.noTurnover')}
                  </p>
                  {item.expiresAt ? (
                    <p className="reward-card__expiry">
                      <ClockIcon aria-hidden="true" />
                      {t('rewards.claimBy', { date: describe.instant(item.expiresAt) })}
                    </p>
                  ) : null}
                </div>
                <div className="reward-card__action">
                  <strong className="reward-card__amount">{describe.amount(item.amount)}</strong>
                  <Button
                    size="sm"
                    loading={
                      claim.isPending &&
                      claim.variables?.source === item.source &&
                      claim.variables.id === item.id
                    }
                    onClick={() => claim.mutate(item)}
                    aria-label={t('rewards.claimNamed', {
                      reward: detail ? `${name}, ${detail}` : name,
                      amount: describe.amount(item.amount),
                    })}
                  >
                    {t('rewards.claim')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Recent({ data }: { data: RewardCentre }) {
  const { t } = useTranslation();
  const describe = useDescribe(data);
  return (
    <section className="rewards-section" aria-labelledby="rewards-recent-title">
      <h3 id="rewards-recent-title" className="rewards-section__title">
        {t('rewards.recent')}
      </h3>
      {data.recent.length === 0 ? (
        <p className="rewards-empty">{t('rewards.noRecent')}</p>
      ) : (
        <ul className="rewards-recent" aria-label={t('rewards.recent')}>
          {data.recent.map((item) => {
            const detail = describe.detail(item);
            return (
              <li key={`${item.source}:${item.id}`} className="rewards-recent__row">
                <CheckIcon aria-hidden="true" />
                <span className="rewards-recent__name">
                  {describe.name(item)}
                  {detail ? <small>{detail}</small> : null}
                </span>
                <span className="rewards-recent__amount">{describe.amount(item.amount)}</span>
                <time className="rewards-recent__when" dateTime={item.claimedAt ?? item.createdAt}>
                  {describe.instant(item.claimedAt ?? item.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
