import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractTierView, ContractView } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { agentCentreAEndpoints } from '../../../app/endpoints.ts';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FormMessage } from '../../../ui/Field.tsx';
import {
  Button,
  CenteredSpinner,
  Modal,
  Pagination,
  StatusBadge,
  type StatusTone,
} from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { useBalance, walletKey } from '../../wallet/queries.ts';
import {
  contractDetailQuery,
  contractHistoryQuery,
  contractsKey,
  myContractsQuery,
  teamQuery,
} from '../queries-a.ts';
import { OfferDialog } from './ContractsOffer.tsx';
import '../../wallet/wallet.css';
import './agent-pages.css';

const HISTORY_PAGE_SIZE = 10;
/** The events the server records on a contract (contractEventView.action). */
const EVENT_ACTIONS = [
  'offered',
  'edited',
  'replaced',
  'accepted',
  'rejected',
  'termination_requested',
  'termination_refused',
  'terminated',
  'cancelled',
  'expired',
] as const;

const STATUS_TONES: Record<ContractView['status'], StatusTone> = {
  pending: 'attention',
  edited: 'attention',
  active: 'success',
  termination_requested: 'attention',
  rejected: 'neutral',
  terminated: 'neutral',
  cancelled: 'danger',
  expired: 'neutral',
  replaced: 'neutral',
};

