import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VipLevelView, VipOverview, VipReward } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { vipEndpoints } from '../../app/endpoints.ts';
import { usePhoneLayout } from '../../app/phoneLayout.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { HeadsetIcon, TrophyIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, DocumentTitle, PageHero, StatusBadge } from '../../ui/index.ts';
import { type Column, Table } from '../../ui/Table.tsx';
import { money } from '../wallet/queries.ts';
import { vipKey, vipQuery } from './queries.ts';
import '../wallet/wallet.css';
import './vip.css';
import { useSiteName } from '../site/useSiteName.ts';

/**
 * /vip: the member's level and growth towards the next, this week's and month's valid bets against the level's
 * reward conditions, the VIP rewards (level-up bonuses paid; weekly and monthly ones to claim), the VIP
 * customer-service contact above rank 4, and every level (a table on a desktop, cards on a phone).
 */
export default function VipPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { token } = useSession();
  const vip = useQuery(vipQuery(token));
  const data = vip.data;
  return (
    <div className="container vip-page">
      <DocumentTitle>{`${t('pages.vip')} · ${siteName}`}</DocumentTitle>
      <PageHero icon={TrophyIcon} eyebrow={t('pages.vip')} title={t('vip.title')} lead={t('vip.lead')} />
      {vip.isError ? <FormMessage tone="error">{errorText(t, vip.error)}</FormMessage> : null}
      {!data ? (
        vip.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <VipStatus data={data} />
          <div className="vip-periods">
            <PeriodCard data={data} period="week" />
            <PeriodCard data={data} period="month" />
          </div>
          <VipContact data={data} />
          <Rewards data={data} />
          <Levels data={data} />
        </>
      )}
    </div>
  );
}

function useNumber() {
  const locale = useDateLocale();
  return new Intl.NumberFormat(locale);
}

