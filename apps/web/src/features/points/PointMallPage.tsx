import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  convertPointsBody,
  type MallItem,
  type PointConfig,
  type RedeemRecord,
  type RedemptionStatus,
  redeemPointsBody,
} from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { pointEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { GiftIcon, SparkIcon } from '../../ui/icons.tsx';
import {
  Button,
  CenteredSpinner,
  DocumentTitle,
  PageHero,
  Pagination,
  StatusBadge,
  type StatusTone,
} from '../../ui/index.ts';
import { Modal } from '../../ui/Modal.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { FormField } from '../auth/fields.tsx';
import { refusal } from '../auth/validation.ts';
import { raffleKey } from '../raffle/queries.ts';
import { PaymentPasswordField } from '../wallet/PaymentPasswordField.tsx';
import { money, walletKey } from '../wallet/queries.ts';
import { mallQuery, pointBalanceQuery, pointConfigQuery, pointsKey, redeemHistoryQuery } from './queries.ts';
import '../wallet/wallet.css';
import './points.css';
import { useSiteName } from '../site/useSiteName.ts';

const PAGE_SIZE = 10;
const TONES: Record<RedemptionStatus, StatusTone> = {
  processing: 'attention',
  completed: 'success',
  rejected: 'danger',
};

type Currency = { currencySymbol: string; digits: number };

function useFormats(currency: Currency | undefined) {
  const locale = useDateLocale();
  const number = new Intl.NumberFormat(locale);
  return {
    points: (value: number) => number.format(value),
    amount: (value: number) =>
      currency ? `${currency.currencySymbol} ${money(value, currency.digits)}` : '',
    rate: (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value),
  };
}

/**
 * After a conversion or a redemption: the balance, the record, the catalogue's stock, the wallet and the prize
 * tickets (a ticket item) change.
 */
function useRefresh() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: pointsKey(token) });
    void queryClient.invalidateQueries({ queryKey: walletKey(token) });
    void queryClient.invalidateQueries({ queryKey: raffleKey(token) });
  };
}

/**
 * /pointMall (spec §1–§4): the member's points balance, accumulated points and conversion ratio, the points tips
 * (how points are earned; they never expire), converting points to cash with the payment password, the catalogue
 * with its redeem dialog, and the redeem record.
 */
export default function PointMallPage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const { token } = useSession();
  const balance = useQuery(pointBalanceQuery(token));
  const config = useQuery(pointConfigQuery(token));
  const failed = balance.error ?? config.error;
  return (
    <div className="container points-page">
      <DocumentTitle>{`${t('pages.pointMall')} · ${siteName}`}</DocumentTitle>
      <PageHero
        icon={GiftIcon}
        eyebrow={t('pages.pointMall')}
        title={t('points.title')}
        lead={t('points.lead')}
      />
      {failed ? <FormMessage tone="error">{errorText(t, failed)}</FormMessage> : null}
      {!balance.data || !config.data ? (
        failed ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <Summary balance={balance.data} />
          <div className="points-columns">
            <ConvertCard config={config.data} balance={balance.data.balance} />
            <Tips config={config.data} />
          </div>
          <Catalogue balance={balance.data.balance} />
          <History currency={config.data} />
        </>
      )}
    </div>
  );
}

function Summary({
  balance,
}: {
  balance: { balance: number; accumulated: number; ratio: number; cashValue: number } & Currency;
}) {
  const { t } = useTranslation();
  const format = useFormats(balance);
  return (
    <section className="points-summary" aria-labelledby="points-summary-title">
      <div className="points-summary__main">
        <SparkIcon />
        <div>
          <h2 id="points-summary-title" className="points-summary__label">
            {t('points.balance')}
          </h2>
          <p className="points-summary__value">{format.points(balance.balance)}</p>
          <p className="points-summary__worth">
            {t('points.worth', { amount: format.amount(balance.cashValue) })}
          </p>
        </div>
      </div>
      <dl className="points-summary__facts">
        <div>
          <dt>{t('points.accumulated')}</dt>
          <dd>{format.points(balance.accumulated)}</dd>
        </div>
        <div>
          <dt>{t('points.ratio')}</dt>
          <dd>{t('points.ratioText', { points: format.points(balance.ratio), amount: format.amount(1) })}</dd>
        </div>
      </dl>
    </section>
  );
}

