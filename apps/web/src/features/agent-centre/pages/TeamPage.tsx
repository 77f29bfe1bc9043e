import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_CENTRE_IS_AGENT_VALUES, type TeamMember } from '@tessera/contract';
import { errorText, type ParamChanges, useUrlState } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { useDateLocale } from '../../../i18n/language.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Field, FormMessage } from '../../../ui/Field.tsx';
import { SearchIcon, SendIcon } from '../../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal, Pagination, StatusBadge } from '../../../ui/index.ts';
import { type Column, Table } from '../../../ui/Table.tsx';
import { MemberTransferForm } from '../../wallet/MemberTransferForm.tsx';
import { money, useBalance } from '../../wallet/queries.ts';
import { teamKey, teamMemberQuery, teamQuery } from '../queries-a.ts';
import { OfferDialog } from './ContractsOffer.tsx';
import '../../wallet/wallet.css';
import './agent-pages.css';

const PAGE_SIZE = 10;

function isAgentType(type: number): boolean {
  return (AGENT_CENTRE_IS_AGENT_VALUES as readonly number[]).includes(type);
}

/** Money to a direct downline through the member-transfer call (direction downline), as transfer to upline sends it. */
function TransferDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  return (
    <Modal
      open
      onClose={onClose}
      title={t('agentCentre.team.transferTitle', { username: member.username })}
      width={460}
    >
      <MemberTransferForm
        direction="downline"
        to={member.username}
        submitLabel={t('agentCentre.team.transferSubmit')}
        doneText={(sent) =>
          t('agentCentre.team.transferDone', {
            amount: sent.amount,
            username: sent.toUsername,
            orderNo: sent.orderNo,
          })
        }
        onSent={() => void queryClient.invalidateQueries({ queryKey: teamKey(token) })}
      />
    </Modal>
  );
}

function TypeLabel({ type }: { type: number }) {
  const { t } = useTranslation();
  return isAgentType(type) ? (
    <StatusBadge tone="info">{t('agentCentre.team.types.agent')}</StatusBadge>
  ) : (
    <StatusBadge tone="neutral">{t('agentCentre.team.types.member')}</StatusBadge>
  );
}

