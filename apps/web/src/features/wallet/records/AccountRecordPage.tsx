import { useQuery } from '@tanstack/react-query';
import { LEDGER_KINDS, type LedgerKind, type ResponseOf } from '@tessera/contract';
import { errorText, type ParamChanges, useUrlState } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import type { walletEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { Button, CenteredSpinner, Pagination } from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { accountRecordQuery, money, useBalance } from '../queries.ts';
import '../wallet.css';

const PAGE_SIZE = 10;
type RecordRow = ResponseOf<typeof walletEndpoints.accountRecord>['list'][number];
const DAY_MS = 86_400_000;

/** A day of the date inputs (yyyy-mm-dd, the reader's own calendar day). */
const dayText = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const dayStart = (text: string) => {
  const [year, month, day] = text.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
};
const isDay = (text: string | null): text is string => text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * The account record (transactionHistory): every movement of the member's spendable money and points, newest first, with a
 * type filter, a date range (last 7 or 30 days, moved back or forward by its length, or picked) and pages. The
 * filters live in the URL.
 */
export default function AccountRecordPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const { data: balance } = useBalance();
  const [params, setParams] = useUrlState();
  const today = dayText(new Date());
  const to = isDay(params.get('to')) ? (params.get('to') as string) : today;
  const from = isDay(params.get('from'))
    ? (params.get('from') as string)
    : dayText(new Date(dayStart(to).getTime() - 6 * DAY_MS));
  const typeParam = params.get('type');
  const type = (LEDGER_KINDS as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as LedgerKind)
    : undefined;
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const record = useQuery(
    accountRecordQuery(token, {
      type,
      startTime: dayStart(from).toISOString(),
      endTime: new Date(dayStart(to).getTime() + DAY_MS).toISOString(),
      pageNo,
      pageSize: PAGE_SIZE,
    }),
  );
  /** A new filter starts at page 1. */
  const update = (changes: ParamChanges) => setParams({ pageNo: null, ...changes });
  const lastDays = (days: number) =>
    update({ from: dayText(new Date(Date.now() - (days - 1) * DAY_MS)), to: today });
  const shift = (direction: -1 | 1) => {
    const length = Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
    const move = direction * length * DAY_MS;
    update({
      from: dayText(new Date(dayStart(from).getTime() + move)),
      to: dayText(new Date(dayStart(to).getTime() + move)),
    });
  };
  const digits = balance?.digits ?? 2;
  const symbol = balance?.currencySymbol ?? '';
  const pages = record.data ? Math.max(1, Math.ceil(record.data.total / PAGE_SIZE)) : 1;
  /** Money with the currency's decimals; points (their own wallet) whole, in the reader's grouping. */
  const amountText = (row: RecordRow, value: number) =>
    row.wallet === 'points' ? new Intl.NumberFormat(locale).format(value) : money(value, digits);
  const columns: Column<RecordRow>[] = [
    { key: 'time', header: t('wallet.record.time'), render: (row) => formatDateTime(row.createdAt, locale) },
    { key: 'type', header: t('wallet.record.type'), render: (row) => t(`wallet.kinds.${row.kind}`) },
    {
      key: 'wallet',
      header: t('wallet.record.wallet'),
      render: (row) =>
        row.wallet === 'main'
          ? t('wallet.mainWallet')
          : row.wallet === 'points'
            ? t('points.walletName')
            : row.wallet,
    },
    {
      key: 'amount',
      header: t('wallet.amount'),
      className: 'num',
      cellClassName: (row) => (row.amount < 0 ? 'amount amount--out' : 'amount amount--in'),
      render: (row) => `${row.amount > 0 ? '+' : ''}${amountText(row, row.amount)}`,
    },
    {
      key: 'balanceAfter',
      header: t('wallet.record.balanceAfter'),
      className: 'num',
      render: (row) => (row.wallet === 'points' ? '' : `${symbol} `) + amountText(row, row.balanceAfter),
    },
    {
      key: 'reference',
      header: t('wallet.record.reference'),
      cellClassName: () => 'wallet-table__ref',
      render: (row) => row.remark || row.reference,
    },
  ];
  return (
    <div className="wallet-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.transactionHistory')}</h2>
      <fieldset className="record-filters">
        <legend className="visually-hidden">{t('wallet.record.filters')}</legend>
        <label className="wallet-select">
          <span>{t('wallet.record.type')}</span>
          <select value={type ?? ''} onChange={(event) => update({ type: event.target.value || null })}>
            <option value="">{t('wallet.record.allTypes')}</option>
            {LEDGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`wallet.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="wallet-select">
          <span>{t('wallet.record.from')}</span>
          <input
            type="date"
            value={from}
            max={to}
            onChange={(event) => isDay(event.target.value) && update({ from: event.target.value })}
          />
        </label>
        <label className="wallet-select">
          <span>{t('wallet.record.to')}</span>
          <input
            type="date"
            value={to}
            min={from}
            onChange={(event) => isDay(event.target.value) && update({ to: event.target.value })}
          />
        </label>
        <div className="record-filters__quick">
          <Button variant="ghost" size="sm" onClick={() => shift(-1)}>
            {t('wallet.record.previous')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => lastDays(7)}>
            {t('wallet.record.last7')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => lastDays(30)}>
            {t('wallet.record.last30')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => shift(1)}>
            {t('wallet.record.next')}
          </Button>
        </div>
      </fieldset>
      {record.isError ? <FormMessage tone="error">{errorText(t, record.error)}</FormMessage> : null}
      {!record.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : record.data.list.length === 0 ? (
        <p className="wallet-empty">{t('wallet.record.empty')}</p>
      ) : (
        <Table
          caption={t('memberCentre.pages.transactionHistory')}
          columns={columns}
          rows={record.data.list}
          rowKey={(row) => row.id}
        />
      )}
      {pages > 1 ? (
        <Pagination
          page={pageNo}
          pageCount={pages}
          label={t('wallet.record.pages')}
          onChange={(page) => update({ pageNo: String(page) })}
        />
      ) : null}
    </div>
  );
}