type ConvertForm = z.input<typeof convertPointsBody>;

function ConvertCard({ config, balance }: { config: PointConfig; balance: number }) {
  const { t } = useTranslation();
  const format = useFormats(config);
  const refresh = useRefresh();
  const form = useForm<ConvertForm>({
    resolver: zodResolver(convertPointsBody),
    defaultValues: { points: '', paymentPassword: '' },
  });
  const convert = useMutation({
    mutationFn: (body: z.output<typeof convertPointsBody>) => api(pointEndpoints.convert, { body }),
    onSuccess: () => {
      form.reset();
      refresh();
    },
  });
  const refused = refusal(t, convert.error, { shown: ['points', 'paymentPassword'] });
  return (
    <section className="points-card" aria-labelledby="points-convert-title">
      <h2 id="points-convert-title" className="points-card__title">
        {t('points.convertTitle')}
      </h2>
      <p className="points-card__lead">
        {t('points.convertLead', {
          min: format.points(config.minPoints),
          multiple: config.turnoverMultiple,
        })}
      </p>
      <form
        className="wallet-form"
        noValidate
        onSubmit={(event) => {
          convert.reset();
          void form.handleSubmit((body) => convert.mutate(body as z.output<typeof convertPointsBody>))(event);
        }}
      >
        <FormField
          control={form.control}
          name="points"
          label={t('points.pointsToConvert')}
          inputMode="numeric"
          hint={t('points.available', { points: format.points(balance) })}
          describe={(error) => (error ? t('points.errors.points') : undefined)}
          serverError={refused.fields.points}
          required
        />
        <PaymentPasswordField
          control={form.control}
          name="paymentPassword"
          serverError={refused.fields.paymentPassword}
        />
        {convert.isError && refused.message ? (
          <FormMessage tone="error">{refused.message}</FormMessage>
        ) : null}
        {convert.isSuccess ? (
          <FormMessage tone="success">
            {t('points.converted', {
              points: format.points(convert.data.points),
              amount: format.amount(convert.data.amount),
            })}
          </FormMessage>
        ) : null}
        <Button type="submit" variant="primary" size="lg" loading={convert.isPending}>
          {t('points.convert')}
        </Button>
      </form>
    </section>
  );
}

function Tips({ config }: { config: PointConfig }) {
  const { t } = useTranslation();
  const format = useFormats(config);
  return (
    <section className="points-card points-tips" aria-labelledby="points-tips-title">
      <h2 id="points-tips-title" className="points-card__title">
        {t('points.tipsTitle')}
      </h2>
      <ul className="points-tips__list">
        <li>{t('points.tipEarn')}</li>
        {config.rates.map((row) => (
          <li key={row.product} className="points-tips__rate">
            <span>{t(`gameTypes.${row.product}`)}</span>
            <strong>
              {t('points.rateText', {
                count: row.rate,
                points: format.rate(row.rate),
                amount: format.amount(1),
              })}
            </strong>
          </li>
        ))}
        {config.dailyCap !== null ? (
          <li>{t('points.tipCap', { points: format.points(config.dailyCap) })}</li>
        ) : null}
        <li>{t('points.tipDaily')}</li>
        <li>{t('points.tipNeverExpire')}</li>
        <li>{t('points.tipTurnover', { multiple: config.turnoverMultiple })}</li>
      </ul>
    </section>
  );
}

