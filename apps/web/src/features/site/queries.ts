import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';
import { systemStatusQuery } from '../system-status/queries.ts';

export const whitelabelQuery = queryOptions({
  queryKey: ['system', 'whitelabel'],
  queryFn: ({ signal }) => api(endpoints.whitelabel, { signal }),
});

/** The site's configuration: name, logo, languages, licence text … */
export function useWhitelabel() {
  return useQuery(whitelabelQuery);
}

/** Permission info (customer-service links, resources, location …): the status call answers it. */
export function usePermission() {
  return useQuery(systemStatusQuery);
}

/** §4 startup: the visitor's country and its dialing code, which the country-code picker starts on. */
export const currentCountryQuery = queryOptions({
  queryKey: ['system', 'country'],
  queryFn: ({ signal }) => api(endpoints.currentCountry, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