/** One member of the team: the list's figures and the actions open to the agent. */
function MemberDialog({
  id,
  onClose,
  onTransfer,
  onOffer,
}: {
  id: number;
  onClose: () => void;
  onTransfer: (member: TeamMember) => void;
  onOffer: (member: TeamMember) => void;
}) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const { data: balance } = useBalance();
  const member = useQuery(teamMemberQuery(token, id));
  const number = new Intl.NumberFormat(locale);
  const data = member.data;
  return (
    <Modal open onClose={onClose} title={data?.username ?? t('agentCentre.team.detail')} width={480}>
      {member.isError ? <FormMessage tone="error">{errorText(t, member.error)}</FormMessage> : null}
      {!data ? (
        member.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : (
        <>
          <dl className="wallet-facts agent-facts">
            <div>
              <dt>{t('agentCentre.team.nickname')}</dt>
              <dd>{data.nickname || '—'}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.type')}</dt>
              <dd>
                <TypeLabel type={data.type} />
              </dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.level')}</dt>
              <dd>{number.format(data.level)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.upline')}</dt>
              <dd>{data.uplineUsername ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.balance')}</dt>
              <dd>
                {balance?.currencySymbol ?? ''} {money(data.balance, balance?.digits ?? 2)}
              </dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.direct')}</dt>
              <dd>{number.format(data.directCount)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.total')}</dt>
              <dd>{number.format(data.teamCount)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.status')}</dt>
              <dd>{t(`agentCentre.team.statuses.${data.status}`)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.registered')}</dt>
              <dd>{formatDateTime(data.createdAt, locale)}</dd>
            </div>
            <div>
              <dt>{t('agentCentre.team.lastLogin')}</dt>
              <dd>
                {data.lastLoginAt ? formatDateTime(data.lastLoginAt, locale) : t('agentCentre.team.never')}
              </dd>
            </div>
          </dl>
          {data.level === 1 ? (
            <div className="agent-actions">
              <Button icon={<SendIcon />} onClick={() => onTransfer(data)}>
                {t('agentCentre.team.transfer')}
              </Button>
              {isAgentType(data.type) ? (
                <Button variant="secondary" onClick={() => onOffer(data)}>
                  {t('agentCentre.team.offer')}
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="wallet-empty">{t('agentCentre.team.directOnly')}</p>
          )}
        </>
      )}
    </Modal>
  );
}

/**
 * Team management (downlineManagmentView): the agent's whole branch with search by user name, level and type,
 * paged; a member's detail; a transfer to a direct downline and a contract offer to a direct downline agent.
 */
export default function TeamPage() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const { data: balance } = useBalance();
  const [params, setParams] = useUrlState();
  const username = params.get('username') ?? '';
  const level = Number(params.get('level')) || undefined;
  const roleParam = params.get('role');
  const role = roleParam === 'agent' || roleParam === 'member' ? roleParam : undefined;
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const [search, setSearch] = useState(username);
  const team = useQuery(
    teamQuery(token, {
      pageNo,
      pageSize: PAGE_SIZE,
      ...(username ? { username } : {}),
      ...(level ? { level } : {}),
      ...(role ? { role } : {}),
    }),
  );
  const [opened, setOpened] = useState<number | null>(null);
  const [transferTo, setTransferTo] = useState<TeamMember | null>(null);
  const [offerTo, setOfferTo] = useState<TeamMember | null>(null);
  const update = (changes: ParamChanges) => setParams({ pageNo: null, ...changes });
  const number = new Intl.NumberFormat(locale);
  const digits = balance?.digits ?? 2;
  const pages = team.data ? Math.max(1, Math.ceil(team.data.total / PAGE_SIZE)) : 1;
  const columns: Column<TeamMember>[] = [
    {
      key: 'username',
      header: t('agentCentre.team.username'),
      render: (row) => (
        <button type="button" className="agent-link" onClick={() => setOpened(row.id)}>
          {row.username}
        </button>
      ),
    },
    { key: 'type', header: t('agentCentre.team.type'), render: (row) => <TypeLabel type={row.type} /> },
    {
      key: 'level',
      header: t('agentCentre.team.level'),
      className: 'num',
      render: (row) => number.format(row.level),
    },
    {
      key: 'balance',
      header: t('agentCentre.team.balance'),
      className: 'num',
      render: (row) => money(row.balance, digits),
    },
    {
      key: 'direct',
      header: t('agentCentre.team.direct'),
      className: 'num',
      render: (row) => number.format(row.directCount),
    },
    {
      key: 'total',
      header: t('agentCentre.team.total'),
      className: 'num',
      render: (row) => number.format(row.teamCount),
    },
    {
      key: 'lastLogin',
      header: t('agentCentre.team.lastLogin'),
      render: (row) =>
        row.lastLoginAt ? formatDateTime(row.lastLoginAt, locale) : t('agentCentre.team.never'),
    },
    {
      key: 'actions',
      header: t('agentCentre.team.actions'),
      render: (row) =>
        row.level === 1 ? (
          <div className="agent-actions">
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('agentCentre.team.transferTo', { username: row.username })}
              onClick={() => setTransferTo(row)}
            >
              {t('agentCentre.team.transfer')}
            </Button>
            {isAgentType(row.type) ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('agentCentre.team.offerTo', { username: row.username })}
                onClick={() => setOfferTo(row)}
              >
                {t('agentCentre.team.offer')}
              </Button>
            ) : null}
          </div>
        ) : null,
    },
  ];
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ username: search.trim() || null });
  };
  return (
    <div className="wallet-page agent-page">
      <h2 className="wallet-page__title">{t('agentCentre.pages.downlineManagmentView')}</h2>
      <search>
        <form className="record-filters" onSubmit={submitSearch}>
          <Field
            label={t('agentCentre.team.search')}
            value={search}
            onChange={setSearch}
            maxLength={64}
            addon={
              <button type="submit" className="field__reveal" aria-label={t('agentCentre.team.searchSubmit')}>
                <SearchIcon />
              </button>
            }
          />
          <label className="wallet-select">
            <span>{t('agentCentre.team.level')}</span>
            <select value={level ?? ''} onChange={(event) => update({ level: event.target.value || null })}>
              <option value="">{t('agentCentre.team.allLevels')}</option>
              {[1, 2, 3, 4, 5].map((value) => (
                <option key={value} value={value}>
                  {t('agentCentre.team.levelN', { level: value })}
                </option>
              ))}
            </select>
          </label>
          <label className="wallet-select">
            <span>{t('agentCentre.team.type')}</span>
            <select value={role ?? ''} onChange={(event) => update({ role: event.target.value || null })}>
              <option value="">{t('agentCentre.team.allTypes')}</option>
              <option value="member">{t('agentCentre.team.types.member')}</option>
              <option value="agent">{t('agentCentre.team.types.agent')}</option>
            </select>
          </label>
        </form>
      </search>
      {team.isError ? <FormMessage tone="error">{errorText(t, team.error)}</FormMessage> : null}
      {!team.data ? (
        team.isError ? null : (
          <CenteredSpinner label={t('common.loading')} />
        )
      ) : team.data.list.length === 0 ? (
        <p className="wallet-empty">{t('agentCentre.team.empty')}</p>
      ) : (
        <Table
          caption={t('agentCentre.pages.downlineManagmentView')}
          columns={columns}
          rows={team.data.list}
          rowKey={(row) => row.id}
        />
      )}
      {pages > 1 ? (
        <Pagination
          page={pageNo}
          pageCount={pages}
          label={t('agentCentre.team.pages')}
          onChange={(page) => setParams({ pageNo: String(page) })}
        />
      ) : null}
      {opened !== null ? (
        <MemberDialog
          id={opened}
          onClose={() => setOpened(null)}
          onTransfer={(member) => {
            setOpened(null);
            setTransferTo(member);
          }}
          onOffer={(member) => {
            setOpened(null);
            setOfferTo(member);
          }}
        />
      ) : null}
      {transferTo ? <TransferDialog member={transferTo} onClose={() => setTransferTo(null)} /> : null}
      {offerTo ? <OfferDialog downline={offerTo.username} onClose={() => setOfferTo(null)} /> : null}
    </div>
  );
}
