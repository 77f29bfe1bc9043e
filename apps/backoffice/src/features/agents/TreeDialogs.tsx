import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentTreeConsoleEndpoints as api } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { TREE_KEY, type TreeNode } from './AgentTreePage.tsx';
import { MEMBER_TYPES } from './views.tsx';

/** After a write the tree's lists and the member's page read again. */
function useTreeRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [TREE_KEY] });
    void queryClient.invalidateQueries({ queryKey: [api.node.path] });
  };
}

/** Gives a member a type: make it an agent, change its agent type, or make an agent a member again. */
export function TypeDialog({ node, onClose }: { node: TreeNode; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useTreeRefresh();
  const [type, setType] = useState(String(node.type === 0 ? 1 : node.type));
  const write = useMutation({
    mutationFn: () => call(api.setType, { params: { id: node.id }, body: { type: Number(type) } }),
    onSuccess: (saved) => {
      refresh();
      toast.show(
        t('agents.tree.typeDone', { username: saved.username, type: t(`agents.types.${saved.type}`) }),
      );
      onClose();
    },
  });
  return (
    <ActionDialog
      title={t('agents.tree.typeTitle', { username: node.username })}
      message={t('agents.tree.typeMessage', { type: t(`agents.types.${node.type}`) })}
      confirmLabel={t('agents.tree.changeType')}
      confirmVariant="primary"
      busy={write.isPending}
      error={write.error}
      onCancel={onClose}
      onConfirm={() => write.mutate()}
    >
      <Select
        label={t('agents.tree.newType')}
        value={type}
        options={MEMBER_TYPES.map((value) => ({ value: String(value), label: t(`agents.types.${value}`) }))}
        onChange={(event) => setType(event.target.value)}
      />
    </ActionDialog>
  );
}

/**
 * Moves a member with its whole branch under another agent (named by user name) or to the top, after the
 * operator confirms; the server's refusals (its own team, not an agent, a contract) show translated.
 */
export function MoveDialog({ node, onClose }: { node: TreeNode; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useTreeRefresh();
  const [toTop, setToTop] = useState(false);
  const [upline, setUpline] = useState('');
  const [uplineError, setUplineError] = useState<string | undefined>();
  const write = useMutation({
    mutationFn: async () => {
      let uplineId: number | null = null;
      if (!toTop) {
        const name = upline.trim().toLowerCase();
        const found = name
          ? await call(api.tree, { query: { username: name, pageNo: 1, pageSize: 100 } })
          : { list: [] };
        const match = found.list.find((candidate) => candidate.username.toLowerCase() === name);
        if (!match) {
          setUplineError(t(name ? 'agents.tree.uplineUnknown' : 'agents.tree.uplineRequired'));
          return null;
        }
        uplineId = match.id;
      }
      return call(api.move, { params: { id: node.id }, body: { uplineId } });
    },
    onSuccess: (moved) => {
      if (!moved) return;
      refresh();
      toast.show(t('agents.tree.moveDone', { username: moved.username, count: moved.moved }));
      onClose();
    },
  });
  return (
    <ActionDialog
      title={t('agents.tree.moveTitle', { username: node.username })}
      message={t('agents.tree.moveMessage', { count: node.teamCount })}
      confirmLabel={t('agents.tree.move')}
      confirmVariant="primary"
      busy={write.isPending}
      error={write.error}
      onCancel={onClose}
      onConfirm={() => {
        setUplineError(undefined);
        write.mutate();
      }}
    >
      <div className="stack">
        <Checkbox label={t('agents.tree.toTop')} checked={toTop} onChange={setToTop} />
        {toTop ? null : (
          <TextField
            label={t('agents.tree.newUpline')}
            hint={t('agents.tree.newUplineHint')}
            maxLength={64}
            value={upline}
            error={uplineError}
            onChange={(event) => setUpline(event.target.value)}
          />
        )}
      </div>
    </ActionDialog>
  );
}
