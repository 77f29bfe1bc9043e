import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { responsibleEndpoints } from '../../app/endpoints.ts';

/** The key prefix of the member's responsible gaming controls (the member's token in it). */
export const responsibleKey = (token: string | null) => ['member', token, 'responsible'] as const;

/**
 * The member's controls, the session of play and any break; asked again every minute while a page shows it (the
 * time played, the reality check coming due) and at once when /ws tells of a break.
 */
export const responsibleQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...responsibleKey(token), 'overview'],
    queryFn: ({ signal }) => api(responsibleEndpoints.overview, { signal }),
    enabled: token !== null,
    refetchInterval: 60_000,
  });
