import {
  raffleConsoleEndpoints as api,
  type ConsoleRaffleHandover,
  type QueryOf,
  RAFFLE_HANDOVER_STATUSES,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { decisionsColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { DecisionDialog } from '../../app/dialogs.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { oneOf, optional, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';

type Query = QueryOf<typeof api.handovers>;
type Decision = 'handOver' | 'cancel';
const FILTERS = ['username', 'status'] as const;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  return {
    username: optional(applied.username.trim()),
    status: oneOf(RAFFLE_HANDOVER_STATUSES, applied.status),
  };
}

/**
 * The physical prizes won on the prize wheel, to hand over (filter Pending): the operator contacts the member (their
 * player page has the contact details), then records the hand-over with the note the member reads (how and when, a
 * tracking number), or cancels it with the reason, which puts the prize back into stock. Audited on the server.
 */
export function HandoversPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.handOver);
  const list = useSearchList(api.handovers, FILTERS, toQuery);
  const [deciding, setDeciding] = useState<{ row: ConsoleRaffleHandover; decision: Decision } | null>(null);
  const option = (value: string, label: string) => ({ value, label });
  return (
    <>
      <SearchListPage
        page="raffleHandovers"
        list={list}
        columns={[
          {
            key: 'won',
            header: t('raffleHandovers.wonAt'),
            render: (row: ConsoleRaffleHandover) => formatDateTime(row.wonAt, i18n.language),
          },
          {
            key: 'member',
            header: t('raffleHandovers.member'),
            render: (row: ConsoleRaffleHandover) => (
              <Link className="cell-strong mono" to={`/players/${row.memberId}`}>
                {row.username}
              </Link>
            ),
          },
          {
            key: 'prize',
            header: t('raffleHandovers.prize'),
            render: (row: ConsoleRaffleHandover) => (
              <>
                <span className="cell-strong">{row.prizeName}</span>
                <span className="cell-below">{row.raffleName}</span>
              </>
            ),
          },
          {
            key: 'status',
            header: t('common.status'),
            render: (row: ConsoleRaffleHandover) => (
              <>
                <span className="cell-strong">{t(`raffleHandovers.statuses.${row.status}`)}</span>
                {row.note ? <span className="cell-below">{row.note}</span> : null}
                {row.decidedAt ? (
                  <span className="cell-below">
                    {t('raffleHandovers.decided', {
                      at: formatDateTime(row.decidedAt, i18n.language),
                      by: row.decidedBy ?? '',
                    })}
                  </span>
                ) : null}
              </>
            ),
          },
          ...(editable
            ? [
                decisionsColumn<ConsoleRaffleHandover, Decision>(
                  t,
                  (row) => row.status === 'pending',
                  [
                    {
                      decision: 'handOver',
                      icon: 'check',
                      label: t('raffleHandovers.handOver'),
                      named: (row) =>
                        t('raffleHandovers.handOverNamed', { prize: row.prizeName, username: row.username }),
                    },
                    {
                      decision: 'cancel',
                      icon: 'x',
                      label: t('raffleHandovers.cancel'),
                      named: (row) =>
                        t('raffleHandovers.cancelNamed', { prize: row.prizeName, username: row.username }),
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
                option('', t('raffleHandovers.allStatuses')),
                ...RAFFLE_HANDOVER_STATUSES.map((status) =>
                  option(status, t(`raffleHandovers.statuses.${status}`)),
                ),
              ]}
            />
          </>
        }
      />
      {deciding ? <HandoverDecision {...deciding} onClose={() => setDeciding(null)} /> : null}
    </>
  );
}

/** Recording a prize's hand-over with the note the member reads, or cancelling it with the reason. */
function HandoverDecision({
  row,
  decision,
  onClose,
}: {
  row: ConsoleRaffleHandover;
  decision: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const handOver = decision === 'handOver';
  const names = { prize: row.prizeName, username: row.username };
  return (
    <DecisionDialog
      title={handOver ? t('raffleHandovers.handOverTitle', names) : t('raffleHandovers.cancelTitle', names)}
      message={
        handOver ? t('raffleHandovers.handOverMessage', names) : t('raffleHandovers.cancelMessage', names)
      }
      saveLabel={handOver ? t('raffleHandovers.handOver') : t('raffleHandovers.cancel')}
      field={{
        name: 'note',
        label: handOver ? t('raffleHandovers.note') : t('raffleHandovers.reason'),
        hint: t('raffleHandovers.noteHint'),
      }}
      decide={(note) =>
        call(handOver ? api.handOver : api.cancelHandover, { params: { id: row.id }, body: { note } })
      }
      refresh={[api.handovers.path, api.list.path]}
      done={handOver ? t('raffleHandovers.handedOver') : t('raffleHandovers.cancelled')}
      onClose={onClose}
    />
  );
}
