import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeEndpoints, OPERATOR_ROLES, type OperatorRole, type OperatorView } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FormError, fieldErrors, QueryError } from '../../app/errors.tsx';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

const KEY = ['operators'];
const ROLE_TONES: Record<OperatorRole, 'accent' | 'success' | 'warning' | 'neutral'> = {
  owner: 'accent',
  operations: 'success',
  finance: 'warning',
  support: 'neutral',
};

export function OperatorsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { operator: me } = useSession();
  const [editing, setEditing] = useState<OperatorView | 'new' | null>(null);
  const operators = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(backofficeEndpoints.operators.list, { signal }),
  });
  const onSaved = (saved: OperatorView) => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: KEY });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    if (saved.id === me?.id) void queryClient.invalidateQueries({ queryKey: ['me'] });
    toast.show(t('operators.saved', { name: saved.displayName }));
  };
  const create = useMutation({
    mutationFn: (body: { username: string; displayName: string; role: OperatorRole; password: string }) =>
      call(backofficeEndpoints.operators.create, { body }),
    onSuccess: onSaved,
  });
  const update = useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number;
      body: { displayName: string; role: OperatorRole; disabled: boolean; password: string };
    }) => call(backofficeEndpoints.operators.update, { params: { id }, body }),
    onSuccess: onSaved,
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
    {
      key: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'actions',
      cellLabel: t('common.actions'),
      render: (row) => (
        <Button
          size="sm"
          variant="ghost"
          icon={<Icon name="edit" size={14} />}
          aria-label={t('common.editNamed', { name: row.username })}
          onClick={() => {
            update.reset();
            setEditing(row);
          }}
        >
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.operators')}
        description={t('operators.description')}
        actions={
          <Button
            variant="primary"
            icon={<Icon name="plus" />}
            onClick={() => {
              create.reset();
              setEditing('new');
            }}
          >
            {t('operators.new')}
          </Button>
        }
      />
      {operators.isPending ? <LoadingState label={t('common.loading')} /> : null}
      {operators.isError ? (
        <QueryError error={operators.error} onRetry={() => void operators.refetch()} />
      ) : null}
      {operators.data ? (
        <Card>
          <Table
            caption={t('nav.operators')}
            columns={columns}
            rows={operators.data}
            rowKey={(row) => row.id}
            empty={<EmptyState icon="operators" title={t('operators.empty')} />}
          />
        </Card>
      ) : null}
      {editing === 'new' ? (
        <CreateOperatorDialog
          saving={create.isPending}
          error={create.error}
          onClose={() => setEditing(null)}
          onSave={(body) => create.mutate(body)}
        />
      ) : null}
      {editing && editing !== 'new' ? (
        <EditOperatorDialog
          operator={editing}
          saving={update.isPending}
          error={update.error}
          onClose={() => setEditing(null)}
          onSave={(body) => update.mutate({ id: editing.id, body })}
        />
      ) : null}
    </>
  );
}

function useRoleOptions() {
  const { t } = useTranslation();
  return OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}

function CreateOperatorDialog({
  saving,
  error,
  onClose,
  onSave,
}: {
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: { username: string; displayName: string; role: OperatorRole; password: string }) => void;
}) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [password, setPassword] = useState('');
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      title={t('operators.newTitle')}
      onClose={onClose}
      onSubmit={() => onSave({ username, displayName, role, password })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('operators.save')}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={['username', 'displayName', 'role', 'password']} />
      <div className="form-grid">
        <TextField
          label={t('auth.username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
          hint={t('auth.usernameHint')}
        />
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
          options={roles}
          onChange={(event) => setRole(event.target.value as OperatorRole)}
          error={errors.role}
          hint={t(`operators.roleHints.${role}`)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint={t('auth.passwordHint')}
        />
      </div>
    </Modal>
  );
}

function EditOperatorDialog({
  operator,
  saving,
  error,
  onClose,
  onSave,
}: {
  operator: OperatorView;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: { displayName: string; role: OperatorRole; disabled: boolean; password: string }) => void;
}) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const [displayName, setDisplayName] = useState(operator.displayName);
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const [disabled, setDisabled] = useState(operator.disabled);
  const [password, setPassword] = useState('');
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      title={t('operators.editTitle', { name: operator.username })}
      onClose={onClose}
      onSubmit={() => onSave({ displayName, role, disabled, password })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('operators.save')}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={['displayName', 'role', 'disabled', 'password']} />
      <div className="form-grid">
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
          options={roles}
          onChange={(event) => setRole(event.target.value as OperatorRole)}
          error={errors.role}
          hint={t(`operators.roleHints.${role}`)}
        />
        <TextField
          label={t('operators.newPassword')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint={t('operators.newPasswordHint')}
          fieldClassName="span-2"
        />
        <Checkbox
          label={t('operators.disabled')}
          description={t('operators.disabledHint')}
          checked={disabled}
          onChange={setDisabled}
          error={errors.disabled}
          className="span-2"
        />
      </div>
    </Modal>
  );
}
