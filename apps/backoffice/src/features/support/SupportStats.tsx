import { useQuery } from '@tanstack/react-query';
import { supportConsoleEndpoints as bo } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { Card } from '../../ui/Card.tsx';
import { Table } from '../../ui/Table.tsx';

/** A duration in seconds as the reader writes minutes or hours. */
function duration(seconds: number | null, language: string): string {
  if (seconds === null) return '—';
  const minutes = seconds / 60;
  const unit = minutes >= 90 ? 'hour' : 'minute';
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(unit === 'hour' ? minutes / 60 : minutes);
}

/** Response and resolution times per team over the last 7 days, with the members' average rating. */
export function SupportStats() {
  const { t, i18n } = useTranslation();
  const stats = useQuery({
    queryKey: [bo.stats.path],
    queryFn: ({ signal }) => call(bo.stats, { query: { days: 7 }, signal }),
  });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Card
      title={t('support.stats')}
      description={t('support.statsPeriod', { days: 7 })}
      className="support-stats"
    >
      <QueryView query={stats}>
        {(rows) => (
          <Table
            caption={t('support.stats')}
            rows={rows}
            rowKey={(row) => row.team}
            columns={[
              { key: 'team', header: t('support.team'), render: (row) => t(`support.teams.${row.team}`) },
              {
                key: 'conversations',
                header: t('support.statsConversations'),
                render: (row) => number.format(row.conversations),
              },
              {
                key: 'resolved',
                header: t('support.statsResolved'),
                render: (row) => number.format(row.resolved),
              },
              {
                key: 'response',
                header: t('support.statsResponse'),
                render: (row) => duration(row.firstResponseSeconds, i18n.language),
              },
              {
                key: 'resolution',
                header: t('support.statsResolution'),
                render: (row) => duration(row.resolutionSeconds, i18n.language),
              },
              {
                key: 'rating',
                header: t('support.statsRating'),
                render: (row) => (row.rating === null ? '—' : number.format(row.rating)),
              },
            ]}
          />
        )}
      </QueryView>
    </Card>
  );
}
