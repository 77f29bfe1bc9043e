import {
  rebateConsoleEndpoints as api,
  type ConsoleRebate,
  GAME_TYPES,
  type QueryOf,
  REBATE_STATUSES,
} from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates.ts';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { useBillMoney } from '../agents/bills.tsx';

type Query = QueryOf<typeof api.list>;
const FILTERS = ['username', 'status', 'product', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  const pick = <T extends string>(options: readonly T[], value: string) =>
    (options as readonly string[]).includes(value) ? (value as T) : undefined;
  return {
    username: optional(applied.username.trim()),
    status: pick(REBATE_STATUSES, applied.status),
    product: pick(GAME_TYPES, applied.product),
    from: DAY.test(applied.from) ? applied.from : undefined,
    to: DAY.test(applied.to) ? applied.to : undefined,
  };
}

/** The rebates the daily job paid or issued (support and operations), newest day first, with filters. */
export function RebatesPage() {
  const { t, i18n } = useTranslation();
  const list = useSearchList(api.list, FILTERS, toQuery);
  const data = list.query.data;
  const money = useBillMoney(data?.digits);
  const currency = data?.currency ?? '';
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const option = (value: string, label: string) => ({ value, label });
  return (
    <SearchListPage
      page="rebates"
      list={list}
      columns={[
        { key: 'username', header: t('rebates.username'), render: (row: ConsoleRebate) => row.username },
        {
          key: 'day',
          header: t('rebates.day'),
          render: (row: ConsoleRebate) => day.format(new Date(`${row.day}T00:00:00`)),
        },
        {
          key: 'product',
          header: t('rebates.product'),
          render: (row: ConsoleRebate) => t(`games.types.${row.product}`),
        },
        {
          key: 'validBet',
          header: t('rebates.validBet'),
          className: 'num',
          render: (row: ConsoleRebate) => `${money(row.validBet)} ${currency}`,
        },
        {
          key: 'rate',
          header: t('rebates.rateColumn'),
          className: 'num',
          render: (row: ConsoleRebate) => percent.format(row.rate / 100),
        },
        {
          key: 'amount',
          header: t('rebates.amount'),
          className: 'num',
          render: (row: ConsoleRebate) => (
            <>
              <span className="cell-strong">{`${money(row.amount)} ${currency}`}</span>
              <span className="cell-below">{t('rebates.turnover', { multiple: row.turnoverMultiple })}</span>
            </>
          ),
        },
        {
          key: 'status',
          header: t('common.status'),
          render: (row: ConsoleRebate) => (
            <>
              <span className="cell-strong">{t(`rebates.statuses.${row.status}`)}</span>
              <span className="cell-below">
                {row.paidAt
                  ? formatDateTime(row.paidAt, i18n.language)
                  : row.expiresAt
                    ? t('rebates.until', { date: formatDateTime(row.expiresAt, i18n.language) })
                    : ''}
              </span>
            </>
          ),
        },
      ]}
      filters={
        <>
          <FilterText name="username" maxLength={40} />
          <FilterSelect
            name="status"
            label={t('common.status')}
            options={[
              option('', t('rebates.allStatuses')),
              ...REBATE_STATUSES.map((status) => option(status, t(`rebates.statuses.${status}`))),
            ]}
          />
          <FilterSelect
            name="product"
            options={[
              option('', t('rebates.allProducts')),
              ...GAME_TYPES.map((type) => option(type, t(`games.types.${type}`))),
            ]}
          />
          <FilterText name="from" type="date" />
          <FilterText name="to" type="date" />
        </>
      }
    />
  );
}
