import { useQuery } from '@tanstack/react-query';
import { errorText } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import { CenteredSpinner } from '../../../ui/index.ts';
import { money } from '../../wallet/queries.ts';
import { PeriodPicker, usePeriodRange } from '../PeriodPicker.tsx';
import { myIncomeQuery } from '../queries-b.ts';
import '../../wallet/wallet.css';
import '../agent-reports.css';

/** What comes in (+) and goes out (−) of the agent's own wallet, in the order the page lists it. */
const LINES = [
  { key: 'salaries', sign: 1 },
  { key: 'dividends', sign: 1 },
  { key: 'rebates', sign: 1 },
  { key: 'redEnvelopesIn', sign: 1 },
  { key: 'redEnvelopesOut', sign: -1 },
  { key: 'transfersIn', sign: 1 },
  { key: 'transfersOut', sign: -1 },
] as const;

/**
 * My income (agentRevenueReport): what the agent itself received in the period (salaries, dividends, rebates, red
 * envelopes, transfers) and sent (red envelopes to its downlines, transfers), and the net. The period lives in the
 * URL.
 */
export default function IncomePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const range = usePeriodRange();
  const income = useQuery(myIncomeQuery(token, range));
  const data = income.data;
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{t('agentCentre.pages.agentRevenueReport')}</h2>
      <PeriodPicker resolved={data} resets={{}} />
      {income.isError ? <FormMessage tone="error">{errorText(t, income.error)}</FormMessage> : null}
      {!data ? (
        income.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <div className="profit">
          <div className={data.net < 0 ? 'profit__headline profit__headline--loss' : 'profit__headline'}>
            <span>{t('agentCentre.reports.income.net')}</span>
            <strong>
              {data.net > 0 ? '+' : ''}
              {money(data.net, data.digits)} {data.currency}
            </strong>
          </div>
          <dl className="agent-cards">
            {LINES.map(({ key, sign }) => (
              <div key={key} className="agent-card">
                <dt>{t(`agentCentre.reports.income.${key}`)}</dt>
                <dd>
                  {sign < 0 && data[key] > 0 ? '−' : ''}
                  {money(data[key], data.digits)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}
