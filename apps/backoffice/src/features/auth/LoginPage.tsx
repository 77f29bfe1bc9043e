import { useMutation, useQuery } from '@tanstack/react-query';
import { backofficeEndpoints } from '@tessera/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { call } from '../../app/api.ts';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { clearEndReason, startSession, useSession } from '../../app/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthShell } from './AuthShell.tsx';
import { SecondFactorForm } from './SecondFactorForm.tsx';
import { UsernameField } from './UsernameField.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const status = useQuery({
    queryKey: ['setupStatus'],
    queryFn: ({ signal }) => call(backofficeEndpoints.setupStatus, { signal }),
    staleTime: 0,
  });
  const login = useMutation({
    mutationFn: () => call(backofficeEndpoints.login, { body: { username, password } }),
    onSuccess: (value) => {
      setPassword('');
      if ('challenge' in value) {
        setChallenge(value.challenge);
        return;
      }
      startSession(value.token, value.operator);
      navigate('/', { replace: true });
    },
  });

  useEffect(() => {
    document.title = `${t('auth.signInTitle')} · Tessera`;
  }, [t]);

  if (status.data?.needsSetup) return <Navigate to="/setup" replace />;
  if (session.token) return <Navigate to="/" replace />;

  if (challenge) {
    return (
      <SecondFactorForm
        challenge={challenge}
        onBack={() => {
          setChallenge(null);
          login.reset();
        }}
      />
    );
  }

  const errors = fieldErrors(login.error);
  return (
    <AuthShell
      title={t('auth.signInTitle')}
      subtitle={t('auth.signInSubtitle')}
      onSubmit={() => {
        clearEndReason();
        login.mutate();
      }}
    >
      {session.endedBecause && !login.error ? <Alert tone="warning" title={session.endedBecause} /> : null}
      <FormError error={login.error} shownFields={['username', 'password']} />
      <UsernameField
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.username}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" variant="primary" loading={login.isPending}>
        {t('auth.signIn')}
      </Button>
    </AuthShell>
  );
}
