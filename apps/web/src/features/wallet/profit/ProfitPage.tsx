import { useQuery } from '@tanstack/react-query';
import { errorText, useUrlState } from '@tessera/ui';
import { Tabs } from '@tessera/ui/tabs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner } from '../../../ui/index.ts';
import { money, profitQuery } from '../queries.ts';
import '../wallet.css';

const PERIODS = ['today', 'yesterday', 'last7Days', 'last30Days', 'thisMonth', 'lastMonth'] as const;
type Period = (typeof PERIODS)[number];

/**
 * Profit and loss (personalProfit) per period: what the member won or lost, beside deposits, withdrawals and
 * transfers of the same period. The period lives in the URL.
 */
export default function ProfitPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const [params, update] = useUrlState();
  const asked = params.get('period');
  const period: Period = (PERIODS as readonly string[]).includes(asked ?? '') ? (asked as Period) : 'today';
  const profit = useQuery(profitQuery(token, period));
  const select = (next: Period) => update({ period: next });
  const data = profit.data;
  const figure = (
    key:
      | 'deposits'
      | 'withdrawals'
      | 'transfersIn'
      | 'transfersOut'
      | 'bets'
      | 'payouts'
      | 'bonuses'
      | 'adjustments',
  ) => (data ? `${data.currencySymbol} ${money(data[key], data.digits)}` : '');
  const range = data
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).formatRange(
        new Date(data.startTime),
        new Date(new Date(data.endTime).getTime() - 1),
      )
    : '';
  return (
    <div className="wallet-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.personalProfit')}</h2>
      <Tabs
        label={t('wallet.profit.periods')}
        tabs={PERIODS.map((key) => ({ key, label: t(`wallet.profit.period.${key}`) }))}
        selected={period}
        onSelect={select}
      >
        {profit.isError ? <FormMessage tone="error">{errorText(t, profit.error)}</FormMessage> : null}
        {!data ? (
          <CenteredSpinner label={t('common.loading')} />
        ) : (
          <div className="profit">
            <div className={data.profit < 0 ? 'profit__headline profit__headline--loss' : 'profit__headline'}>
              <span>{t('wallet.profit.result')}</span>
              <strong>
                {data.profit > 0 ? '+' : ''}
                {data.currencySymbol} {money(data.profit, data.digits)}
              </strong>
              <small>{range}</small>
            </div>
            <dl className="profit__grid">
              {(
                [
                  'bets',
                  'payouts',
                  'bonuses',
                  'adjustments',
                  'deposits',
                  'withdrawals',
                  'transfersIn',
                  'transfersOut',
                ] as const
              ).map((key) => (
                <div key={key} className="profit__item">
                  <dt>{t(`wallet.profit.${key}`)}</dt>
                  <dd>{figure(key)}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </Tabs>
    </div>
  );
}
