import { useQuery } from '@tanstack/react-query';
import {
  responsibleConsoleEndpoints as api,
  formatMoney,
  type ResponsibleEvent,
  type ResponsibleLimit,
} from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { type Column, Table } from '../../ui/Table.tsx';

/**
 * A player's responsible gaming controls and their history, read-only: operators can neither lift a time-out or
 * self-exclusion nor lower a player's protection.
 */
export function PlayerResponsibleCard({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: [api.member.path, playerId],
    queryFn: ({ signal }) =>
      call(api.member, { params: { memberId: playerId }, query: { pageNo: 1, pageSize: 20 }, signal }),
  });
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  return (
    <Card title={t('responsible.playerTitle')}>
      <QueryView query={query}>
        {({ controls, history }) => {
          const show = (limit: ResponsibleLimit, value: number) =>
            limit.kind.endsWith('_minutes')
              ? t('responsible.minutes', { count: value })
              : formatMoney(value, controls.digits, i18n.language);
          const limits = controls.limits.filter((limit) => limit.value !== null || limit.pending);
          const columns: Column<ResponsibleEvent>[] = [
            dateTimeColumn('createdAt', t('responsible.when'), i18n.language, (row) => row.createdAt),
            {
              key: 'kind',
              header: t('responsible.change'),
              render: (row) => <Badge>{t(`responsible.events.${row.kind}`)}</Badge>,
            },
            {
              key: 'detail',
              header: t('responsible.detail'),
              render: (row) =>
                Object.entries(row.detail)
                  .map(([key, value]) => `${key}: ${value ?? '—'}`)
                  .join(', '),
            },
          ];
          const block = controls.block;
          return (
            <div className="stack">
              <DetailList
                items={[
                  {
                    label: t('responsible.block'),
                    value: block
                      ? t(`responsible.blocks.${block.kind}`, { date: when(block.until) })
                      : t('responsible.noBlock'),
                  },
                  {
                    label: t('responsible.realityCheck'),
                    value: controls.realityCheckMinutes
                      ? t('responsible.minutes', { count: controls.realityCheckMinutes })
                      : t('responsible.off'),
                  },
                  ...(limits.length === 0
                    ? [{ label: t('responsible.limits'), value: t('responsible.noLimits') }]
                    : limits.map((limit) => ({
                        label: t(`responsible.kinds.${limit.kind}`),
                        value: [
                          limit.value === null
                            ? t('responsible.none')
                            : t('responsible.used', {
                                used: show(limit, limit.used),
                                limit: show(limit, limit.value),
                              }),
                          limit.pending
                            ? t('responsible.pending', {
                                value:
                                  limit.pending.value === null
                                    ? t('responsible.none')
                                    : show(limit, limit.pending.value),
                                date: when(limit.pending.confirmableAt),
                              })
                            : '',
                        ]
                          .filter(Boolean)
                          .join(' · '),
                      }))),
                ]}
              />
              <Table
                caption={t('responsible.history')}
                columns={columns}
                rows={history.list}
                rowKey={(row) => String(row.id)}
                empty={<EmptyState icon="check" title={t('responsible.noHistory')} />}
              />
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}
