import type { TFunction } from 'i18next';
import { Badge } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';

interface Delivered {
  provider: string;
  status: 'outbox' | 'queued' | 'sent' | 'failed';
  error: string;
}

const STATUS_TONES = { outbox: 'neutral', queued: 'warning', sent: 'success', failed: 'danger' } as const;

/**
 * Where a message went: kept in the outbox, queued for its delivery job, sent through a gateway or SMTP, or failed
 * (with the reason).
 */
export function deliveryColumn<T extends Delivered>(t: TFunction): Column<T> {
  return {
    key: 'status',
    header: t('outbox.delivery'),
    render: (row) => (
      <>
        <Badge tone={STATUS_TONES[row.status]}>{t(`outbox.statuses.${row.status}`)}</Badge>
        {row.error ? <span className="cell-below">{row.error}</span> : null}
      </>
    ),
  };
}
