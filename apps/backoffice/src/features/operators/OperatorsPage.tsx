import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  backofficeEndpoints,
  consoleSecurityEndpoints,
  OPERATOR_ROLES,
  type OperatorRole,
  type OperatorView,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { CrudPage } from '../../app/CrudPage.tsx';
import type { Editor } from '../../app/crud.ts';
import { formatDateTime } from '../../app/dates.ts';
import { ActionDialog, FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { useSession } from '../../app/session.ts';
import { RowButton } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { UsernameField } from '../auth/UsernameField.tsx';

const ROLE_TONES: Record<OperatorRole, 'accent' | 'success' | 'warning' | 'neutral'> = {
  owner: 'accent',
  operations: 'success',
  finance: 'warning',
  support: 'neutral',
};

export function OperatorsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { operator: me } = useSession();
  const toast = useToast();
  const [resetting, setResetting] = useState<OperatorView | null>(null);
  const resetTotp = useMutation({
    mutationFn: (row: OperatorView) =>
      call(consoleSecurityEndpoints.resetOperatorTotp, { params: { id: row.id } }),
    onSuccess: (_ok, row) => {
      void queryClient.invalidateQueries({ queryKey: ['operators'] });
      setResetting(null);
      toast.show(t('operators.totpResetDone', { name: row.username }));
    },
  });

  const columns: Column<OperatorView>[] = [
    {
      key: 'username',
      header: t('auth.username'),
      render: (row) => <span className="mono cell-strong">{row.username}</span>,
    },
    {
      key: 'displayName',
      header: t('auth.displayName'),
      render: (row) => (
        <>
          <span>{row.displayName}</span>
          {row.id === me?.id ? <Badge tone="accent">{t('operators.you')}</Badge> : null}
        </>
      ),
    },
    {
      key: 'role',
      header: t('operators.role'),
      render: (row) => <Badge tone={ROLE_TONES[row.role]}>{t(`roles.${row.role}`)}</Badge>,
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (row) =>
        row.disabled ? (
          <Badge tone="danger">{t('operators.disabledStatus')}</Badge>
        ) : (
          <Badge tone="success">{t('operators.active')}</Badge>
        ),
    },
    {
      key: 'totp',
      header: t('operators.secondFactor'),
      render: (row) =>
        row.totpEnabled ? (
          <Badge tone="success">{t('operators.totpOn')}</Badge>
        ) : (
          <Badge tone={row.totpRequired ? 'warning' : 'neutral'}>
            {t(row.totpRequired ? 'operators.totpPending' : 'operators.totpOff')}
          </Badge>
        ),
    },
    {
      key: 'lastLogin',
      header: t('operators.lastLogin'),
      render: (row) => (
        <span className="nowrap muted">
          {row.lastLoginAt ? formatDateTime(row.lastLoginAt, i18n.language) : t('operators.never')}
        </span>
      ),
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      render: (row) => <span className="nowrap muted">{formatDateTime(row.createdAt, i18n.language)}</span>,
    },
  ];

  return (
    <CrudPage
      endpoints={backofficeEndpoints.operators}
      queryKey="operators"
      title={t('nav.operators')}
      description={t('operators.description')}
      newLabel={t('operators.new')}
      columns={columns}
      empty={<EmptyState icon="operators" title={t('operators.empty')} />}
      name={(row) => row.username}
      savedMessage={(saved) => t('operators.saved', { name: saved.displayName })}
      onSaved={(saved) => {
        if (saved.id === me?.id) void queryClient.invalidateQueries({ queryKey: ['me'] });
      }}
      editor={(editor) => <OperatorDialog {...editor} />}
      rowActions={(row) =>
        row.totpEnabled && row.id !== me?.id ? (
          <RowButton
            icon="key"
            aria-label={t('operators.totpResetNamed', { name: row.username })}
            onClick={() => setResetting(row)}
          >
            {t('operators.totpReset')}
          </RowButton>
        ) : null
      }
    >
      {resetting ? (
        <ActionDialog
          title={t('operators.totpResetTitle', { name: resetting.username })}
          message={t('operators.totpResetMessage', { name: resetting.username })}
          confirmLabel={t('operators.totpReset')}
          confirmVariant="danger"
          busy={resetTotp.isPending}
          error={resetTotp.error}
          onCancel={() => setResetting(null)}
          onConfirm={() => resetTotp.mutate(resetting)}
        />
      ) : null}
    </CrudPage>
  );
}

/** A new operator's account, or an operator's name, role, password and whether the account is disabled. */
function OperatorDialog(editor: Editor<typeof backofficeEndpoints.operators>) {
  const { row: operator, saving, error, onClose } = editor;
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState(operator?.displayName ?? '');
  const [role, setRole] = useState<OperatorRole>(operator?.role ?? 'support');
  const [disabled, setDisabled] = useState(operator?.disabled ?? false);
  const [password, setPassword] = useState('');
  const errors = fieldErrors(error);
  return (
    <FormDialog
      title={operator ? t('operators.editTitle', { name: operator.username }) : t('operators.newTitle')}
      saveLabel={t('operators.save')}
      saving={saving}
      error={error}
      shownFields={
        operator
          ? ['displayName', 'role', 'disabled', 'password']
          : ['username', 'displayName', 'role', 'password']
      }
      onClose={onClose}
      onSubmit={() =>
        editor.row
          ? editor.onSave({ displayName, role, disabled, password })
          : editor.onSave({ username, displayName, role, password })
      }
    >
      <div className="form-grid">
        {operator ? null : (
          <UsernameField
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={errors.username}
            hint={t('auth.usernameHint')}
          />
        )}
        <TextField
          label={t('auth.displayName')}
          value={displayName}
          maxLength={80}
          onChange={(event) => setDisplayName(event.target.value)}
          error={errors.displayName}
        />
        <Select
          label={t('operators.role')}
          value={role}
          options={OPERATOR_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
          onChange={(event) => setRole(event.target.value as OperatorRole)}
          error={errors.role}
          hint={t(`operators.roleHints.${role}`)}
        />
        <TextField
          label={operator ? t('operators.newPassword') : t('auth.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint={operator ? t('operators.newPasswordHint') : t('auth.passwordHint')}
          fieldClassName={operator ? 'span-2' : undefined}
        />
        {operator ? (
          <Checkbox
            label={t('operators.disabled')}
            description={t('operators.disabledHint')}
            checked={disabled}
            onChange={setDisabled}
            error={errors.disabled}
            className="span-2"
          />
        ) : null}
      </div>
    </FormDialog>
  );
}
