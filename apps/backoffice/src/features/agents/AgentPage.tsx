import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  settlementConsoleEndpoints as billsApi,
  type ContractView,
  agentContractConsoleEndpoints as contractsApi,
  type ReportPeriod,
  agentReportConsoleEndpoints as reportsApi,
  agentTreeConsoleEndpoints as treeApi,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { Table } from '../../ui/Table.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useMoney } from '../lottery/lottery.ts';
import { periodText } from './bills.tsx';
import { StatusBadge, TierList, TypeBadge } from './views.tsx';
import './agents.css';

const PERIODS: readonly ReportPeriod[] = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisHalfMonth',
  'lastHalfMonth',
  'thisMonth',
  'lastMonth',
];
/** A merchant's day (YYYY-MM-DD) in the reader's locale. */
const formatDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const LIVE_STATUSES = ['pending', 'edited', 'active', 'termination_requested'];

/** The agent's team figures for a chosen period (the same figures as its agent centre shows). */
function TeamFigures({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<ReportPeriod>('thisMonth');
  const query = useQuery({
    queryKey: [reportsApi.teamOverview.path, id, period],
    queryFn: ({ signal }) => call(reportsApi.teamOverview, { params: { id }, query: { period }, signal }),
  });
  return (
    <Card
      title={t('agents.agent.figures')}
      actions={
        <Select
          label={t('agents.agent.period')}
          value={period}
          options={PERIODS.map((value) => ({ value, label: t(`agents.periodsReport.${value}`) }))}
          onChange={(event) => setPeriod(event.target.value as ReportPeriod)}
        />
      }
    >
      <QueryView query={query}>
        {(data) => {
          const money = (value: number) =>
            new Intl.NumberFormat(i18n.language, {
              minimumFractionDigits: data.digits,
              maximumFractionDigits: data.digits,
            }).format(value);
          const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
          return (
            <div className="stack">
              <p className="muted">
                {t('agents.agent.range', {
                  from: formatDay(data.startDate, i18n.language),
                  to: formatDay(data.endDate, i18n.language),
                  zone: data.timeZone,
                })}{' '}
                · {data.currency}
              </p>
              <DetailList
                className="agent-figures"
                items={[
                  { label: t('agents.agent.teamAgents'), value: count(data.teamAgents) },
                  { label: t('agents.agent.teamMembers'), value: count(data.teamMembers) },
                  { label: t('agents.agent.newSignups'), value: count(data.newSignups) },
                  { label: t('agents.agent.activeMembers'), value: count(data.activeMembers) },
                  {
                    label: t('agents.agent.firstDeposits'),
                    value: `${money(data.firstDeposits)} (${count(data.firstDepositCount)})`,
                  },
                  {
                    label: t('agents.agent.deposits'),
                    value: `${money(data.deposits)} (${count(data.depositCount)})`,
                  },
                  {
                    label: t('agents.agent.withdrawals'),
                    value: `${money(data.withdrawals)} (${count(data.withdrawalCount)})`,
                  },
                  { label: t('agents.agent.validBet'), value: money(data.validBet) },
                  { label: t('agents.agent.payout'), value: money(data.payout) },
                  { label: t('agents.agent.houseResult'), value: money(data.houseResult) },
                  { label: t('agents.agent.bonuses'), value: money(data.bonuses) },
                  { label: t('agents.agent.rebates'), value: money(data.rebates) },
                  { label: t('agents.agent.salaries'), value: money(data.salaries) },
                  { label: t('agents.agent.teamBalance'), value: money(data.teamBalance) },
                ]}
              />
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}

/** Cancels a contract or offer with a reason; the contracts the agent gave below it end with it. */
function CancelDialog({ contract, onClose }: { contract: ContractView; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = useMutation({
    mutationFn: () =>
      call(contractsApi.cancel, { params: { id: contract.id }, body: { reason: reason.trim() } }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: [contractsApi.agentContracts.path] });
      toast.show(t('agents.agent.cancelled', { count: result.cancelled }));
      onClose();
    },
  });
  return (
    <ActionDialog
      title={t('agents.agent.cancelTitle', { kind: t(`agents.kinds.${contract.kind}`) })}
      message={t('agents.agent.cancelMessage', { username: contract.agent.username })}
      confirmLabel={t('agents.agent.cancel')}
      busy={cancel.isPending}
      error={cancel.error}
      onCancel={onClose}
      onConfirm={() => {
        setMissing(!reason.trim());
        if (reason.trim()) cancel.mutate();
      }}
    >
      <TextArea
        label={t('agents.agent.reason')}
        maxLength={500}
        value={reason}
        error={missing ? t('agents.agent.reasonRequired') : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
    </ActionDialog>
  );
}

/** The agent's contracts and offers, each with its history; operations cancel a live one. */
function Contracts({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const role = useSession().operator?.role;
  const money = useMoney();
  const [cancelling, setCancelling] = useState<ContractView | null>(null);
  const query = useQuery({
    queryKey: [contractsApi.agentContracts.path, id],
    queryFn: ({ signal }) => call(contractsApi.agentContracts, { params: { id }, signal }),
  });
  return (
    <Card title={t('agents.agent.contracts')}>
      <QueryView query={query}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">{t('agents.agent.noContracts')}</p>
          ) : (
            <div className="stack-lg">
              {list.map(({ contract, events }) => (
                <section
                  key={contract.id}
                  className="stack"
                  aria-label={t('agents.agent.contractN', { id: contract.id })}
                >
                  <div className="row-wrap">
                    <span className="cell-strong">
                      {t(`agents.kinds.${contract.kind}`)} · {t(`agents.products.${contract.product}`)}
                    </span>
                    <StatusBadge status={contract.status} />
                    <span className="muted">
                      {contract.upline
                        ? t('agents.agent.offeredBy', { username: contract.upline.username })
                        : t('agents.agent.byPlatform')}
                    </span>
                    {LIVE_STATUSES.includes(contract.status) && mayCall(role, contractsApi.cancel) ? (
                      <RowButton
                        icon="x"
                        aria-label={t('agents.agent.cancelNamed', { id: contract.id })}
                        onClick={() => setCancelling(contract)}
                      >
                        {t('agents.agent.cancel')}
                      </RowButton>
                    ) : null}
                  </div>
                  <TierList tiers={contract.tiers} money={money.format} amountLimit={contract.amountLimit} />
                  <Table
                    caption={t('agents.agent.historyOf', { id: contract.id })}
                    rows={events}
                    rowKey={(event) => event.id}
                    columns={[
                      {
                        key: 'at',
                        header: t('agents.agent.when'),
                        render: (event) => formatDateTime(event.at, i18n.language),
                      },
                      {
                        key: 'action',
                        header: t('agents.agent.action'),
                        render: (event) => t(`agents.events.${event.action}`, { defaultValue: event.action }),
                      },
                      {
                        key: 'by',
                        header: t('agents.agent.by'),
                        render: (event) => `${t(`agents.by.${event.by}`)} ${event.byName}`,
                      },
                      {
                        key: 'reason',
                        header: t('agents.agent.reason'),
                        render: (event) => event.reason || '—',
                      },
                    ]}
                  />
                </section>
              ))}
            </div>
          )
        }
      </QueryView>
      {cancelling ? <CancelDialog contract={cancelling} onClose={() => setCancelling(null)} /> : null}
    </Card>
  );
}

/** The agent's latest bills (finance), with the whole list a link away. */
function Bills({ username }: { username: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: [billsApi.bills.path, { username, pageSize: 10 }],
    queryFn: ({ signal }) => call(billsApi.bills, { query: { username, pageNo: 1, pageSize: 10 }, signal }),
  });
  return (
    <Card
      title={t('agents.agent.bills')}
      actions={
        <Link to={`/agents/bills?username=${encodeURIComponent(username)}`}>
          {t('agents.agent.allBills')}
        </Link>
      }
    >
      <QueryView query={query}>
        {(data) => {
          const money = (value: number) =>
            new Intl.NumberFormat(i18n.language, {
              minimumFractionDigits: data.digits,
              maximumFractionDigits: data.digits,
            }).format(value);
          return (
            <Table
              caption={t('agents.agent.bills')}
              rows={data.list}
              rowKey={(bill) => bill.id}
              empty={<p className="muted">{t('agents.bills.empty')}</p>}
              columns={[
                {
                  key: 'period',
                  header: t('agents.bills.period'),
                  render: (bill) => periodText(bill.periodStart, bill.periodEnd, i18n.language),
                },
                {
                  key: 'kind',
                  header: t('agents.bills.kind'),
                  render: (bill) => `${t(`agents.kinds.${bill.kind}`)} · ${bill.product}`,
                },
                {
                  key: 'amount',
                  header: t('agents.bills.amount'),
                  className: 'num',
                  render: (bill) => (
                    <>
                      {`${money(bill.amount)} ${data.currency}`}
                      {bill.uncappedAmount === null ? null : (
                        <span className="cell-below">
                          {t('agents.bills.capped', { amount: money(bill.uncappedAmount) })}
                        </span>
                      )}
                    </>
                  ),
                },
                {
                  key: 'status',
                  header: t('common.status'),
                  render: (bill) => <StatusBadge status={bill.status} />,
                },
              ]}
            />
          );
        }}
      </QueryView>
    </Card>
  );
}

/** One agent: its place in the tree, its team's figures, its contracts with their history, its bills and audit. */
export function AgentPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const role = useSession().operator?.role;
  const node = useQuery({
    queryKey: [treeApi.node.path, id],
    queryFn: ({ signal }) => call(treeApi.node, { params: { id }, signal }),
  });
  return (
    <QueryView query={node}>
      {(agent) => (
        <>
          <p className="back-link">
            <Link to="/agents/tree">
              <Icon name="arrowLeft" size={14} /> {t('nav.agents.tree')}
            </Link>
          </p>
          <PageHeader
            title={
              <>
                {agent.username} <TypeBadge type={agent.type} />
              </>
            }
            description={
              agent.path.length > 1
                ? t('agents.agent.uplines', {
                    path: agent.path
                      .slice(0, -1)
                      .map((step) => step.username)
                      .join(' › '),
                  })
                : t('agents.agent.topLevel')
            }
            actions={
              role === 'owner' ? (
                <Link to={`/audit?q=${encodeURIComponent(agent.username)}`}>{t('agents.agent.audit')}</Link>
              ) : null
            }
          />
          <div className="stack-lg">
            {mayCall(role, reportsApi.teamOverview) ? <TeamFigures id={id} /> : null}
            <Contracts id={id} />
            {mayCall(role, billsApi.bills) ? <Bills username={agent.username} /> : null}
          </div>
        </>
      )}
    </QueryView>
  );
}
