import { useQuery } from '@tanstack/react-query';
import { GAME_TYPES, type ResponseOf } from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import type { agentReportCentreEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner, Pagination, StatusBadge, type StatusTone } from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { money } from '../../wallet/queries.ts';
import { PeriodPicker, usePeriodRange } from '../PeriodPicker.tsx';
import { teamBetsQuery } from '../queries-b.ts';
import { pageOf, pick, UsernameSearch } from './ReportFilters.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

const PAGE_SIZE = 20;
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
  const [params, update] = useUrlState();
  const range = usePeriodRange();
  const username = params.get('username') ?? '';
  const scope = pick(SCOPES, params.get('scope')) ?? 'team';
  const product = pick(GAME_TYPES, params.get('product'));
  const status = pick(STATUSES, params.get('status'));
  const pageNo = pageOf(params);
  const bets = useQuery(
    teamBetsQuery(token, {
      ...range,
      ...(username ? { username } : {}),
      scope,
      ...(product ? { product } : {}),
      ...(status ? { status } : {}),
      pageNo,
      pageSize: PAGE_SIZE,
    }),
  );
  const set = (changes: Record<string, string | null>) => update({ pageNo: null, ...changes });
  const data = bets.data;
  const digits = data?.range.digits ?? 2;
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
    {
      key: 'stake',
      header: t('agentCentre.reports.stake'),
      className: 'num',
      render: (bet) => money(bet.stake, digits),
    },
    {
      key: 'validBet',
      header: t('agentCentre.reports.validBet'),
      className: 'num',
      render: (bet) => money(bet.validBet, digits),
    },
    {
      key: 'payout',
      header: t('agentCentre.reports.payout'),
      className: 'num',
      render: (bet) => money(bet.payout, digits),
    },
    {
      key: 'status',
      header: t('agentCentre.reports.status'),
      render: (bet) => (
        <StatusBadge tone={STATUS_TONES[bet.status]}>{t(`bets.statuses.${bet.status}`)}</StatusBadge>
      ),
    },
  ];
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const title = t('agentCentre.pages.personalHistoryCopy');
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{title}</h2>
      <PeriodPicker resolved={data?.range} />
      <fieldset className="agent-report-filters">
        <legend className="visually-hidden">{t('agentCentre.reports.filters')}</legend>
        <UsernameSearch value={username} onSearch={(value) => set({ username: value })} />
        <label className="wallet-select">
          <span>{t('agentCentre.reports.scope')}</span>
          <select value={scope} onChange={(event) => set({ scope: event.target.value })}>
            {SCOPES.map((key) => (
              <option key={key} value={key}>
                {t(`agentCentre.reports.scopes.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="wallet-select">
          <span>{t('agentCentre.reports.product')}</span>
          <select value={product ?? ''} onChange={(event) => set({ product: event.target.value })}>
            <option value="">{t('agentCentre.reports.allProducts')}</option>
            {GAME_TYPES.map((key) => (
              <option key={key} value={key}>
                {t(`gameTypes.${key}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="wallet-select">
          <span>{t('agentCentre.reports.status')}</span>
          <select value={status ?? ''} onChange={(event) => set({ status: event.target.value })}>
            <option value="">{t('agentCentre.reports.allStatuses')}</option>
            {STATUSES.map((key) => (
              <option key={key} value={key}>
                {t(`bets.statuses.${key}`)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {bets.isError ? <FormMessage tone="error">{errorText(t, bets.error)}</FormMessage> : null}
      {!data ? (
        bets.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <Table
          caption={title}
          columns={columns}
          rows={data.list}
          rowKey={(bet) => bet.id}
          empty={<p className="wallet-empty">{t('agentCentre.reports.noBets')}</p>}
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
