import { useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeEndpoints } from '@tessera/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useNavigate } from 'react-router';
import { AccountSetupPage, setupPending } from '../features/account/AccountSetupPage.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoadingState } from '../ui/Spinner.tsx';
import { canUse, type PageId } from './access.ts';
import { call } from './api.ts';
import { QueryError } from './errors.tsx';
import { Layout } from './Layout.tsx';
import { endSession, updateOperator, useSession } from './session.ts';

/** The signed-in part of the console: without a session it sends the operator to the login page. */
export function RequireAuth() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery({
    queryKey: ['me'],
    queryFn: ({ signal }) => call(backofficeEndpoints.me, { signal }),
    enabled: Boolean(session.token),
    staleTime: 60_000,
  });

  useEffect(() => {
    if (me.data) updateOperator(me.data);
  }, [me.data]);

  if (!session.token) return <Navigate to="/login" replace />;
  const operator = session.operator ?? me.data;
  if (!operator) {
    if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
    return <LoadingState label={t('common.loading')} />;
  }
  if (setupPending(operator)) {
    return (
      <AccountSetupPage
        operator={operator}
        onUpdated={(updated) => {
          queryClient.setQueryData(['me'], updated);
          updateOperator(updated);
        }}
        onSignOut={async () => {
          try {
            await call(backofficeEndpoints.logout);
          } catch {
            // The session ends on this side whatever the server answers.
          }
          endSession();
          queryClient.clear();
          navigate('/login', { replace: true });
        }}
      />
    );
  }
  return (
    <Layout operator={operator}>
      <Outlet />
    </Layout>
  );
}

/** One page of the console, shown only to the roles that may use it. */
export function RequirePage({ page, children }: { page: PageId; children: ReactNode }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  useEffect(() => {
    document.title = `${t(`nav.${page}`)} · Tessera`;
  }, [page, t]);
  if (!canUse(operator?.role, page)) {
    return (
      <EmptyState
        icon="shield"
        title={t('access.deniedTitle')}
        description={t('access.deniedText')}
        action={<Link to="/">{t('access.backToDashboard')}</Link>}
      />
    );
  }
  return <>{children}</>;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon="search"
      title={t('access.notFoundTitle')}
      description={t('access.notFoundText')}
      action={<Link to="/">{t('access.backToDashboard')}</Link>}
    />
  );
}
