import {
  depositConsoleEndpoints as bo,
  CALLBACK_OUTCOMES,
  type CallbackOutcome,
  type GatewayCallbackRow,
} from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { Badge } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { OutcomeBadge, useChannelOptions } from './views.tsx';
import './deposits.css';

/**
 * Every callback a gateway sent and every answer of a status query, with what was done with it: credited, failed,
 * a duplicate, or refused (bad signature, unknown order, another amount …), newest first.
 */
export function GatewayCallbacksPage() {
  const { t, i18n } = useTranslation();
  const channelOptions = useChannelOptions();
  const log = useSearchList(bo.callbacks, ['orderNo', 'outcome', 'channelId'], (applied) => ({
    orderNo: optional(applied.orderNo),
    outcome: optional(applied.outcome) as CallbackOutcome | undefined,
    channelId: applied.channelId ? Number(applied.channelId) : undefined,
  }));
  const columns: Column<GatewayCallbackRow>[] = [
    dateTimeColumn('receivedAt', t('gatewayCallbacks.receivedAt'), i18n.language, (row) => row.receivedAt),
    {
      key: 'channel',
      header: t('deposits.channel'),
      render: (row) => row.channelName ?? (row.channelId === null ? '—' : `#${row.channelId}`),
    },
    monoColumn('orderNo', t('deposits.order'), (row) => row.orderNo),
    {
      key: 'source',
      header: t('gatewayCallbacks.source'),
      render: (row) => <Badge>{t(`gatewayCallbacks.sources.${row.source}`)}</Badge>,
    },
    {
      key: 'outcome',
      header: t('gatewayCallbacks.outcome'),
      render: (row) => <OutcomeBadge outcome={row.outcome} />,
    },
    monoColumn('ip', t('gatewayCallbacks.ip'), (row) => row.ip),
    {
      key: 'body',
      header: t('gatewayCallbacks.body'),
      render: (row) => (
        <details className="callback-body">
          <summary>{t('gatewayCallbacks.showBody')}</summary>
          <pre className="code-block">{JSON.stringify(row.body, null, 2)}</pre>
        </details>
      ),
    },
  ];
  return (
    <SearchListPage
      page="gatewayCallbacks"
      list={log}
      columns={columns}
      filters={
        <>
          <FilterText name="orderNo" label={t('deposits.order')} maxLength={64} className="mono" />
          <FilterSelect
            name="outcome"
            label={t('gatewayCallbacks.outcome')}
            options={[
              { value: '', label: t('gatewayCallbacks.allOutcomes') },
              ...CALLBACK_OUTCOMES.map((value) => ({
                value,
                label: t(`gatewayCallbacks.outcomes.${value}`),
              })),
            ]}
          />
          <FilterSelect name="channelId" label={t('deposits.channel')} options={channelOptions} />
        </>
      }
    />
  );
}
