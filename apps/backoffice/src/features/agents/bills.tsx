import type { ConsoleBillRow } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates.ts';
import type { Column } from '../../ui/Table.tsx';
import { StatusBadge } from './views.tsx';

/** Money of a settlement answer: the merchant's decimals, the reader's locale. */
export function useBillMoney(digits = 2) {
  const { i18n } = useTranslation();
  return (value: number) =>
    new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
}

/** A settlement period: its start and end instants in the reader's locale and time zone. */
export function periodText(start: string, end: string, language: string) {
  return `${formatDateTime(start, language)} – ${formatDateTime(end, language)}`;
}

/** The columns every bill list shows: agent, kind and period, tier and base, amount and paid, status. */
export function useBillColumns(money: (value: number) => string, currency: string): Column<ConsoleBillRow>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'agent',
      header: t('agents.bills.agent'),
      render: (bill) => (
        <>
          <span className="cell-strong">{bill.username}</span>
          <span className="cell-below">
            {t(`agents.kinds.${bill.kind}`)} · {bill.product}
          </span>
        </>
      ),
    },
    {
      key: 'period',
      header: t('agents.bills.period'),
      render: (bill) => (
        <>
          {periodText(bill.periodStart, bill.periodEnd, i18n.language)}
          <span className="cell-below">
            {t('agents.bills.createdAt', { at: formatDateTime(bill.createdAt, i18n.language) })}
          </span>
        </>
      ),
    },
    {
      key: 'base',
      header: t('agents.bills.base'),
      className: 'num',
      render: (bill) => (
        <>
          {money(bill.base)}
          <span className="cell-below">
            {bill.tier ? t('agents.bills.tierN', { tier: bill.tier }) : t('agents.bills.noTier')}
          </span>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('agents.bills.amount'),
      className: 'num nowrap',
      render: (bill) => (
        <>
          <span className="cell-strong">
            {money(bill.amount)} <span className="muted">{currency}</span>
          </span>
          <span className="cell-below">{t('agents.bills.paidAmount', { paid: money(bill.paid) })}</span>
          {bill.uncappedAmount === null ? null : (
            <span className="cell-below">
              {t('agents.bills.capped', { amount: money(bill.uncappedAmount) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (bill) => (
        <>
          <StatusBadge status={bill.status} />
          {bill.firstApprovedBy ? (
            <span className="cell-below">
              {t('agents.bills.firstBy', { operator: bill.firstApprovedBy })}
            </span>
          ) : null}
          {bill.approvedBy ? (
            <span className="cell-below">{t('agents.bills.approvedBy', { operator: bill.approvedBy })}</span>
          ) : null}
          {bill.reason ? <span className="cell-below">{bill.reason}</span> : null}
        </>
      ),
    },
  ];
}
