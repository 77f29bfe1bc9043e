import { useQuery } from '@tanstack/react-query';
import { LEDGER_KINDS, type ResponseOf } from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import type { agentReportCentreEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner, Pagination } from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { money } from '../../wallet/queries.ts';
import { PeriodPicker, usePeriodRange } from '../PeriodPicker.tsx';
import { downlineTransactionsQuery } from '../queries-b.ts';
import { pageOf, pick, UsernameSearch } from './ReportFilters.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

const PAGE_SIZE = 20;
type Line = ResponseOf<typeof agentReportCentreEndpoints.downlineTransactions>['list'][number];

/**
 * Downline account details (agentDownlineTransactionDetailsCopy): the ledger lines of the agent's downlines
 * (deposits, withdrawals, transfers, bonuses …) in the period, newest first, by username and type, in pages. The
 * filters live in the URL.
 */
export default function DownlineTransactionsPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const [params, update] = useUrlState();
  const range = usePeriodRange();
  const username = params.get('username') ?? '';
  const type = pick(LEDGER_KINDS, params.get('type'));
  const pageNo = pageOf(params);
  const lines = useQuery(
    downlineTransactionsQuery(token, {
      ...range,
      ...(username ? { username } : {}),
      ...(type ? { type } : {}),
      pageNo,
      pageSize: PAGE_SIZE,
    }),
  );
  const set = (changes: Record<string, string | null>) => update({ pageNo: null, ...changes });
  const data = lines.data;
  const digits = data?.range.digits ?? 2;
  const columns: Column<Line>[] = [
    {
      key: 'time',
      header: t('agentCentre.reports.time'),
      render: (line) => formatDateTime(line.createdAt, locale),
    },
    { key: 'username', header: t('agentCentre.reports.username'), render: (line) => line.username },
    { key: 'type', header: t('agentCentre.reports.type'), render: (line) => t(`wallet.kinds.${line.kind}`) },
    {
      key: 'wallet',
      header: t('wallet.record.wallet'),
      render: (line) => (line.wallet === 'main' ? t('wallet.mainWallet') : line.wallet),
    },
    {
      key: 'amount',
      header: t('wallet.amount'),
      className: 'num',
      cellClassName: (line) => (line.amount < 0 ? 'amount amount--out' : 'amount amount--in'),
      render: (line) => `${line.amount > 0 ? '+' : ''}${money(line.amount, digits)}`,
    },
    {
      key: 'balanceAfter',
      header: t('wallet.record.balanceAfter'),
      className: 'num',
      render: (line) => money(line.balanceAfter, digits),
    },
  ];
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const title = t('agentCentre.pages.agentDownlineTransactionDetailsCopy');
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{title}</h2>
      <PeriodPicker resolved={data?.range} />
      <fieldset className="agent-report-filters">
        <legend className="visually-hidden">{t('agentCentre.reports.filters')}</legend>
        <UsernameSearch value={username} onSearch={(value) => set({ username: value })} />
        <label className="wallet-select">
          <span>{t('agentCentre.reports.type')}</span>
          <select value={type ?? ''} onChange={(event) => set({ type: event.target.value })}>
            <option value="">{t('wallet.record.allTypes')}</option>
            {LEDGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`wallet.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {lines.isError ? <FormMessage tone="error">{errorText(t, lines.error)}</FormMessage> : null}
      {!data ? (
        lines.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <Table
          caption={title}
          columns={columns}
          rows={data.list}
          rowKey={(line) => line.id}
          empty={<p className="wallet-empty">{t('agentCentre.reports.noTransactions')}</p>}
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