function VipStatus({ data }: { data: VipOverview }) {
  const { t } = useTranslation();
  const number = useNumber();
  const next = data.levels.find((level) => level.rank === data.nextRank);
  return (
    <section className="vip-status" aria-labelledby="vip-status-title">
      <div className="vip-status__badge" aria-hidden="true">
        {data.rank}
      </div>
      <div className="vip-status__text">
        <p className="vip-status__eyebrow">{t('vip.yourLevel')}</p>
        <h2 id="vip-status-title" className="vip-status__level">
          {data.rankName}
        </h2>
        <p className="vip-status__growth">
          {t('vip.growth')}: <strong>{number.format(data.growth)}</strong>
        </p>
      </div>
      <div className="vip-status__progress">
        <div
          className="vip-progress"
          role="progressbar"
          aria-label={t('vip.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={data.progress}
        >
          <span className="vip-progress__bar" style={{ width: `${data.progress}%` }} />
        </div>
        <p className="vip-status__next">
          {next && data.nextGrowth !== null
            ? t('vip.toNext', {
                growth: number.format(Math.max(0, data.nextGrowth - data.growth)),
                level: next.name,
              })
            : t('vip.topLevel')}
        </p>
      </div>
    </section>
  );
}

function PeriodCard({ data, period }: { data: VipOverview; period: 'week' | 'month' }) {
  const { t } = useTranslation();
  const figures = data[period];
  const amount = (value: number) => `${data.currencySymbol} ${money(value, data.digits)}`;
  const share =
    figures.minValidBet > 0 ? Math.min(100, Math.floor((figures.validBet / figures.minValidBet) * 100)) : 100;
  const met = figures.reward > 0 && figures.validBet >= figures.minValidBet && figures.validBet > 0;
  return (
    <section className="vip-card" aria-labelledby={`vip-${period}`}>
      <h3 id={`vip-${period}`} className="vip-card__title">
        {t(period === 'week' ? 'vip.week' : 'vip.month')}
      </h3>
      {figures.reward > 0 ? (
        <>
          <p className="vip-card__reward">{amount(figures.reward)}</p>
          <p className="vip-card__line">
            {t('vip.validBets', { done: amount(figures.validBet), needed: amount(figures.minValidBet) })}
          </p>
          <div
            className="vip-progress vip-progress--small"
            role="progressbar"
            aria-label={t(period === 'week' ? 'vip.week' : 'vip.month')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
          >
            <span className="vip-progress__bar" style={{ width: `${share}%` }} />
          </div>
          <p className="vip-card__line">{met ? t('vip.conditionMet') : t('vip.conditionNotMet')}</p>
        </>
      ) : (
        <p className="vip-card__line">{t('vip.noReward')}</p>
      )}
    </section>
  );
}

function VipContact({ data }: { data: VipOverview }) {
  const { t } = useTranslation();
  return (
    <section className="vip-contact" aria-labelledby="vip-contact-title">
      <HeadsetIcon />
      <div>
        <h3 id="vip-contact-title" className="vip-card__title">
          {t('vip.contactTitle')}
        </h3>
        <p className="vip-card__line">
          {!data.vipContactEligible
            ? t('vip.contactLocked')
            : data.vipContact
              ? t('vip.contactText')
              : t('vip.contactMissing')}
        </p>
      </div>
      {data.vipContact ? (
        <a
          className="btn btn--primary btn--md"
          href={data.vipContact}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('vip.contactButton')}
        </a>
      ) : null}
    </section>
  );
}

function Rewards({ data }: { data: VipOverview }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: (id: number) => api(vipEndpoints.claimVipReward, { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vipKey(token) });
      void queryClient.invalidateQueries({ queryKey: ['member', token, 'wallet'] });
    },
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const amount = (value: number) => `${data.currencySymbol} ${money(value, data.digits)}`;
  const periodText = (reward: VipReward) =>
    reward.kind === 'level_up'
      ? (data.levels.find((level) => level.rank === reward.rank)?.name ?? String(reward.rank))
      : reward.kind === 'weekly'
        ? t('vip.weekOf', { date: date.format(new Date(`${reward.period}T00:00:00`)) })
        : new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
            new Date(`${reward.period}-01T00:00:00`),
          );
  return (
    <section className="vip-section" aria-labelledby="vip-rewards-title">
      <h2 id="vip-rewards-title" className="vip-section__title">
        {t('vip.rewards')}
      </h2>
      {claim.isError ? <FormMessage tone="error">{errorText(t, claim.error)}</FormMessage> : null}
      {data.rewards.length === 0 ? (
        <p className="vip-card__line">{t('vip.noRewards')}</p>
      ) : (
        <ul className="vip-rewards">
          {data.rewards.map((reward) => (
            <li key={reward.id} className="vip-reward">
              <div>
                <p className="vip-reward__kind">{t(`vip.kind.${reward.kind}`)}</p>
                <p className="vip-card__line">{periodText(reward)}</p>
              </div>
              <strong className="vip-reward__amount">{amount(reward.amount)}</strong>
              {reward.status === 'claimed' ? (
                <StatusBadge tone="success">{t('vip.claimed')}</StatusBadge>
              ) : (
                <Button
                  size="sm"
                  loading={claim.isPending && claim.variables === reward.id}
                  onClick={() => claim.mutate(reward.id)}
                  aria-label={t('vip.claimNamed', {
                    reward: t(`vip.kind.${reward.kind}`),
                    amount: amount(reward.amount),
                  })}
                >
                  {t('vip.claim')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Levels({ data }: { data: VipOverview }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const number = useNumber();
  const amount = (value: number) => (value > 0 ? `${data.currencySymbol} ${money(value, data.digits)}` : '—');
  const reward = (value: number, minimum: number) =>
    value > 0 ? (
      <span className="vip-level-reward">
        {amount(value)}
        <small>{t('vip.rewardFrom', { bets: amount(minimum) })}</small>
      </span>
    ) : (
      '—'
    );
  const rows: { key: string; label: string; value: (level: VipLevelView) => ReactNode }[] = [
    { key: 'growth', label: t('vip.columns.growth'), value: (level) => number.format(level.growth) },
    {
      key: 'keep',
      label: t('vip.columns.keep'),
      value: (level) => (level.keepGrowth > 0 ? number.format(level.keepGrowth) : '—'),
    },
    { key: 'bonus', label: t('vip.columns.levelUp'), value: (level) => amount(level.levelUpBonus) },
    {
      key: 'weekly',
      label: t('vip.columns.weekly'),
      value: (level) => reward(level.weeklyReward, level.weeklyMinValidBet),
    },
    {
      key: 'monthly',
      label: t('vip.columns.monthly'),
      value: (level) => reward(level.monthlyReward, level.monthlyMinValidBet),
    },
  ];
  const current = (level: VipLevelView) => level.rank === data.rank;
  return (
    <section className="vip-section" aria-labelledby="vip-levels-title">
      <h2 id="vip-levels-title" className="vip-section__title">
        {t('vip.levels')}
      </h2>
      {phone ? (
        <ul className="vip-level-cards">
          {data.levels.map((level) => (
            <li
              key={level.rank}
              className={current(level) ? 'vip-level-card vip-level-card--current' : 'vip-level-card'}
            >
              <h3 className="vip-level-card__name">
                {level.name}
                {current(level) ? <StatusBadge tone="info">{t('vip.current')}</StatusBadge> : null}
              </h3>
              <dl>
                {rows.map((row) => (
                  <div key={row.key}>
                    <dt>{row.label}</dt>
                    <dd>{row.value(level)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <Table
          caption={t('vip.levels')}
          rows={data.levels}
          rowKey={(level) => level.rank}
          rowClassName={(level) => (current(level) ? 'vip-row--current' : undefined)}
          columns={[
            {
              key: 'name',
              header: t('vip.columns.level'),
              render: (level) => (
                <span className="vip-level-name">
                  {level.name}
                  {current(level) ? <StatusBadge tone="info">{t('vip.current')}</StatusBadge> : null}
                </span>
              ),
            },
            ...rows.map(
              (row): Column<VipLevelView> => ({
                key: row.key,
                header: row.label,
                className: 'num',
                render: row.value,
              }),
            ),
          ]}
        />
      )}
    </section>
  );
}
