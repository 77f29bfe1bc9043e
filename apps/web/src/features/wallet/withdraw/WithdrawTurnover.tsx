import type { TurnoverObligation } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type Column, numberColumn, Table } from '../../../ui/Table.tsx';
import { money } from '../queries.ts';

/**
 * Why turnover remains: the member's open obligations, oldest first (the order settled bets fill them in), each
 * with the credit that opened it, what remains (first, so a phone shows it without scrolling), the turnover it
 * requires, what was wagered towards it, the credit's amount and when it expires; money and dates in the reader's
 * locale.
 */
export function WithdrawTurnover({
  obligations,
  currency,
}: {
  obligations: readonly TurnoverObligation[];
  currency: { symbol: string; digits: number };
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const amount = (major: number) => `${currency.symbol} ${money(major, currency.digits)}`;
  const columns: Column<TurnoverObligation>[] = [
    {
      key: 'source',
      header: t('withdraw.turnover.source'),
      render: (row) => (
        <>
          {t(`withdraw.turnover.sources.${row.source}`)}
          <span className="withdraw-turnover__when">{formatDateTime(row.createdAt, locale)}</span>
        </>
      ),
    },
    numberColumn(
      'remaining',
      t('withdraw.turnover.remaining'),
      (row) => row.remaining,
      (value) => <strong>{amount(value)}</strong>,
    ),
    numberColumn('required', t('withdraw.turnover.required'), (row) => row.required, amount),
    numberColumn('contributed', t('withdraw.turnover.contributed'), (row) => row.contributed, amount),
    numberColumn('amount', t('withdraw.turnover.amount'), (row) => row.amount, amount),
    {
      key: 'expires',
      header: t('withdraw.turnover.expires'),
      render: (row) =>
        row.expiresAt ? formatDateTime(row.expiresAt, locale) : t('withdraw.turnover.noExpiry'),
    },
  ];
  if (obligations.length === 0) return null;
  return (
    <section className="withdraw-section" aria-labelledby="withdraw-turnover-title">
      <h3 id="withdraw-turnover-title" className="wallet-form__title">
        {t('withdraw.turnover.title')}
      </h3>
      <p className="withdraw-section__note">{t('withdraw.turnover.note')}</p>
      <Table
        caption={t('withdraw.turnover.title')}
        columns={columns}
        rows={obligations}
        rowKey={(row) => String(row.id)}
      />
    </section>
  );
}
