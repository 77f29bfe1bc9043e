import { useQuery } from '@tanstack/react-query';
import { agentTreeConsoleEndpoints as api, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { MoveDialog, TypeDialog } from './TreeDialogs.tsx';
import { isAgentType, TypeBadge } from './views.tsx';
import './agents.css';

export type TreeNode = ResponseOf<typeof api.node>;

/** The tree's key in the query cache: every list of nodes starts with it, so a write refreshes them all. */
export const TREE_KEY = api.tree.path;
const CHILDREN_PAGE = 100;

type Acting = { node: TreeNode; action: 'type' | 'move' } | null;

/** One member of the tree: its name (a link to its page), type and counts, its actions, and its members below. */
function NodeRow({ node, onAct }: { node: TreeNode; onAct: (acting: Acting) => void }) {
  const { t, i18n } = useTranslation();
  const role = useSession().operator?.role;
  const [open, setOpen] = useState(false);
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const mayWrite = mayCall(role, api.move);
  return (
    <li className="agent-node">
      <div className="agent-node-row">
        {node.directCount > 0 ? (
          <button
            type="button"
            className="agent-node-toggle"
            aria-expanded={open}
            aria-label={t(open ? 'agents.tree.collapse' : 'agents.tree.expand', { username: node.username })}
            onClick={() => setOpen(!open)}
          >
            <Icon name={open ? 'chevronDown' : 'chevronRight'} />
          </button>
        ) : (
          <span className="agent-node-toggle" aria-hidden="true" />
        )}
        <div className="agent-node-main">
          <Link className="cell-strong" to={`/agents/tree/${node.id}`}>
            {node.username}
          </Link>{' '}
          <TypeBadge type={node.type} />
          {node.status === 'locked' ? <span className="muted"> · {t('agents.tree.locked')}</span> : null}
          <span className="cell-below">
            {t('agents.tree.counts', { direct: count(node.directCount), team: count(node.teamCount) })}
          </span>
        </div>
        {mayWrite ? (
          <div className="row-actions">
            <RowButton
              icon="user"
              aria-label={t('agents.tree.changeTypeOf', { username: node.username })}
              onClick={() => onAct({ node, action: 'type' })}
            >
              {isAgentType(node.type) ? t('agents.tree.changeType') : t('agents.tree.makeAgent')}
            </RowButton>
            <RowButton
              icon="upload"
              aria-label={t('agents.tree.moveNamed', { username: node.username })}
              onClick={() => onAct({ node, action: 'move' })}
            >
              {t('agents.tree.move')}
            </RowButton>
          </div>
        ) : null}
      </div>
      {open ? <Children parentId={node.id} onAct={onAct} /> : null}
    </li>
  );
}

/** The members directly under a node, agents first (the server's order). */
function Children({ parentId, onAct }: { parentId: number; onAct: (acting: Acting) => void }) {
  const query = useQuery({
    queryKey: [TREE_KEY, { parentId }],
    queryFn: ({ signal }) =>
      call(api.tree, { query: { parentId, pageNo: 1, pageSize: CHILDREN_PAGE }, signal }),
  });
  return (
    <QueryView query={query}>
      {(data) => (
        <ul className="agent-children">
          {data.list.map((child) => (
            <NodeRow key={child.id} node={child} onAct={onAct} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

/** A found member with its path from the top of its branch, each step a link to that member's page. */
function FoundRow({ node, onAct }: { node: TreeNode; onAct: (acting: Acting) => void }) {
  const { t } = useTranslation();
  return (
    <li className="agent-found">
      <nav aria-label={t('agents.tree.pathOf', { username: node.username })} className="agent-path">
        {node.path.map((step, index) => (
          <span key={step.id}>
            {index > 0 ? <span aria-hidden="true"> › </span> : null}
            <Link to={`/agents/tree/${step.id}`}>{step.username}</Link>
          </span>
        ))}
      </nav>
      <ul className="agent-children">
        <NodeRow node={node} onAct={onAct} />
      </ul>
    </li>
  );
}

/**
 * The agents' tree (operations, support, finance read it; operations changes it): the top-level agents, each
 * opening to its members (agents first); a search by user name shows each match with its path. Operations make a
 * member an agent or change its type, and move a member (with its branch) under another agent or to the top.
 */
export function AgentTreePage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [acting, setActing] = useState<Acting>(null);
  const query = useQuery({
    queryKey: [TREE_KEY, { username, pageNo }],
    queryFn: ({ signal }) =>
      call(api.tree, { query: { username: username || undefined, pageNo, pageSize: 50 }, signal }),
  });
  return (
    <>
      <PageHeader title={t('nav.agents.tree')} description={t('agents.tree.description')} />
      <div className="stack-lg">
        <Card>
          <form
            className="search-filters"
            aria-label={t('agents.tree.search')}
            onSubmit={(event) => {
              event.preventDefault();
              setUsername(draft.trim());
              setPageNo(1);
            }}
          >
            <TextField
              label={t('agents.tree.username')}
              type="search"
              maxLength={64}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <div className="search-filter-actions">
              <Button type="submit" variant="primary" icon={<Icon name="search" />}>
                {t('list.search')}
              </Button>
              <Button
                disabled={!username && !draft}
                onClick={() => {
                  setDraft('');
                  setUsername('');
                  setPageNo(1);
                }}
              >
                {t('list.reset')}
              </Button>
            </div>
          </form>
        </Card>
        <QueryView query={query}>
          {(data) =>
            data.list.length === 0 ? (
              <EmptyState
                icon="operators"
                title={t(username ? 'agents.tree.emptyFound' : 'agents.tree.empty')}
              />
            ) : (
              <Card title={username ? t('agents.tree.found', { username }) : t('agents.tree.topLevel')}>
                <ul className="agent-tree" aria-busy={query.isFetching || undefined}>
                  {data.list.map((node) =>
                    username ? (
                      <FoundRow key={node.id} node={node} onAct={setActing} />
                    ) : (
                      <NodeRow key={node.id} node={node} onAct={setActing} />
                    ),
                  )}
                </ul>
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
      </div>
      {acting?.action === 'type' ? <TypeDialog node={acting.node} onClose={() => setActing(null)} /> : null}
      {acting?.action === 'move' ? <MoveDialog node={acting.node} onClose={() => setActing(null)} /> : null}
    </>
  );
}
