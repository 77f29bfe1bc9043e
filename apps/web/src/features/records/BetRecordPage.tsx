import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GAME_TYPES, type GameType, type ResponseOf } from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { gameEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { Button, CenteredSpinner, Pagination } from '../../ui/index.ts';
import { type Column, Table } from '../../ui/Table.tsx';
import { vendorsQuery } from '../lobby/queries.ts';
import { money } from '../wallet/queries.ts';
import '../wallet/wallet.css';
import './records.css';

const PAGE_SIZE = 10;
/** The quick ranges, in days ending today. */
const RANGES = [1, 7, 30] as const;

/** A calendar day of the reader's own time zone as the date inputs write it (yyyy-mm-dd). */
const toDay = (date: Date) => date.toLocaleDateString('sv-SE');
const daysAgo = (days: number) => toDay(new Date(Date.now() - days * 86_400_000));
/** The instant a day starts, in the reader's time zone. */
const startOf = (day: string) => new Date(`${day}T00:00:00`);
const validDay = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(startOf(value).getTime()) ? value : null;

/** A day of the range; a day the browser cannot read leaves the range as it was. */
function DayField(props: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const { label, onChange, ...input } = props;
  return (
    <label className="wallet-select">
      <span>{label}</span>
      <input
        type="date"
        {...input}
        onChange={(event) => {
          const day = validDay(event.target.value);
          if (day) onChange(day);
        }}
      />
    </label>
  );
}

type BetRound = ResponseOf<typeof gameEndpoints.betRecords>['list'][number];

interface BetFilter {
  gameType?: GameType | undefined;
  vassalage?: string | undefined;
  startTime: string;
  endTime: string;
  pageNo: number;
}

const betRecordsQuery = (token: string | null, filter: BetFilter) =>
  queryOptions({
    queryKey: ['member', token, 'games', 'bets', filter],
    queryFn: ({ signal }) =>
      api(gameEndpoints.betRecords, { query: { ...filter, pageSize: PAGE_SIZE }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/**
 * The betting record (member centre personalHistoryCopy): every round the member played, the latest first, by
 * category, vendor and date range, in pages, with the totals of everything the filter matches. The filters live in
 * the URL.
 */
export default function BetRecordPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const [params, update] = useUrlState();
  const to = validDay(params.get('to')) ?? toDay(new Date());
  const from = validDay(params.get('from')) ?? daysAgo(6);
  const typeParam = params.get('type');
  const gameType = (GAME_TYPES as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as GameType)
    : undefined;
  const vendor = (params.get('vendor') ?? '').replace(/[^A-Za-z0-9_]/g, '');
  const pageNo = Math.max(1, Math.floor(Number(params.get('pageNo'))) || 1);
  const vendors = useQuery(vendorsQuery(gameType));
  const record = useQuery(
    betRecordsQuery(token, {
      gameType,
      vassalage: vendor || undefined,
      startTime: startOf(from).toISOString(),
      endTime: new Date(startOf(to).getTime() + 86_400_000).toISOString(),
      pageNo,
    }),
  );

  /** A new filter starts at page 1; a new category clears the vendor (it may not have that category). */
  const set = (changes: Record<string, string>) => {
    update({ pageNo: null, ...changes, ...('type' in changes ? { vendor: null } : {}) });
  };
  const data = record.data;
  const amount = (value: number) => (data ? money(value, data.digits) : '');
  const signed = (value: number) => `${value > 0 ? '+' : ''}${amount(value)}`;
  const tone = (value: number) => (value < 0 ? 'num amount amount--out' : 'num amount amount--in');
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const title = t('memberCentre.pages.personalHistoryCopy');
  const columns: Column<BetRound>[] = [
    { key: 'time', header: t('bets.time'), render: (round) => formatDateTime(round.startedAt, locale) },
    {
      key: 'game',
      header: t('bets.game'),
      render: (round) => (
        <>
          <span className="bet-table__game">{round.gameName}</span>
          <span className="bet-table__ref">{round.roundRef}</span>
        </>
      ),
    },
    { key: 'vendor', header: t('bets.vendor'), render: (round) => round.vendorName },
    { key: 'stake', header: t('bets.stake'), className: 'num', render: (round) => amount(round.bet) },
    { key: 'win', header: t('bets.win'), className: 'num', render: (round) => amount(round.win) },
    {
      key: 'profit',
      header: t('bets.profit'),
      className: 'num',
      cellClassName: (round) => tone(round.profit),
      render: (round) => signed(round.profit),
    },
    {
      key: 'status',
      header: t('bets.status'),
      render: (round) => (
        <span className={`bet-status bet-status--${round.status}`}>{t(`bets.statuses.${round.status}`)}</span>
      ),
    },
  ];

  return (
    <div className="wallet-page bet-record">
      <h2 className="wallet-page__title">{title}</h2>
      <fieldset className="record-filters">
        <legend className="visually-hidden">{t('bets.filters')}</legend>
        <label className="wallet-select">
          <span>{t('bets.category')}</span>
          <select value={gameType ?? ''} onChange={(event) => set({ type: event.target.value })}>
            <option value="">{t('bets.allCategories')}</option>
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`gameTypes.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="wallet-select">
          <span>{t('bets.vendor')}</span>
          <select value={vendor} onChange={(event) => set({ vendor: event.target.value })}>
            <option value="">{t('bets.allVendors')}</option>
            {(vendors.data?.list ?? []).map((item) => (
              <option key={`${item.gameType}-${item.vassalage}`} value={item.vassalage}>
                {item.displayName}
              </option>
            ))}
          </select>
        </label>
        <DayField label={t('bets.from')} value={from} max={to} onChange={(day) => set({ from: day })} />
        <DayField label={t('bets.to')} value={to} min={from} onChange={(day) => set({ to: day })} />
        <div className="record-filters__quick">
          {RANGES.map((days) => (
            <Button
              key={days}
              variant="secondary"
              size="sm"
              aria-pressed={from === daysAgo(days - 1) && to === toDay(new Date())}
              onClick={() => set({ from: daysAgo(days - 1), to: toDay(new Date()) })}
            >
              {t(`bets.range.${days}`)}
            </Button>
          ))}
        </div>
      </fieldset>
      {record.isError ? <FormMessage tone="error">{errorText(t, record.error)}</FormMessage> : null}
      {data ? (
        <dl className="bet-totals">
          {(
            [
              ['totalBet', amount(data.totalBet), ''],
              ['totalWin', amount(data.totalWin), ''],
              ['totalProfit', signed(data.totalProfit), tone(data.totalProfit)],
            ] as const
          ).map(([key, value, className]) => (
            <div key={key}>
              <dt>{t(`bets.${key}`)}</dt>
              <dd className={className || undefined}>
                {data.currencySymbol} {value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {!data ? (
        record.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : data.list.length === 0 ? (
        <p className="wallet-empty">{t('bets.empty')}</p>
      ) : (
        <Table
          caption={title}
          classes={{ table: 'wallet-table bet-table' }}
          columns={columns}
          rows={data.list}
          rowKey={(round) => round.id}
        />
      )}
      <Pagination
        page={pageNo}
        pageCount={pages}
        label={t('bets.pages')}
        onChange={(page) => set({ pageNo: String(page) })}
      />
    </div>
  );
}
