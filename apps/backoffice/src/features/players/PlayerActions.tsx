import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountsConsoleEndpoints as bo,
  type Endpoint,
  MEMBER_TYPES,
  type ResponseOf,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

export type PlayerDetail = ResponseOf<typeof bo.player>;
type ResetMethod = 'temporary' | 'email';
type Action = 'lock' | 'unlock' | 'reset' | 'force';

/** The player's page and every list that shows the player hold what a write answered. */
function usePlayerWrite<T>(id: number, write: () => Promise<T>, onDone: (result: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['player', id] });
      void queryClient.invalidateQueries({ queryKey: ['players'] });
      onDone(result);
    },
  });
}

/**
 * Lock, Unlock, Reset password and Force password change for one player, each behind a confirmation, shown only to
 * the roles the server lets call them.
 */
export function PlayerActions({ player }: { player: PlayerDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { operator } = useSession();
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<ResetMethod>('temporary');
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const { id, username: name } = player;
  const params = { id };
  const close = () => setOpen(null);
  const done = (message: string) => {
    close();
    toast.show(message);
  };

  const lock = usePlayerWrite(
    id,
    () => call(bo.lockPlayer, { params, body: { reason } }),
    () => done(t('players.locked', { name })),
  );
  const unlock = usePlayerWrite(
    id,
    () => call(bo.unlockPlayer, { params }),
    () => done(t('players.unlocked', { name })),
  );
  const force = usePlayerWrite(
    id,
    () => call(bo.forcePasswordChange, { params }),
    () => done(t('players.forced', { name })),
  );
  const reset = usePlayerWrite(
    id,
    () => call(bo.resetPlayerPassword, { params, body: { method } }),
    (result) => {
      if (result.temporaryPassword) {
        close();
        setTemporaryPassword(result.temporaryPassword);
        toast.show(t('players.resetDone', { name }));
      } else done(t('players.resetMailed', { name, email: result.emailedTo ?? '' }));
    },
  );
  const mutations = { lock, unlock, reset, force };
  const ask = (action: Action) => {
    mutations[action].reset();
    setReason('');
    setMethod('temporary');
    setOpen(action);
  };
  const dialog = (action: Action) => ({
    busy: mutations[action].isPending,
    error: mutations[action].error,
    onCancel: close,
    onConfirm: () => mutations[action].mutate(),
  });

  const may = (endpoint: Endpoint) => mayCall(operator?.role, endpoint);
  const trial = player.type === MEMBER_TYPES.trial;
  const loginLocked = player.status === 'locked' || player.loginLockedUntil !== null;
  if (![bo.lockPlayer, bo.unlockPlayer, bo.resetPlayerPassword, bo.forcePasswordChange].some(may)) {
    return <p className="muted">{t('players.readOnly')}</p>;
  }

  return (
    <>
      <div className="row-wrap">
        {may(bo.lockPlayer) && player.status === 'active' ? (
          <Button variant="danger" icon={<Icon name="lock" />} onClick={() => ask('lock')}>
            {t('players.lock')}
          </Button>
        ) : null}
        {may(bo.unlockPlayer) && loginLocked ? (
          <Button icon={<Icon name="unlock" />} onClick={() => ask('unlock')}>
            {t('players.unlock')}
          </Button>
        ) : null}
        {may(bo.resetPlayerPassword) ? (
          <Button icon={<Icon name="key" />} disabled={trial} onClick={() => ask('reset')}>
            {t('players.resetPassword')}
          </Button>
        ) : null}
        {may(bo.forcePasswordChange) ? (
          <Button
            icon={<Icon name="refresh" />}
            disabled={trial || player.mustChangePassword}
            onClick={() => ask('force')}
          >
            {t('players.forcePasswordChange')}
          </Button>
        ) : null}
      </div>

      {open === 'lock' ? (
        <ActionDialog
          {...dialog('lock')}
          title={t('players.lockTitle', { name })}
          message={t('players.lockMessage')}
          confirmLabel={t('players.lock')}
        >
          <TextField
            label={t('players.lockReason')}
            hint={t('players.lockReasonHint')}
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </ActionDialog>
      ) : null}
      {open === 'unlock' ? (
        <ActionDialog
          {...dialog('unlock')}
          title={t('players.unlockTitle', { name })}
          message={t('players.unlockMessage')}
          confirmLabel={t('players.unlock')}
          confirmVariant="primary"
        />
      ) : null}
      {open === 'reset' ? (
        <ActionDialog
          {...dialog('reset')}
          title={t('players.resetTitle', { name })}
          message={t('players.resetMessage')}
          confirmLabel={t('players.resetPassword')}
        >
          <Select
            label={t('players.resetMethod')}
            hint={
              method === 'email'
                ? t('players.resetByEmailHint', { email: player.email })
                : t('players.resetTemporaryHint')
            }
            value={method}
            options={[
              { value: 'temporary', label: t('players.resetTemporary') },
              ...(player.email ? [{ value: 'email', label: t('players.resetByEmail') }] : []),
            ]}
            onChange={(event) => setMethod(event.target.value as ResetMethod)}
          />
        </ActionDialog>
      ) : null}
      {open === 'force' ? (
        <ActionDialog
          {...dialog('force')}
          title={t('players.forceTitle', { name })}
          message={t('players.forceMessage', { name })}
          confirmLabel={t('players.forcePasswordChange')}
          confirmVariant="primary"
        />
      ) : null}
      {temporaryPassword ? (
        <TemporaryPasswordDialog
          name={name}
          password={temporaryPassword}
          onClose={() => setTemporaryPassword(null)}
        />
      ) : null}
    </>
  );
}

/** The temporary password, shown once: the server keeps only its hash. */
function TemporaryPasswordDialog({
  name,
  password,
  onClose,
}: {
  name: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      toast.show(t('players.copied'));
    } catch {
      toast.show(t('players.copyFailed'), 'warning');
    }
  };
  return (
    <Modal
      open
      size="sm"
      title={t('players.temporaryTitle', { name })}
      description={t('players.temporaryHint')}
      onClose={onClose}
      footer={
        <>
          <Button icon={<Icon name="copy" />} onClick={() => void copy()}>
            {t('players.copy')}
          </Button>
          <Button variant="primary" onClick={onClose} data-autofocus>
            {t('players.done')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('players.temporaryPassword')}
        className="mono temporary-password"
        readOnly
        value={password}
        onFocus={(event) => event.target.select()}
      />
    </Modal>
  );
}
