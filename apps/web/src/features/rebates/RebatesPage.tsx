import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rebate, RebateOverview, RebateStatus } from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { rebateEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { GiftIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, Pagination, StatusBadge, type StatusTone } from '../../ui/index.ts';
import { Table } from '../../ui/Table.tsx';
import { money } from '../wallet/queries.ts';
import { rebateHistoryQuery, rebateOverviewQuery, rebatesKey } from './queries.ts';
import '../wallet/wallet.css';
import './rebates.css';

const PAGE_SIZE = 10;
const TONES: Record<RebateStatus, StatusTone> = {
  paid: 'success',
  claimed: 'success',
  available: 'attention',
  expired: 'neutral',
};

function useFormats(currency: { currencySymbol: string; digits: number } | undefined) {
  const locale = useDateLocale();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return {
    amount: (value: number) =>
      currency ? `${currency.currencySymbol} ${money(value, currency.digits)}` : '',
    rate: (value: number) => percent.format(value / 100),
    day: (day: string) => date.format(new Date(`${day}T00:00:00`)),
    instant: (iso: string) => date.format(new Date(iso)),
  };
}

/**
 * The member centre's rebate page (bonusDetails): what today's valid bets have earned so far per product (paid or
 * issued after the merchant's midnight), the rates of the member's VIP level, and the rebates paid or issued, with
 * a claim button while manual rebate is on and the claim period runs.
 */
export default function RebatesPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const overview = useQuery(rebateOverviewQuery(token));
  const data = overview.data;
  return (
    <div className="wallet-page rebates-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.bonusDetails')}</h2>
      {overview.isError ? <FormMessage tone="error">{errorText(t, overview.error)}</FormMessage> : null}
      {!data ? (
        overview.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <Today data={data} />
          <Rates data={data} />
          <History currency={data} />
        </>
      )}
    </div>
  );
}

function Today({ data }: { data: RebateOverview }) {
  const { t } = useTranslation();
  const format = useFormats(data);
  return (
    <section className="rebates-today" aria-labelledby="rebates-today-title">
      <div className="rebates-today__head">
        <GiftIcon aria-hidden="true" />
        <div>
          <h3 id="rebates-today-title" className="rebates-today__title">
            {t('rebates.today', { date: format.day(data.day) })}
          </h3>
          <p className="rebates-today__total">{format.amount(data.total)}</p>
        </div>
      </div>
      <p className="rebates-today__lead">
        {data.manual ? t('rebates.whenManual', { days: data.claimDays }) : t('rebates.whenAuto')}
      </p>
      {data.accrual.length === 0 ? (
        <p className="rebates-today__lead">{t('rebates.noPlayToday')}</p>
      ) : (
        <ul className="rebates-accrual" aria-label={t('rebates.accrualList')}>
          {data.accrual.map((row) => (
            <li key={row.product} className="rebates-accrual__row">
              <span className="rebates-accrual__product">{t(`gameTypes.${row.product}`)}</span>
              <span className="rebates-accrual__detail">
                {t('rebates.accrualDetail', {
                  bet: format.amount(row.validBet),
                  rate: format.rate(row.rate),
                })}
              </span>
              <strong className="rebates-accrual__amount">{format.amount(row.amount)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Rates({ data }: { data: RebateOverview }) {
  const { t } = useTranslation();
  const format = useFormats(data);
  return (
    <section className="rebates-section" aria-labelledby="rebates-rates-title">
      <h3 id="rebates-rates-title" className="rebates-section__title">
        {t('rebates.ratesTitle', { rank: data.rank })}
      </h3>
      <p className="vip-card__line">{t('rebates.ratesLead', { amount: format.amount(data.minPayout) })}</p>
      <Table
        caption={t('rebates.ratesTitle', { rank: data.rank })}
        rows={data.rates}
        rowKey={(row) => row.product}
        empty={<p className="vip-card__line">{t('rebates.noRates')}</p>}
        columns={[
          {
            key: 'product',
            header: t('rebates.columns.product'),
            render: (row) => t(`gameTypes.${row.product}`),
          },
          {
            key: 'tiers',
            header: t('rebates.columns.tiers'),
            render: (row) => (
              <ul className="rebates-tiers">
                {row.tiers.map((tier) => (
                  <li key={tier.minValidBet}>
                    {t('rebates.tier', {
                      amount: format.amount(tier.minValidBet),
                      rate: format.rate(tier.rate),
                    })}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </section>
  );
}

function History({ currency }: { currency: RebateOverview }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [params, update] = useUrlState();
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const history = useQuery(rebateHistoryQuery(token, { pageNo, pageSize: PAGE_SIZE }));
  const format = useFormats(currency);
  const claim = useMutation({
    mutationFn: (id: number) => api(rebateEndpoints.claim, { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rebatesKey(token) });
      void queryClient.invalidateQueries({ queryKey: ['member', token, 'wallet'] });
    },
  });
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / PAGE_SIZE)) : 1;
  const status = (rebate: Rebate) =>
    rebate.status === 'available' ? (
      <span className="rebates-claim">
        <Button
          size="sm"
          loading={claim.isPending && claim.variables === rebate.id}
          onClick={() => claim.mutate(rebate.id)}
          aria-label={t('rebates.claimNamed', {
            product: t(`gameTypes.${rebate.product}`),
            day: format.day(rebate.day),
            amount: format.amount(rebate.amount),
          })}
        >
          {t('rebates.claim')}
        </Button>
        {rebate.expiresAt ? (
          <small>{t('rebates.claimBy', { date: format.instant(rebate.expiresAt) })}</small>
        ) : null}
      </span>
    ) : (
      <StatusBadge tone={TONES[rebate.status]}>{t(`rebates.status.${rebate.status}`)}</StatusBadge>
    );
  return (
    <section className="rebates-section" aria-labelledby="rebates-history-title">
      <h3 id="rebates-history-title" className="rebates-section__title">
        {t('rebates.historyTitle')}
      </h3>
      {claim.isError ? <FormMessage tone="error">{errorText(t, claim.error)}</FormMessage> : null}
      {history.isError ? (
        <FormMessage tone="error">{errorText(t, history.error)}</FormMessage>
      ) : !history.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : (
        <Table
          caption={t('rebates.historyTitle')}
          rows={history.data.list}
          rowKey={(rebate) => String(rebate.id)}
          empty={<p className="vip-card__line">{t('rebates.noHistory')}</p>}
          columns={[
            { key: 'day', header: t('rebates.columns.day'), render: (rebate) => format.day(rebate.day) },
            {
              key: 'product',
              header: t('rebates.columns.product'),
              render: (rebate) => t(`gameTypes.${rebate.product}`),
            },
            {
              key: 'validBet',
              header: t('rebates.columns.validBet'),
              className: 'num',
              render: (rebate) => format.amount(rebate.validBet),
            },
            {
              key: 'rate',
              header: t('rebates.columns.rate'),
              className: 'num',
              render: (rebate) => format.rate(rebate.rate),
            },
            {
              key: 'amount',
              header: t('rebates.columns.amount'),
              className: 'num',
              render: (rebate) => format.amount(rebate.amount),
            },
            { key: 'status', header: t('rebates.columns.status'), render: status },
          ]}
        />
      )}
      <Pagination
        page={pageNo}
        pageCount={pages}
        label={t('rebates.pages')}
        onChange={(page) => update({ pageNo: String(page) })}
      />
    </section>
  );
}
