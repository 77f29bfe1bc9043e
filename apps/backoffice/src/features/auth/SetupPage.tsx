import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeEndpoints } from '@tessera/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { startSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthShell } from './AuthShell.tsx';
import { UsernameField } from './UsernameField.tsx';

export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const status = useQuery({
    queryKey: ['setupStatus'],
    queryFn: ({ signal }) => call(backofficeEndpoints.setupStatus, { signal }),
    staleTime: 0,
  });
  const setup = useMutation({
    mutationFn: () => call(backofficeEndpoints.setup, { body: { username, displayName, password } }),
    onSuccess: (value) => {
      queryClient.setQueryData(['setupStatus'], { needsSetup: false });
      startSession(value.token, value.operator);
      navigate('/', { replace: true });
    },
  });

  useEffect(() => {
    document.title = `${t('auth.setupTitle')} · Tessera`;
  }, [t]);

  if (status.isPending) return <LoadingState label={t('common.loading')} />;
  if (!status.data?.needsSetup && !setup.isSuccess) return <Navigate to="/login" replace />;

  const errors = fieldErrors(setup.error);
  return (
    <AuthShell
      title={t('auth.setupTitle')}
      subtitle={t('auth.setupSubtitle')}
      onSubmit={() => {
        if (password !== confirm) {
          setMismatch(true);
          return;
        }
        setMismatch(false);
        setup.mutate();
      }}
    >
      <FormError error={setup.error} shownFields={['username', 'displayName', 'password']} />
      <UsernameField
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.username}
        hint={t('auth.usernameHint')}
      />
      <TextField
        label={t('auth.displayName')}
        autoComplete="name"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        error={errors.displayName}
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
      <TextField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={mismatch ? t('auth.passwordMismatch') : undefined}
      />
      <Button type="submit" variant="primary" loading={setup.isPending}>
        {t('auth.createOwner')}
      </Button>
    </AuthShell>
  );
}
