import { useQuery } from '@tanstack/react-query';
import { LEDGER_KINDS, type ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import type { agentReportCentreEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type Column, numberColumn } from '../../../ui/Table.tsx';
import { money } from '../../wallet/queries.ts';
import { PeriodPicker, usePeriodRange } from '../PeriodPicker.tsx';
import { downlineTransactionsQuery } from '../queries-b.ts';
import {
  FilterSelect,
  pick,
  REPORT_PAGE_SIZE,
  ReportPage,
  UsernameSearch,
  useReportUrl,
} from './ReportFilters.tsx';
import '../../wallet/wallet.css';
import '../agent-reports.css';

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
  const url = useReportUrl();
  const { params, set, username, pageNo } = url;
  const range = usePeriodRange();
  const type = pick(LEDGER_KINDS, params.get('type'));
  const lines = useQuery(
    downlineTransactionsQuery(token, {
      ...range,
      ...(username ? { username } : {}),
      ...(type ? { type } : {}),
      pageNo,
      pageSize: REPORT_PAGE_SIZE,
    }),
  );
  const data = lines.data;
  const digits = data?.range.digits ?? 2;
  const amount = (value: number) => money(value, digits);
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
    numberColumn('amount', t('wallet.amount'), (line) => line.amount, amount, { signed: true }),
    numberColumn('balanceAfter', t('wallet.record.balanceAfter'), (line) => line.balanceAfter, amount),
  ];
  const title = t('agentCentre.pages.agentDownlineTransactionDetailsCopy');
  return (
    <ReportPage
      title={title}
      period={<PeriodPicker resolved={data?.range} />}
      filters={
        <>
          <UsernameSearch value={username} onSearch={(value) => set({ username: value })} />
          <FilterSelect
            label={t('agentCentre.reports.type')}
            value={type ?? ''}
            all={t('wallet.record.allTypes')}
            options={LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`wallet.kinds.${kind}`) }))}
            onChange={(value) => set({ type: value })}
          />
        </>
      }
      query={lines}
      total={data?.total}
      columns={columns}
      rows={data?.list ?? []}
      rowKey={(line) => line.id}
      empty={<p className="wallet-empty">{t('agentCentre.reports.noTransactions')}</p>}
      url={url}
    />
  );
}