function Catalogue({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const mall = useQuery(mallQuery(token));
  const [chosen, setChosen] = useState<MallItem | null>(null);
  const format = useFormats(mall.data);
  return (
    <section className="points-section" aria-labelledby="points-mall-title">
      <h2 id="points-mall-title" className="points-section__title">
        {t('points.mallTitle')}
      </h2>
      {mall.isError ? (
        <FormMessage tone="error">{errorText(t, mall.error)}</FormMessage>
      ) : !mall.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : mall.data.list.length === 0 ? (
        <p className="points-card__lead">{t('points.noItems')}</p>
      ) : (
        <ul className="points-items">
          {mall.data.list.map((item) => {
            const soldOut = item.stock !== null && item.stock <= 0;
            const limitReached = item.perMemberLimit !== null && item.redeemed >= item.perMemberLimit;
            return (
              <li key={item.id} className="points-item">
                <div className="points-item__picture">
                  {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" /> : <GiftIcon />}
                  <span className="points-item__kind">{t(`points.kinds.${item.kind}`)}</span>
                </div>
                <div className="points-item__body">
                  <h3 className="points-item__name">{item.name}</h3>
                  {item.description ? <p className="points-item__description">{item.description}</p> : null}
                  <p className="points-item__price">
                    {t('points.price', { points: format.points(item.points) })}
                    {item.cash > 0 ? ` + ${format.amount(item.cash)}` : ''}
                  </p>
                  {item.kind === 'bonus' ? (
                    <p className="points-item__meta">
                      {t('points.bonusMeta', {
                        amount: format.amount(item.bonus),
                        multiple: item.turnoverMultiple,
                      })}
                    </p>
                  ) : null}
                  {item.kind === 'ticket' ? (
                    <p className="points-item__meta">
                      {t('points.ticketsMeta', { count: item.tickets, value: format.points(item.tickets) })}
                    </p>
                  ) : null}
                  <p className="points-item__meta">
                    {item.stock === null ? t('points.inStock') : t('points.stockLeft', { count: item.stock })}
                    {item.perMemberLimit !== null
                      ? ` · ${t('points.limit', { redeemed: item.redeemed, limit: item.perMemberLimit })}`
                      : ''}
                  </p>
                  <Button
                    variant="primary"
                    disabled={soldOut || limitReached}
                    onClick={() => setChosen(item)}
                    aria-label={t('points.redeemNamed', { name: item.name })}
                  >
                    {soldOut ? t('points.soldOut') : t('points.redeem')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && mall.data ? (
        <RedeemDialog item={chosen} currency={mall.data} balance={balance} onClose={() => setChosen(null)} />
      ) : null}
    </section>
  );
}

type RedeemForm = z.input<typeof redeemPointsBody>;

function RedeemDialog({
  item,
  currency,
  balance,
  onClose,
}: {
  item: MallItem;
  currency: Currency;
  balance: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormats(currency);
  const refresh = useRefresh();
  const form = useForm<RedeemForm>({
    resolver: zodResolver(redeemPointsBody),
    defaultValues: { rewardId: item.id, quantity: '1', paymentPassword: '', address: '', phone: '' },
  });
  const redeem = useMutation({
    mutationFn: (body: z.output<typeof redeemPointsBody>) => api(pointEndpoints.redeem, { body }),
    onSuccess: refresh,
  });
  const refused = refusal(t, redeem.error, { shown: ['quantity', 'paymentPassword', 'address', 'phone'] });
  const quantity = Math.max(1, Number(form.watch('quantity')) || 1);
  const physical = item.kind === 'physical';
  return (
    <Modal open onClose={onClose} title={t('points.redeemTitle', { name: item.name })}>
      {redeem.isSuccess ? (
        <div className="points-dialog">
          <FormMessage tone="success">
            {redeem.data.status === 'completed'
              ? t('points.redeemedNow', { name: item.name, no: redeem.data.transactionNo })
              : t('points.redeemedProcessing', { name: item.name, no: redeem.data.transactionNo })}
          </FormMessage>
          <Button variant="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
      ) : (
        <form
          className="wallet-form points-dialog"
          noValidate
          onSubmit={(event) => {
            redeem.reset();
            void form.handleSubmit((body) => redeem.mutate(body as z.output<typeof redeemPointsBody>))(event);
          }}
        >
          <dl className="wallet-facts">
            <div>
              <dt>{t('points.cost')}</dt>
              <dd>
                {t('points.price', { points: format.points(item.points * quantity) })}
                {item.cash > 0 ? ` + ${format.amount(item.cash * quantity)}` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('points.balance')}</dt>
              <dd>{format.points(balance)}</dd>
            </div>
          </dl>
          <FormField
            control={form.control}
            name="quantity"
            label={t('points.quantity')}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            describe={(error) => (error ? t('points.errors.quantity') : undefined)}
            serverError={refused.fields.quantity}
            required
          />
          {physical ? (
            <>
              <FormField
                control={form.control}
                name="address"
                label={t('points.address')}
                autoComplete="street-address"
                maxLength={300}
                serverError={refused.fields.address}
                required
              />
              <FormField
                control={form.control}
                name="phone"
                label={t('points.phone')}
                type="tel"
                autoComplete="tel"
                describe={(error) => (error ? t('points.errors.phone') : undefined)}
                serverError={refused.fields.phone}
                required
              />
            </>
          ) : null}
          <PaymentPasswordField
            control={form.control}
            name="paymentPassword"
            serverError={refused.fields.paymentPassword}
          />
          {redeem.isError && refused.message ? (
            <FormMessage tone="error">{refused.message}</FormMessage>
          ) : null}
          <Button type="submit" variant="primary" size="lg" loading={redeem.isPending}>
            {t('points.confirmRedeem')}
          </Button>
        </form>
      )}
    </Modal>
  );
}

function History({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const [params, update] = useUrlState();
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const history = useQuery(redeemHistoryQuery(token, { pageNo, pageSize: PAGE_SIZE }));
  const format = useFormats(currency);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / PAGE_SIZE)) : 1;
  const columns: Column<RedeemRecord>[] = [
    { key: 'time', header: t('points.columns.time'), render: (row) => formatDateTime(row.createdAt, locale) },
    { key: 'no', header: t('points.columns.transactionNo'), render: (row) => row.transactionNo },
    {
      key: 'type',
      header: t('points.columns.exchangeType'),
      render: (row) => t(`points.exchangeTypes.${row.exchangeType}`),
    },
    {
      key: 'product',
      header: t('points.columns.product'),
      render: (row) => row.productName || t('points.exchangeTypes.CONVERT'),
    },
    {
      key: 'quantity',
      header: t('points.columns.quantity'),
      className: 'num',
      render: (row) => row.quantity,
    },
    {
      key: 'points',
      header: t('points.columns.points'),
      className: 'num',
      render: (row) => format.points(row.requiredPoints),
    },
    {
      key: 'amount',
      header: t('points.columns.amount'),
      className: 'num',
      render: (row) => format.amount(row.requiredAmount),
    },
    {
      key: 'status',
      header: t('points.columns.status'),
      render: (row) => <StatusBadge tone={TONES[row.status]}>{t(`points.status.${row.status}`)}</StatusBadge>,
    },
    { key: 'remark', header: t('points.columns.remark'), render: (row) => row.remark },
  ];
  return (
    <section className="points-section" aria-labelledby="points-history-title">
      <h2 id="points-history-title" className="points-section__title">
        {t('points.historyTitle')}
      </h2>
      {history.isError ? (
        <FormMessage tone="error">{errorText(t, history.error)}</FormMessage>
      ) : !history.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : (
        <Table
          caption={t('points.historyTitle')}
          rows={history.data.list}
          rowKey={(row) => row.transactionNo}
          empty={<p className="points-card__lead">{t('points.noHistory')}</p>}
          columns={columns}
        />
      )}
      <Pagination
        page={pageNo}
        pageCount={pages}
        label={t('points.pages')}
        onChange={(page) => update({ pageNo: String(page) })}
      />
    </section>
  );
}
