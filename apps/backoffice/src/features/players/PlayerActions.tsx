import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountsConsoleEndpoints as bo,
  type Endpoint,
  MEMBER_TYPES,
  type ResponseOf,
} from '@tessera/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { ActionDialog } from '../../app/dialogs.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

export type PlayerDetail = ResponseOf<typeof bo.player>;
type ResetMethod = 'temporary' | 'email';
type Action = 'lock' | 'unlock' | 'resetPassword' | 'forcePasswordChange';

/**
 * Lock, Unlock, Reset password and Force password change for one player, each behind a confirmation, shown only to
 * the roles the server lets call them. Every text of an action is named after it in players.*.
 */
export function PlayerActions({ player }: { player: PlayerDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { operator } = useSession();
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<ResetMethod>('temporary');
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const { id, username: name } = player;
  const params = { id };

  const write = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'resetPassword') return call(bo.resetPlayerPassword, { params, body: { method } });
      if (action === 'lock') await call(bo.lockPlayer, { params, body: { reason } });
      else await call(action === 'unlock' ? bo.unlockPlayer : bo.forcePasswordChange, { params });
      return null;
    },
    onSuccess: (reset, action) => {
      void queryClient.invalidateQueries({ queryKey: ['player', id] });
      void queryClient.invalidateQueries({ queryKey: [bo.players.path] });
      setOpen(null);
      if (reset?.temporaryPassword) setTemporaryPassword(reset.temporaryPassword);
      toast.show(
        reset?.emailedTo
          ? t('players.resetMailed', { email: reset.emailedTo })
          : t(`players.${action}Done`, { name }),
      );
    },
  });

  const trial = player.type === MEMBER_TYPES.trial;
  const buttons: ReadonlyArray<{
    action: Action;
    endpoint: Endpoint;
    icon: IconName;
    shown: boolean;
    disabled?: boolean;
  }> = [
    { action: 'lock', endpoint: bo.lockPlayer, icon: 'lock', shown: player.status === 'active' },
    {
      action: 'unlock',
      endpoint: bo.unlockPlayer,
      icon: 'unlock',
      shown: player.status === 'locked' || player.loginLockedUntil !== null,
    },
    { action: 'resetPassword', endpoint: bo.resetPlayerPassword, icon: 'key', shown: true, disabled: trial },
    {
      action: 'forcePasswordChange',
      endpoint: bo.forcePasswordChange,
      icon: 'refresh',
      shown: true,
      disabled: trial || player.mustChangePassword,
    },
  ];
  const allowed = buttons.filter((button) => mayCall(operator?.role, button.endpoint));
  if (allowed.length === 0) return <p className="muted">{t('players.readOnly')}</p>;

  /** What an action's confirmation asks besides yes or no. */
  const fields: Partial<Record<Action, ReactNode>> = {
    lock: (
      <TextField
        label={t('players.lockReason')}
        hint={t('players.lockReasonHint')}
        maxLength={200}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    ),
    resetPassword: (
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
    ),
  };

  return (
    <>
      <div className="row-wrap">
        {allowed
          .filter((button) => button.shown)
          .map((button) => (
            <Button
              key={button.action}
              variant={button.action === 'lock' ? 'danger' : 'secondary'}
              icon={<Icon name={button.icon} />}
              disabled={button.disabled}
              onClick={() => {
                write.reset();
                setReason('');
                setMethod('temporary');
                setOpen(button.action);
              }}
            >
              {t(`players.${button.action}`)}
            </Button>
          ))}
      </div>
      {open ? (
        <ActionDialog
          title={t(`players.${open}Title`, { name })}
          message={t(`players.${open}Message`, { name })}
          confirmLabel={t(`players.${open}`)}
          confirmVariant={open === 'lock' || open === 'resetPassword' ? 'danger' : 'primary'}
          busy={write.isPending}
          error={write.error}
          onCancel={() => setOpen(null)}
          onConfirm={() => write.mutate(open)}
        >
          {fields[open]}
        </ActionDialog>
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
