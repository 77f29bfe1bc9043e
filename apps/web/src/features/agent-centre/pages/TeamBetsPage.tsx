import { useQuery } from '@tanstack/react-query';
import { GAME_TYPES, type ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import type { agentReportCentreEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { StatusBadge, type StatusTone } from '../../../ui/index.ts';
import { type Column, numberColumn } from '../../../ui/Table.tsx';
import { money } from '../../wallet/queries.ts';
import { PeriodPicker, usePeriodRange } from '../PeriodPicker.tsx';
import { teamBetsQuery } from '../queries-b.ts';
import {
  FilterSelect,
  ProductFilter,
  pick,
  REPORT_PAGE_SIZE,
  ReportPage,
  UsernameSearch,
  useReportUrl,
} from './ReportFilters.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

const SCOPES = ['team', 'direct', 'self'] as const;
const STATUSES = ['open', 'settled', 'void'] as const;
const STATUS_TONES: Record<(typeof STATUSES)[number], StatusTone> = {
  open: 'info',
  settled: 'success',
  void: 'neutral',
};
type TeamBet = ResponseOf<typeof agentReportCentreEndpoints.teamBets>['list'][number];

/**
 * Team betting (personalHistoryCopy): the bets of the team in the period, newest first, by user (the caller or a
 * member of its team) with whose bets (the user's own, with its direct downlines, or its whole branch), product and
 * status, in pages. The filters live in the URL.
 */
export default function TeamBetsPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const url = useReportUrl();
  const { params, set, username, pageNo } = url;
  const range = usePeriodRange();
  const scope = pick(SCOPES, params.get('scope')) ?? 'team';
  const product = pick(GAME_TYPES, params.get('product'));
  const status = pick(STATUSES, params.get('status'));
  const bets = useQuery(
    teamBetsQuery(token, {
      ...range,
      ...(username ? { username } : {}),
      scope,
      ...(product ? { product } : {}),
      ...(status ? { status } : {}),
      pageNo,
      pageSize: REPORT_PAGE_SIZE,
    }),
  );
  const data = bets.data;
  const digits = data?.range.digits ?? 2;
  const amount = (value: number) => money(value, digits);
  const columns: Column<TeamBet>[] = [
    { key: 'id', header: t('agentCentre.reports.betId'), render: (bet) => bet.id },
    {
      key: 'time',
      header: t('agentCentre.reports.time'),
      render: (bet) => formatDateTime(bet.betAt, locale),
    },
    { key: 'username', header: t('agentCentre.reports.username'), render: (bet) => bet.username },
    {
      key: 'game',
      header: t('agentCentre.reports.game'),
      render: (bet) => `${bet.gameName} · ${t(`gameTypes.${bet.product}`, { defaultValue: bet.product })}`,
    },
    numberColumn('stake', t('agentCentre.reports.stake'), (bet) => bet.stake, amount),
    numberColumn('validBet', t('agentCentre.reports.validBet'), (bet) => bet.validBet, amount),
    numberColumn('payout', t('agentCentre.reports.payout'), (bet) => bet.payout, amount),
    {
      key: 'status',
      header: t('agentCentre.reports.status'),
      render: (bet) => (
        <StatusBadge tone={STATUS_TONES[bet.status]}>{t(`bets.statuses.${bet.status}`)}</StatusBadge>
      ),
    },
  ];
  const title = t('agentCentre.pages.personalHistoryCopy');
  return (
    <ReportPage
      title={title}
      period={<PeriodPicker resolved={data?.range} />}
      filters={
        <>
          <UsernameSearch value={username} onSearch={(value) => set({ username: value })} />
          <FilterSelect
            label={t('agentCentre.reports.scope')}
            value={scope}
            options={SCOPES.map((key) => ({ value: key, label: t(`agentCentre.reports.scopes.${key}`) }))}
            onChange={(value) => set({ scope: value })}
          />
          <ProductFilter value={product} onChange={(value) => set({ product: value })} />
          <FilterSelect
            label={t('agentCentre.reports.status')}
            value={status ?? ''}
            all={t('agentCentre.reports.allStatuses')}
            options={STATUSES.map((key) => ({ value: key, label: t(`bets.statuses.${key}`) }))}
            onChange={(value) => set({ status: value })}
          />
        </>
      }
      query={bets}
      total={data?.total}
      columns={columns}
      rows={data?.list ?? []}
      rowKey={(bet) => bet.id}
      empty={<p className="wallet-empty">{t('agentCentre.reports.noBets')}</p>}
      url={url}
    />
  );
}
