import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentTreeConsoleEndpoints as api } from '@tessera/contract';
import { Combobox } from '@tessera/ui/combobox';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Select } from '../../ui/Select.tsx';
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

interface Upline {
  id: number;
  username: string;
  type: number;
}

const UPLINE_CLASSES = {
  root: 'upline-picker',
  input: 'input upline-picker__input',
  list: 'upline-picker__list',
  option: 'upline-picker__option',
};

/**
 * The new upline, on the kit's combobox: each text typed searches the agents by user name on the server (the exact
 * name first); the operator picks one from the list, or a typed name that is exactly an agent's counts as picked.
 */
function UplinePicker({
  chosen,
  onChoose,
  onTyped,
  error,
}: {
  chosen: Upline | null;
  onChoose: (upline: Upline | null) => void;
  onTyped: (text: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const name = typed.trim();
  const found = useQuery({
    queryKey: [TREE_KEY, 'uplines', name.toLowerCase()],
    queryFn: () => call(api.tree, { query: { username: name, role: 'agent', pageNo: 1, pageSize: 10 } }),
    enabled: name.length > 0,
    placeholderData: keepPreviousData,
  });
  const listed: Upline[] = (name ? (found.data?.list ?? []) : []).map(({ id, username, type }) => ({
    id,
    username,
    type,
  }));
  const items = chosen && !listed.some((item) => item.id === chosen.id) ? [chosen, ...listed] : listed;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <span className="field-label" id={`${id}-label`}>
        {t('agents.tree.newUpline')}
      </span>
      <Combobox<Upline>
        label={t('agents.tree.newUpline')}
        items={items}
        itemKey={(item) => String(item.id)}
        itemText={(item) => item.username}
        matches={() => true}
        renderItem={(item) => (
          <>
            <span>{item.username}</span>
            <span className="muted">{t(`agents.types.${item.type}`)}</span>
          </>
        )}
        onTextChange={(text) => {
          setTyped(text);
          onTyped(text);
          if (chosen && text !== chosen.username) onChoose(null);
        }}
        selectedKey={chosen ? String(chosen.id) : null}
        onSelect={(key) => onChoose(items.find((item) => String(item.id) === key) ?? null)}
        classNames={UPLINE_CLASSES}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint">{t('agents.tree.newUplineHint')}</p>
      )}
    </div>
  );
}

/**
 * Moves a member with its whole branch under another agent (picked from a server search by user name) or to the
 * top, after the operator confirms; the server's refusals (its own team, not an agent, a contract) show translated.
 */
export function MoveDialog({ node, onClose }: { node: TreeNode; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useTreeRefresh();
  const [toTop, setToTop] = useState(false);
  const [chosen, setChosen] = useState<Upline | null>(null);
  const [typed, setTyped] = useState('');
  const [uplineError, setUplineError] = useState<string | undefined>();
  const write = useMutation({
    mutationFn: async () => {
      let uplineId: number | null = null;
      if (!toTop) {
        const name = typed.trim();
        // A name typed in full without picking it from the list: the search's exact match, if it is an agent's.
        const exact = name
          ? (
              await call(api.tree, { query: { username: name, role: 'agent', pageNo: 1, pageSize: 1 } })
            ).list.find((candidate) => candidate.username.toLowerCase() === name.toLowerCase())
          : undefined;
        const upline = chosen ?? exact;
        if (!upline) {
          setUplineError(t(name ? 'agents.tree.uplineUnknown' : 'agents.tree.uplineRequired'));
          return null;
        }
        uplineId = upline.id;
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
          <UplinePicker
            chosen={chosen}
            onChoose={(upline) => {
              setChosen(upline);
              setUplineError(undefined);
            }}
            onTyped={setTyped}
            error={uplineError}
          />
        )}
      </div>
    </ActionDialog>
  );
}