function ContractStatus({ status }: { status: ContractView['status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={STATUS_TONES[status]}>{t(`agentCentre.contracts.statuses.${status}`)}</StatusBadge>
  );
}

/** A tier's rate as people read it: a percentage, or an amount per period reached. */
function useTierText() {
  const locale = useDateLocale();
  const { data: balance } = useBalance();
  const { t } = useTranslation();
  const digits = balance?.digits ?? 2;
  const amount = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  return {
    amount: (value: number) => amount.format(value),
    money: (value: number) => `${balance?.currencySymbol ?? ''} ${amount.format(value)}`.trim(),
    count: (value: number) => count.format(value),
    rate: (tier: ContractTierView) =>
      tier.rateType === 'P'
        ? `${percent.format(tier.rate)} %`
        : t('agentCentre.contracts.fixedRate', {
            amount: `${balance?.currencySymbol ?? ''} ${amount.format(tier.rate)}`,
          }),
  };
}

function TiersTable({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const text = useTierText();
  const columns: Column<ContractTierView & { index: number }>[] = [
    { key: 'tier', header: t('agentCentre.contracts.tier.name'), render: (row) => row.index + 1 },
    {
      key: 'minimumBet',
      header: t('agentCentre.contracts.tier.minimumBet'),
      className: 'num',
      render: (row) => text.amount(row.minimumBet),
    },
    ...(contract.kind === 'dividend'
      ? [
          {
            key: 'netLoss',
            header: t('agentCentre.contracts.tier.netLoss'),
            className: 'num',
            render: (row: ContractTierView) => text.amount(row.netLoss),
          },
        ]
      : []),
    {
      key: 'activeMember',
      header: t('agentCentre.contracts.tier.activeMember'),
      className: 'num',
      render: (row) => text.count(row.activeMember),
    },
    {
      key: 'rate',
      header: t('agentCentre.contracts.tier.rate'),
      className: 'num',
      render: (row) => text.rate(row),
    },
  ];
  return (
    <Table
      caption={t('agentCentre.contracts.tiers')}
      columns={columns}
      rows={contract.tiers.map((tier, index) => ({ ...tier, index }))}
      rowKey={(row) => row.index}
    />
  );
}

/** The events of one contract (offered, accepted, cancelled …), oldest first. */
function HistoryDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const detail = useQuery(contractDetailQuery(token, id));
  const eventText = (action: string) =>
    (EVENT_ACTIONS as readonly string[]).includes(action)
      ? t(`agentCentre.contracts.actions.${action as (typeof EVENT_ACTIONS)[number]}`)
      : action;
  return (
    <Modal open onClose={onClose} title={t('agentCentre.contracts.historyTitle')} width={560}>
      {detail.isError ? <FormMessage tone="error">{errorText(t, detail.error)}</FormMessage> : null}
      {!detail.data ? (
        detail.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <ol className="agent-events">
          {detail.data.events.map((event) => (
            <li key={event.id}>
              <strong>{eventText(event.action)}</strong>
              <span>
                {event.by === 'system' ? t('agentCentre.contracts.bySystem') : event.byName}
                {' · '}
                {formatDateTime(event.at, locale)}
              </span>
              {event.reason ? <span className="agent-events__reason">{event.reason}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

type Answer = 'A' | 'R' | 'C';

/** One contract as a card: who, kind, product, status, dates, tiers and the actions open to the reader. */
function ContractCard({
  contract,
  role,
  onAnswer,
  onTerminate,
  onHistory,
  busy,
}: {
  contract: ContractView;
  role: 'held' | 'offer' | 'given';
  onAnswer?: (contract: ContractView, answer: Answer) => void;
  onTerminate?: (contract: ContractView) => void;
  onHistory: (id: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const text = useTierText();
  const title = `${t(`agentCentre.contracts.kinds.${contract.kind}`)} · ${t(`agentCentre.contracts.products.${contract.product}`)}`;
  return (
    <article className="agent-card" aria-label={title}>
      <header className="agent-card__head">
        <h4>{title}</h4>
        <ContractStatus status={contract.status} />
      </header>
      <dl className="wallet-facts agent-facts">
        <div>
          <dt>{role === 'given' ? t('agentCentre.contracts.to') : t('agentCentre.contracts.from')}</dt>
          <dd>
            {role === 'given'
              ? contract.agent.username
              : (contract.upline?.username ?? t('agentCentre.contracts.platform'))}
          </dd>
        </div>
        <div>
          <dt>{t('agentCentre.contracts.payer')}</dt>
          <dd>{t(`agentCentre.contracts.payers.${contract.payer}`)}</dd>
        </div>
        {contract.kind === 'daily_salary' ? (
          <div>
            <dt>{t('agentCentre.contracts.amountLimit')}</dt>
            <dd>
              {contract.amountLimit === null
                ? t('agentCentre.contracts.noCap')
                : text.money(contract.amountLimit)}
            </dd>
          </div>
        ) : null}
        {contract.kind === 'dividend' ? (
          <div>
            <dt>{t('agentCentre.contracts.period')}</dt>
            <dd>{t(`agentCentre.contracts.periods.${contract.period}`)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('agentCentre.contracts.offeredAt')}</dt>
          <dd>{formatDateTime(contract.offeredAt, locale)}</dd>
        </div>
        {contract.acceptedAt ? (
          <div>
            <dt>{t('agentCentre.contracts.acceptedAt')}</dt>
            <dd>{formatDateTime(contract.acceptedAt, locale)}</dd>
          </div>
        ) : null}
        {role === 'offer' && contract.expiresAt ? (
          <div>
            <dt>{t('agentCentre.contracts.expiresAt')}</dt>
            <dd>{formatDateTime(contract.expiresAt, locale)}</dd>
          </div>
        ) : null}
      </dl>
      <TiersTable contract={contract} />
      <div className="agent-actions">
        {role === 'offer' ? (
          <>
            <Button loading={busy} onClick={() => onAnswer?.(contract, 'A')}>
              {t('agentCentre.contracts.accept')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => onAnswer?.(contract, 'R')}>
              {t('agentCentre.contracts.reject')}
            </Button>
          </>
        ) : null}
        {role === 'held' && contract.status === 'termination_requested' ? (
          <>
            <Button loading={busy} onClick={() => onAnswer?.(contract, 'C')}>
              {t('agentCentre.contracts.confirmTermination')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => onAnswer?.(contract, 'A')}>
              {t('agentCentre.contracts.refuseTermination')}
            </Button>
          </>
        ) : null}
        {role === 'given' && contract.status === 'active' ? (
          <Button variant="secondary" loading={busy} onClick={() => onTerminate?.(contract)}>
            {t('agentCentre.contracts.requestTermination')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => onHistory(contract.id)}>
          {t('agentCentre.contracts.history')}
        </Button>
      </div>
    </article>
  );
}

/** A direct downline agent to offer a contract to, then the offer form. */
function NewOffer() {
  const { t } = useTranslation();
  const { token } = useSession();
  const downlines = useQuery(teamQuery(token, { level: 1, type: 1, pageNo: 1, pageSize: 100 }));
  const [chosen, setChosen] = useState('');
  const [open, setOpen] = useState(false);
  const list = downlines.data?.list ?? [];
  if (downlines.data && list.length === 0) return null;
  return (
    <div className="agent-row">
      <label className="wallet-select">
        <span>{t('agentCentre.contracts.downline')}</span>
        <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('agentCentre.contracts.chooseDownline')}</option>
          {list.map((member) => (
            <option key={member.id} value={member.username}>
              {member.username}
            </option>
          ))}
        </select>
      </label>
      <Button disabled={!chosen} onClick={() => setOpen(true)}>
        {t('agentCentre.contracts.offer')}
      </Button>
      {open && chosen ? <OfferDialog downline={chosen} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function HistoryTable({ onHistory }: { onHistory: (id: number) => void }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const [pageNo, setPageNo] = useState(1);
  const history = useQuery(contractHistoryQuery(token, pageNo, HISTORY_PAGE_SIZE));
  const columns: Column<ContractView>[] = [
    {
      key: 'kind',
      header: t('agentCentre.contracts.kind'),
      render: (row) => (
        <button type="button" className="agent-link" onClick={() => onHistory(row.id)}>
          {t(`agentCentre.contracts.kinds.${row.kind}`)}
        </button>
      ),
    },
    {
      key: 'product',
      header: t('agentCentre.contracts.product'),
      render: (row) => t(`agentCentre.contracts.products.${row.product}`),
    },
    { key: 'agent', header: t('agentCentre.contracts.agent'), render: (row) => row.agent.username },
    {
      key: 'upline',
      header: t('agentCentre.contracts.from'),
      render: (row) => row.upline?.username ?? t('agentCentre.contracts.platform'),
    },
    {
      key: 'status',
      header: t('agentCentre.contracts.status'),
      render: (row) => <ContractStatus status={row.status} />,
    },
    {
      key: 'offeredAt',
      header: t('agentCentre.contracts.offeredAt'),
      render: (row) => formatDateTime(row.offeredAt, locale),
    },
    {
      key: 'endedAt',
      header: t('agentCentre.contracts.endedAt'),
      render: (row) => (row.endedAt ? formatDateTime(row.endedAt, locale) : '—'),
    },
  ];
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / HISTORY_PAGE_SIZE)) : 1;
  if (history.isError) return <FormMessage tone="error">{errorText(t, history.error)}</FormMessage>;
  if (!history.data) return <CenteredSpinner label={t('common.loading')} />;
  if (history.data.list.length === 0)
    return <p className="wallet-empty">{t('agentCentre.contracts.noHistory')}</p>;
  return (
    <>
      <Table
        caption={t('agentCentre.contracts.historyTitle')}
        columns={columns}
        rows={history.data.list}
        rowKey={(row) => row.id}
      />
      {pages > 1 ? (
        <Pagination
          page={pageNo}
          pageCount={pages}
          label={t('agentCentre.contracts.pages')}
          onChange={setPageNo}
        />
      ) : null}
    </>
  );
}

/**
 * Contracts (agentContracts): the contracts the agent holds, the offers waiting for its answer (accepting one that
 * is lower than a contract it gave asks first: the §6 higher_rate confirmation), the contracts and offers it gave
 * its direct downlines with a termination request, a new offer, and the history of all of them.
 */
export default function ContractsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const mine = useQuery(myContractsQuery(token));
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<ContractView | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: contractsKey(token) });
    // The menu's switches and the original's offers come with the consolidated funds answer.
    void queryClient.invalidateQueries({ queryKey: walletKey(token) });
  };
  const answer = useMutation({
    mutationFn: ({ id, status }: { id: number; status: Answer }) =>
      api(agentCentreAEndpoints.answer, { params: { id }, body: { status } }),
    onSuccess: () => {
      setConfirming(null);
      refresh();
    },
  });
  const terminate = useMutation({
    mutationFn: (id: number) => api(agentCentreAEndpoints.requestTermination, { params: { id } }),
    onSuccess: refresh,
  });
  const onAnswer = (contract: ContractView, status: Answer) => {
    answer.reset();
    if (status === 'A' && contract.downlineHigherRate && contract.status !== 'termination_requested') {
      setConfirming(contract);
      return;
    }
    answer.mutate({ id: contract.id, status });
  };
  const busyId = answer.isPending
    ? answer.variables?.id
    : terminate.isPending
      ? terminate.variables
      : undefined;
  const card = (contract: ContractView, role: 'held' | 'offer' | 'given') => (
    <ContractCard
      key={contract.id}
      contract={contract}
      role={role}
      busy={busyId === contract.id}
      onAnswer={onAnswer}
      onTerminate={(row) => {
        terminate.reset();
        terminate.mutate(row.id);
      }}
      onHistory={setHistoryOf}
    />
  );
  const failure = answer.isError ? answer.error : terminate.isError ? terminate.error : null;
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{t('agentCentre.pages.agentContracts')}</h2>
      {failure && !confirming ? <FormMessage tone="error">{errorText(t, failure)}</FormMessage> : null}
      {answer.isSuccess && answer.data.cancelled > 0 ? (
        <FormMessage tone="info">
          {t('agentCentre.contracts.cancelledBelow', { count: answer.data.cancelled })}
        </FormMessage>
      ) : null}
      {mine.isError ? <FormMessage tone="error">{errorText(t, mine.error)}</FormMessage> : null}
      {!mine.data ? (
        mine.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <section className="agent-section" aria-labelledby="agent-offers-title">
            <h3 id="agent-offers-title" className="wallet-form__title">
              {t('agentCentre.contracts.offers')}
            </h3>
            {mine.data.offers.length === 0 ? (
              <p className="wallet-empty">{t('agentCentre.contracts.noOffers')}</p>
            ) : (
              mine.data.offers.map((contract) => card(contract, 'offer'))
            )}
          </section>
          <section className="agent-section" aria-labelledby="agent-held-title">
            <h3 id="agent-held-title" className="wallet-form__title">
              {t('agentCentre.contracts.held')}
            </h3>
            {mine.data.held.length === 0 ? (
              <p className="wallet-empty">{t('agentCentre.contracts.noHeld')}</p>
            ) : (
              mine.data.held.map((contract) => card(contract, 'held'))
            )}
          </section>
          <section className="agent-section" aria-labelledby="agent-given-title">
            <h3 id="agent-given-title" className="wallet-form__title">
              {t('agentCentre.contracts.given')}
            </h3>
            <NewOffer />
            {mine.data.given.length === 0 ? (
              <p className="wallet-empty">{t('agentCentre.contracts.noGiven')}</p>
            ) : (
              mine.data.given.map((contract) => card(contract, 'given'))
            )}
          </section>
        </>
      )}
      <section className="agent-section" aria-labelledby="agent-history-title">
        <h3 id="agent-history-title" className="wallet-form__title">
          {t('agentCentre.contracts.historyTitle')}
        </h3>
        <HistoryTable onHistory={setHistoryOf} />
      </section>
      {historyOf !== null ? <HistoryDialog id={historyOf} onClose={() => setHistoryOf(null)} /> : null}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('agentCentre.contracts.higherRateTitle')}
        width={440}
        footer={
          <div className="agent-actions">
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={answer.isPending}
              onClick={() => confirming && answer.mutate({ id: confirming.id, status: 'A' })}
            >
              {t('agentCentre.contracts.higherRateSubmit')}
            </Button>
          </div>
        }
      >
        <p>{t('agentCentre.contracts.higherRate')}</p>
        {answer.isError ? <FormMessage tone="error">{errorText(t, answer.error)}</FormMessage> : null}
      </Modal>
    </div>
  );
}
