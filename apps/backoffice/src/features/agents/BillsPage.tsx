import { useMutation } from '@tanstack/react-query';
import { settlementConsoleEndpoints as api, type ConsoleBillRow, type QueryOf } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { instantRange } from '../../app/dates.ts';
import { downloadCsv } from '../../app/download.ts';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, useSearchList } from '../../app/searchList.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { actionsColumn } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { BillDialog } from './BillDialogs.tsx';
import { useBillColumns, useBillMoney } from './bills.tsx';
import { CONTRACT_KINDS } from './ContractTemplatesPage.tsx';

type Query = QueryOf<typeof api.bills>;
const FILTERS = ['kind', 'status', 'product', 'username', 'runId', 'from', 'to'] as const;
const BILL_STATUSES: readonly ConsoleBillRow['status'][] = [
  'not_reached',
  'unapproved',
  'approved',
  'paid',
  'partly_paid',
  'insufficient',
  'negative',
  'rejected',
  'reversed',
];
const REVERSIBLE = ['paid', 'partly_paid'];

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  const pick = <T extends string>(options: readonly T[], value: string) =>
    (options as readonly string[]).includes(value) ? (value as T) : undefined;
  return {
    kind: pick(CONTRACT_KINDS, applied.kind),
    status: pick(BILL_STATUSES, applied.status),
    product: optional(applied.product.trim()),
    username: optional(applied.username.trim()),
    runId: /^\d+$/.test(applied.runId) ? Number(applied.runId) : undefined,
    ...instantRange(applied),
  };
}

/** Every agent's bills (finance) with filters, the filtered rows as CSV, and reversing a paid bill. */
export function BillsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useSearchList(api.bills, FILTERS, toQuery);
  const [reversing, setReversing] = useState<ConsoleBillRow | null>(null);
  const currency = list.query.data?.currency ?? '';
  const money = useBillMoney(list.query.data?.digits);
  const exportCsv = useMutation({
    mutationFn: () =>
      call(api.exportBills, { query: toQuery(list.search.applied) as QueryOf<typeof api.exportBills> }),
    onSuccess: (csv) => {
      downloadCsv(csv, `agent-bills-${new Date().toISOString().slice(0, 10)}.csv`);
      toast.show(t('agents.bills.exported'));
    },
    onError: (error) => toast.show(errorText(t, error), 'error'),
  });
  const columns = [
    ...useBillColumns(money, currency),
    actionsColumn<ConsoleBillRow>(t('common.actions'), (bill) =>
      REVERSIBLE.includes(bill.status) ? (
        <RowButton
          icon="refresh"
          aria-label={t('agents.bills.actionOn', {
            action: t('agents.bills.reverse'),
            username: bill.username,
          })}
          onClick={() => setReversing(bill)}
        >
          {t('agents.bills.reverse')}
        </RowButton>
      ) : null,
    ),
  ];
  const option = (value: string, label: string) => ({ value, label });
  return (
    <>
      <SearchListPage
        page="agents.bills"
        list={list}
        columns={columns}
        actions={
          <Button
            icon={<Icon name="downloads" />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate()}
          >
            {t('agents.bills.export')}
          </Button>
        }
        filters={
          <>
            <FilterText name="username" maxLength={40} />
            <FilterSelect
              name="kind"
              options={[
                option('', t('agents.allKinds')),
                ...CONTRACT_KINDS.map((kind) => option(kind, t(`agents.kinds.${kind}`))),
              ]}
            />
            <FilterSelect
              name="status"
              label={t('common.status')}
              options={[
                option('', t('agents.bills.allStatuses')),
                ...BILL_STATUSES.map((status) => option(status, t(`agents.statuses.${status}`))),
              ]}
            />
            <FilterText name="product" maxLength={10} />
            <FilterText name="runId" inputMode="numeric" maxLength={10} />
            <FilterText name="from" type="datetime-local" />
            <FilterText name="to" type="datetime-local" />
          </>
        }
      />
      {reversing ? (
        <BillDialog
          bill={reversing}
          action="reverse"
          amount={`${money(reversing.paid)} ${currency}`}
          onClose={() => setReversing(null)}
        />
      ) : null}
    </>
  );
}
