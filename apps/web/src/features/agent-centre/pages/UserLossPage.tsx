import { useQuery } from '@tanstack/react-query';
import { AGENT_CENTRE_IS_AGENT_VALUES, GAME_TYPES, type ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import type { agentReportCentreEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { Button } from '../../../ui/index.ts';
import { type Column, numberColumn } from '../../../ui/Table.tsx';
import { money } from '../../wallet/queries.ts';
import { PeriodPicker, usePeriodRange } from '../PeriodPicker.tsx';
import { userLossQuery } from '../queries-b.ts';
import {
  ProductFilter,
  pick,
  REPORT_PAGE_SIZE,
  ReportPage,
  UsernameSearch,
  useReportUrl,
} from './ReportFilters.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

type Answer = ResponseOf<typeof agentReportCentreEndpoints.userLoss>;
type LossRow = Answer['list'][number];
/** A row of the table: a user's, or the team total (no user). */
type Row = Omit<LossRow, 'username' | 'type' | 'self'> & { username?: string; type?: number; self?: boolean };

/**
 * User loss statements (palStatementsAgentCopy): for the agent (or a member of its team), its own play and a row
 * per direct downline (that downline's whole branch), with the team's total as the last row. A downline agent's
 * name opens its own statement. The filters live in the URL.
 */
export default function UserLossPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const url = useReportUrl();
  const { params, set, username, pageNo } = url;
  const range = usePeriodRange();
  const product = pick(GAME_TYPES, params.get('product'));
  const loss = useQuery(
    userLossQuery(token, {
      ...range,
      ...(username ? { username } : {}),
      ...(product ? { product } : {}),
      pageNo,
      pageSize: REPORT_PAGE_SIZE,
    }),
  );
  const data = loss.data;
  const digits = data?.range.digits ?? 2;
  const amount = (value: number) => money(value, digits);
  const isAgent = (type: number | undefined) =>
    type !== undefined && (AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(type);
  const columns: Column<Row>[] = [
    {
      key: 'username',
      header: t('agentCentre.reports.username'),
      render: (row) =>
        row.username === undefined ? (
          t('agentCentre.reports.teamTotal')
        ) : !row.self && isAgent(row.type) ? (
          <Button
            variant="ghost"
            size="sm"
            className="agent-drill"
            onClick={() => set({ username: row.username ?? null })}
          >
            {row.username}
          </Button>
        ) : (
          <>
            {row.username}
            {row.self ? ` (${t('agentCentre.reports.ownPlay')})` : ''}
          </>
        ),
    },
    numberColumn(
      'members',
      t('agentCentre.reports.members'),
      (row) => row.members,
      (n) => n.toLocaleString(locale),
    ),
    numberColumn('turnover', t('agentCentre.reports.turnover'), (row) => row.turnover, amount),
    numberColumn('validBet', t('agentCentre.reports.validBet'), (row) => row.validBet, amount),
    numberColumn('payout', t('agentCentre.reports.payout'), (row) => row.payout, amount),
    numberColumn('rebates', t('agentCentre.reports.rebates'), (row) => row.rebates, amount),
    numberColumn('bonuses', t('agentCentre.reports.bonuses'), (row) => row.bonuses, amount),
    numberColumn(
      'profitAndLoss',
      t('agentCentre.reports.profitAndLoss'),
      (row) => row.profitAndLoss,
      amount,
      { signed: true },
    ),
  ];
  const title = t('agentCentre.pages.palStatementsAgentCopy');
  return (
    <ReportPage
      title={title}
      period={<PeriodPicker resolved={data?.range} />}
      filters={
        <>
          <UsernameSearch value={username} onSearch={(value) => set({ username: value })} />
          <ProductFilter value={product} onChange={(value) => set({ product: value })} />
        </>
      }
      note={
        data && username ? (
          <p className="agent-currency">
            {t('agentCentre.reports.statementOf', { username: data.username })}{' '}
            <Button variant="ghost" size="sm" onClick={() => set({ username: null })}>
              {t('agentCentre.reports.backToMine')}
            </Button>
          </p>
        ) : null
      }
      query={loss}
      total={data?.total}
      columns={columns}
      rows={data ? ([...data.list, { ...data.teamTotal }] as Row[]) : []}
      rowKey={(row) => row.username ?? ' total'}
      rowClassName={(row) => (row.username === undefined ? 'agent-total-row' : undefined)}
      url={url}
    />
  );
}
