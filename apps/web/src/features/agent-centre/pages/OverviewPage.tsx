import { useQuery } from '@tanstack/react-query';
import type { TeamOverview } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner } from '../../../ui/index.ts';
import { money } from '../../wallet/queries.ts';
import { PeriodPicker, usePeriodRange } from '../PeriodPicker.tsx';
import { teamOverviewQuery } from '../queries-b.ts';
import { OverviewChart } from './OverviewChart.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

type MoneyFigure =
  | 'firstDeposits'
  | 'deposits'
  | 'withdrawals'
  | 'validBet'
  | 'payout'
  | 'houseResult'
  | 'bonuses'
  | 'rebates'
  | 'salaries'
  | 'teamBalance';

/** A card: its name, the figure, and a second line (a count beside an amount). */
interface Card {
  key: MoneyFigure | 'teamSize' | 'newSignups' | 'activeMembers';
  value: string;
  detail?: string;
  tone?: 'gain' | 'loss';
}

/**
 * Team overview (agentTeamOverview, the agent centre's first page): the team's figures for the period as cards
 * (team size, sign-ups, first deposits, active members, money in and out, play, pay, balance) and a chart per day.
 * Money and dates in the reader's language; the period lives in the URL.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const range = usePeriodRange();
  const overview = useQuery(teamOverviewQuery(token, range));
  const data = overview.data;
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{t('agentCentre.pages.agentTeamOverview')}</h2>
      <PeriodPicker resolved={data} resets={{}} />
      {overview.isError ? <FormMessage tone="error">{errorText(t, overview.error)}</FormMessage> : null}
      {!data ? (
        overview.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <p className="agent-currency">{t('agentCentre.reports.currency', { currency: data.currency })}</p>
          <dl className="agent-cards" aria-busy={overview.isPlaceholderData || undefined}>
            {cards(data, locale, t).map((card) => (
              <div
                key={card.key}
                className={card.tone ? `agent-card agent-card--${card.tone}` : 'agent-card'}
              >
                <dt>{t(`agentCentre.reports.${card.key}`)}</dt>
                <dd>
                  {card.value}
                  {card.detail ? <small>{card.detail}</small> : null}
                </dd>
              </div>
            ))}
          </dl>
          {data.series.length > 0 ? <OverviewChart series={data.series} digits={data.digits} /> : null}
        </>
      )}
    </div>
  );
}

function cards(data: TeamOverview, locale: string, t: TFunction): Card[] {
  const count = (value: number) => value.toLocaleString(locale);
  const amount = (key: MoneyFigure) => money(data[key], data.digits);
  const times = (value: number) => t('agentCentre.reports.times', { value: count(value) });
  return [
    {
      key: 'teamSize',
      value: count(data.teamAgents + data.teamMembers),
      detail: t('agentCentre.reports.teamSplit', {
        agents: count(data.teamAgents),
        members: count(data.teamMembers),
      }),
    },
    { key: 'newSignups', value: count(data.newSignups) },
    { key: 'firstDeposits', value: amount('firstDeposits'), detail: times(data.firstDepositCount) },
    { key: 'activeMembers', value: count(data.activeMembers) },
    { key: 'deposits', value: amount('deposits'), detail: times(data.depositCount) },
    { key: 'withdrawals', value: amount('withdrawals'), detail: times(data.withdrawalCount) },
    { key: 'validBet', value: amount('validBet') },
    { key: 'payout', value: amount('payout') },
    {
      key: 'houseResult',
      value: amount('houseResult'),
      ...(data.houseResult !== 0
        ? { tone: data.houseResult > 0 ? ('gain' as const) : ('loss' as const) }
        : {}),
    },
    { key: 'bonuses', value: amount('bonuses') },
    { key: 'rebates', value: amount('rebates') },
    { key: 'salaries', value: amount('salaries') },
    { key: 'teamBalance', value: amount('teamBalance') },
  ];
}
