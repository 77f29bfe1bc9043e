import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../ui/Spinner.tsx';
import { QueryError } from './errors.tsx';

/** A query while it loads, its error with a retry, and what `children` draws of its data once there is some. */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? <LoadingState label={t('common.loading')} /> : null}
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data !== undefined ? children(query.data) : null}
    </>
  );
}
