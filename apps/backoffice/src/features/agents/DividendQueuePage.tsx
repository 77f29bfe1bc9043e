import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { settlementConsoleEndpoints as api, type ConsoleBillRow } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { actionsColumn, Table } from '../../ui/Table.tsx';
import { type BillAction, BillDialog } from './BillDialogs.tsx';
import { useBillColumns, useBillMoney } from './bills.tsx';

/**
 * Dividends waiting for an operator (finance), oldest period first: approve (paid at once; a large one needs a
 * second, different operator) or reject with a reason.
 */
export function DividendQueuePage() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [acting, setActing] = useState<{ bill: ConsoleBillRow; action: BillAction } | null>(null);
  const query = useQuery({
    queryKey: [api.dividendQueue.path, pageNo],
    queryFn: ({ signal }) => call(api.dividendQueue, { query: { pageNo, pageSize: 50 }, signal }),
    placeholderData: keepPreviousData,
  });
  const currency = query.data?.currency ?? '';
  const money = useBillMoney(query.data?.digits);
  const columns = [
    ...useBillColumns(money, currency),
    actionsColumn<ConsoleBillRow>(t('common.actions'), (bill) => (
      <div className="row-actions">
        <Button
          size="sm"
          variant="primary"
          aria-label={t('agents.bills.actionOn', {
            action: t('agents.bills.approve'),
            username: bill.username,
          })}
          onClick={() => setActing({ bill, action: 'approve' })}
        >
          {t('agents.bills.approve')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          aria-label={t('agents.bills.actionOn', {
            action: t('agents.bills.reject'),
            username: bill.username,
          })}
          onClick={() => setActing({ bill, action: 'reject' })}
        >
          {t('agents.bills.reject')}
        </Button>
      </div>
    )),
  ];
  return (
    <>
      <PageHeader title={t('nav.agents.dividends')} description={t('agents.dividends.description')} />
      <QueryView query={query}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState icon="check" title={t('agents.dividends.empty')} />
          ) : (
            <Card>
              <Table
                caption={t('nav.agents.dividends')}
                columns={columns}
                rows={data.list}
                rowKey={(bill) => bill.id}
              />
              <Pagination
                pageNo={data.pageNo}
                pageSize={data.pageSize}
                total={data.total}
                onChange={setPageNo}
              />
            </Card>
          )
        }
      </QueryView>
      {acting ? (
        <BillDialog
          bill={acting.bill}
          action={acting.action}
          amount={`${money(acting.bill.amount)} ${currency}`}
          onClose={() => setActing(null)}
        />
      ) : null}
    </>
  );
}
