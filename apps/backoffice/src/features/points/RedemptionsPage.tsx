import {
  pointsConsoleEndpoints as api,
  type ConsoleRedemption,
  type QueryOf,
  REDEMPTION_STATUSES,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { decisionsColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { DecisionDialog } from '../../app/dialogs.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { oneOf, optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { useBillMoney } from '../agents/bills.tsx';

type Query = QueryOf<typeof api.redemptions>;
const FILTERS = ['username', 'status'] as const;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  return {
    username: optional(applied.username.trim()),
    status: oneOf(REDEMPTION_STATUSES, applied.status),
  };
}

/**
 * The points mall's redemptions and the fulfilment queue (filter processing): physical items wait here with the
 * member's address and phone; operations complete one with its tracking note or reject it with the reason, which
 * returns the points (and any cash part) to the member in the same transaction. Audited on the server.
 */
export function RedemptionsPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.completeRedemption);
  const list = useSearchList(api.redemptions, FILTERS, toQuery);
  const data = list.query.data;
  const money = useBillMoney(data?.digits);
  const currency = data?.currency ?? '';
  const count = new Intl.NumberFormat(i18n.language);
  const [deciding, setDeciding] = useState<{
    row: ConsoleRedemption;
    decision: 'complete' | 'reject';
  } | null>(null);
  const option = (value: string, label: string) => ({ value, label });
  return (
    <>
      <SearchListPage
        page="redemptions"
        list={list}
        columns={[
          {
            key: 'no',
            header: t('redemptions.transactionNo'),
            render: (row: ConsoleRedemption) => (
              <>
                <span className="cell-strong mono">{row.transactionNo}</span>
                <span className="cell-below">{formatDateTime(row.createdAt, i18n.language)}</span>
              </>
            ),
          },
          {
            key: 'username',
            header: t('redemptions.username'),
            render: (row: ConsoleRedemption) => row.username,
          },
          {
            key: 'product',
            header: t('redemptions.product'),
            render: (row: ConsoleRedemption) => (
              <>
                <span className="cell-strong">{`${row.productName} × ${row.quantity}`}</span>
                <span className="cell-below">{t(`mallItems.kinds.${row.kind}`)}</span>
              </>
            ),
          },
          {
            key: 'points',
            header: t('redemptions.points'),
            className: 'num',
            render: (row: ConsoleRedemption) =>
              `${t('mallItems.pointsValue', { points: count.format(row.points) })}${row.cash > 0 ? ` + ${money(row.cash)} ${currency}` : ''}`,
          },
          {
            key: 'delivery',
            header: t('redemptions.delivery'),
            render: (row: ConsoleRedemption) =>
              row.kind === 'physical' ? (
                <>
                  <span className="cell-strong">{row.address}</span>
                  <span className="cell-below">{row.phone}</span>
                </>
              ) : (
                ''
              ),
          },
          {
            key: 'status',
            header: t('common.status'),
            render: (row: ConsoleRedemption) => (
              <>
                <span className="cell-strong">{t(`redemptions.statuses.${row.status}`)}</span>
                <span className="cell-below">{row.remark}</span>
              </>
            ),
          },
          ...(editable
            ? [
                decisionsColumn(
                  t,
                  (row: ConsoleRedemption) => row.status === 'processing',
                  [
                    {
                      decision: 'complete',
                      icon: 'check',
                      label: t('redemptions.complete'),
                      named: (row) => t('redemptions.completeNamed', { no: row.transactionNo }),
                    },
                    {
                      decision: 'reject',
                      icon: 'x',
                      label: t('redemptions.reject'),
                      named: (row) => t('redemptions.rejectNamed', { no: row.transactionNo }),
                    },
                  ],
                  (row, decision) => setDeciding({ row, decision }),
                ),
              ]
            : []),
        ]}
        filters={
          <>
            <FilterText name="username" maxLength={40} />
            <FilterSelect
              name="status"
              label={t('common.status')}
              options={[
                option('', t('redemptions.allStatuses')),
                ...REDEMPTION_STATUSES.map((status) => option(status, t(`redemptions.statuses.${status}`))),
              ]}
            />
          </>
        }
      />
      {deciding ? <RedemptionDecision {...deciding} onClose={() => setDeciding(null)} /> : null}
    </>
  );
}

/** Completing a redemption with its tracking note, or rejecting it with the reason. */
function RedemptionDecision({
  row,
  decision,
  onClose,
}: {
  row: ConsoleRedemption;
  decision: 'complete' | 'reject';
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const complete = decision === 'complete';
  return (
    <DecisionDialog
      title={
        complete
          ? t('redemptions.completeTitle', { no: row.transactionNo })
          : t('redemptions.rejectTitle', { no: row.transactionNo })
      }
      message={
        complete
          ? t('redemptions.completeMessage', { name: row.productName, username: row.username })
          : t('redemptions.rejectMessage', {
              points: new Intl.NumberFormat(i18n.language).format(row.points),
              username: row.username,
            })
      }
      saveLabel={complete ? t('redemptions.complete') : t('redemptions.reject')}
      field={{ name: 'remark', label: complete ? t('redemptions.trackingNote') : t('redemptions.reason') }}
      decide={(remark) =>
        call(complete ? api.completeRedemption : api.rejectRedemption, {
          params: { id: row.id },
          body: { remark },
        })
      }
      refresh={[api.redemptions.path]}
      done={complete ? t('redemptions.completed') : t('redemptions.rejected')}
      onClose={onClose}
    />
  );
}
