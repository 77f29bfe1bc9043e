import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MemberMission,
  type MissionLeaderboard,
  type MissionMeasure,
  MONEY_MEASURES,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { missionEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { CheckIcon, ClockIcon, FlameIcon, LockIcon, TrophyIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, StatusBadge } from '../../ui/index.ts';
import { Table } from '../../ui/Table.tsx';
import { raffleKey } from '../raffle/queries.ts';
import { money } from '../wallet/queries.ts';
import { leaderboardQuery, missionsKey, missionsQuery } from './queries.ts';
import '../wallet/wallet.css';
import './missions.css';

interface Currency {
  currencySymbol: string;
  digits: number;
}

function useFormats(currency: Currency) {
  const locale = useDateLocale();
  const count = new Intl.NumberFormat(locale);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const amount = (value: number) => `${currency.currencySymbol} ${money(value, currency.digits)}`;
  return {
    amount,
    count: (value: number) => count.format(value),
    /** A value of the measure: money with the currency, a count otherwise. */
    value: (measure: MissionMeasure, value: number) =>
      MONEY_MEASURES.includes(measure) ? amount(value) : count.format(value),
    when: (iso: string) => when.format(new Date(iso)),
  };
}

/**
 * The member centre's missions page (missionLeaderboard): each open mission with this member's progress in its
 * current period (a day, a week, an event), its milestones with a claim button once reached, and an event's
 * leaderboard with the member's own row.
 */
export default function MissionsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const missions = useQuery(missionsQuery(token));
  const data = missions.data;
  return (
    <div className="wallet-page missions-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.missionLeaderboard')}</h2>
      <p className="missions-page__lead">{t('missions.lead')}</p>
      {missions.isError ? <FormMessage tone="error">{errorText(t, missions.error)}</FormMessage> : null}
      {!data ? (
        missions.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : data.list.length === 0 ? (
        <p className="missions-page__empty">{t('missions.none')}</p>
      ) : (
        <ul className="missions-list">
          {data.list.map((mission) => (
            <li key={mission.id}>
              <MissionCard mission={mission} currency={data} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const KIND_ICONS = { daily: FlameIcon, weekly: ClockIcon, event: TrophyIcon } as const;

function MissionCard({ mission, currency }: { mission: MemberMission; currency: Currency }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const format = useFormats(currency);
  const [claimed, setClaimed] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: (index: number) => api(missionEndpoints.claim, { params: { id: mission.id, index } }),
    onSuccess: (result) => setClaimed(reward(result.cash, result.points, result.tickets)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: missionsKey(token) });
      void queryClient.invalidateQueries({ queryKey: ['member', token, 'wallet'] });
      void queryClient.invalidateQueries({ queryKey: raffleKey(token) });
    },
  });
  const reward = (cash: number, points: number, tickets: number) =>
    [
      cash > 0 ? format.amount(cash) : null,
      points > 0 ? t('missions.points', { value: format.count(points) }) : null,
      tickets > 0 ? t('missions.tickets', { count: tickets, value: format.count(tickets) }) : null,
    ]
      .filter(Boolean)
      .join(' + ');
  const next = mission.milestones.find((milestone) => milestone.state === 'locked');
  const goal = next ?? mission.milestones[mission.milestones.length - 1];
  const target = goal?.target ?? 0;
  const percent = target > 0 ? Math.min(100, Math.round((mission.value / target) * 100)) : 100;
  const Icon = KIND_ICONS[mission.kind];
  const titleId = `mission-${mission.id}-title`;
  return (
    <article className={`mission-card mission-card--${mission.kind}`} aria-labelledby={titleId}>
      <header className="mission-card__head">
        <span className="mission-card__icon">
          <Icon aria-hidden="true" />
        </span>
        <div className="mission-card__heading">
          <h3 id={titleId} className="mission-card__title">
            {mission.title}
          </h3>
          <p className="mission-card__meta">
            {t(`missions.measures.${mission.measure}`)} ·{' '}
            {mission.product ? t(`gameTypes.${mission.product}`) : t('missions.allGames')}
          </p>
        </div>
        <StatusBadge tone={mission.kind === 'event' ? 'attention' : 'info'}>
          {t(`missions.kinds.${mission.kind}`)}
        </StatusBadge>
      </header>
      <div className="mission-card__progress">
        <div className="mission-card__figures">
          <strong>{format.value(mission.measure, mission.value)}</strong>
          <span>
            {next
              ? t('missions.nextGoal', { value: format.value(mission.measure, target) })
              : t('missions.allReached')}
          </span>
        </div>
        <div
          className="mission-bar"
          role="progressbar"
          aria-label={t('missions.progressOf', { title: mission.title })}
          aria-valuemin={0}
          aria-valuemax={target}
          aria-valuenow={Math.min(mission.value, target)}
          aria-valuetext={t('missions.progressText', {
            value: format.value(mission.measure, mission.value),
            target: format.value(mission.measure, target),
          })}
        >
          <span className="mission-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="mission-card__period">
          {mission.kind === 'event'
            ? t('missions.endsAt', { date: format.when(mission.periodEnd) })
            : t('missions.resetsAt', { date: format.when(mission.periodEnd) })}
        </p>
      </div>
      {claimed ? (
        <FormMessage tone="success">{t('missions.claimed', { reward: claimed })}</FormMessage>
      ) : null}
      {claim.isError ? <FormMessage tone="error">{errorText(t, claim.error)}</FormMessage> : null}
      <ol className="mission-milestones" aria-label={t('missions.milestones')}>
        {mission.milestones.map((milestone) => {
          const goalText = t(`missions.target.${mission.measure}`, {
            value: format.value(mission.measure, milestone.target),
          });
          const rewardText = reward(milestone.cash, milestone.points, milestone.tickets);
          return (
            <li key={milestone.index} className={`mission-milestone mission-milestone--${milestone.state}`}>
              <div className="mission-milestone__text">
                <span className="mission-milestone__goal">{goalText}</span>
                <span className="mission-milestone__reward">
                  {rewardText}
                  {milestone.cash > 0 && milestone.turnoverMultiple > 0
                    ? ` · ${t('missions.turnover', { multiple: milestone.turnoverMultiple })}`
                    : ''}
                </span>
              </div>
              {milestone.state === 'claimable' ? (
                <Button
                  size="sm"
                  loading={claim.isPending && claim.variables === milestone.index}
                  onClick={() => claim.mutate(milestone.index)}
                  aria-label={t('missions.claimNamed', { reward: rewardText, goal: goalText })}
                >
                  {t('missions.claim')}
                </Button>
              ) : milestone.state === 'claimed' ? (
                <StatusBadge tone="success">
                  <CheckIcon aria-hidden="true" /> {t('missions.state.claimed')}
                </StatusBadge>
              ) : (
                <StatusBadge tone="neutral">
                  <LockIcon aria-hidden="true" /> {t('missions.state.locked')}
                </StatusBadge>
              )}
            </li>
          );
        })}
      </ol>
      {mission.leaderboard ? <Leaderboard mission={mission} /> : null}
    </article>
  );
}

function Leaderboard({ mission }: { mission: MemberMission }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const board = useQuery(leaderboardQuery(token, mission.id));
  const data = board.data;
  const headingId = `mission-${mission.id}-board`;
  return (
    <section className="mission-board" aria-labelledby={headingId}>
      <h4 id={headingId} className="mission-board__title">
        {t('missions.leaderboard')}
      </h4>
      {board.isError ? (
        <FormMessage tone="error">{errorText(t, board.error)}</FormMessage>
      ) : !data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : (
        <LeaderboardTable mission={mission} data={data} />
      )}
    </section>
  );
}

function LeaderboardTable({ mission, data }: { mission: MemberMission; data: MissionLeaderboard }) {
  const { t } = useTranslation();
  const format = useFormats(data);
  const prize = (cash: number, points: number) =>
    [
      cash > 0 ? format.amount(cash) : null,
      points > 0 ? t('missions.points', { value: format.count(points) }) : null,
    ]
      .filter(Boolean)
      .join(' + ') || '—';
  return (
    <>
      <Table
        caption={t('missions.leaderboardOf', { title: mission.title })}
        rows={data.list}
        rowKey={(row) => String(row.rank)}
        empty={<p className="missions-page__empty">{t('missions.noRanks')}</p>}
        columns={[
          {
            key: 'rank',
            header: t('missions.columns.rank'),
            className: 'num',
            render: (row) => `#${row.rank}`,
          },
          { key: 'player', header: t('missions.columns.player'), render: (row) => row.username },
          {
            key: 'value',
            header: t(`missions.measures.${mission.measure}`),
            className: 'num',
            render: (row) => format.value(mission.measure, row.value),
          },
          {
            key: 'prize',
            header: t('missions.columns.prize'),
            className: 'num',
            render: (row) => prize(row.prizeCash, row.prizePoints),
          },
        ]}
      />
      <p className="mission-board__own">
        {data.footer.rank > 0
          ? t('missions.ownRank', {
              rank: format.count(data.footer.rank),
              value: format.value(mission.measure, data.footer.reachedValue),
            })
          : t('missions.notRanked')}
      </p>
    </>
  );
}
