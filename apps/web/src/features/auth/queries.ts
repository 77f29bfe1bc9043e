import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleFlagNode } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';
import { currentCountryQuery } from '../site/queries.ts';

/** The module flags of §3 by modId (enabled '1'), flattened from the tree. */
type ModuleFlags = Record<string, boolean>;

function flatten(nodes: ModuleFlagNode[], into: ModuleFlags = {}): ModuleFlags {
  for (const node of nodes) {
    into[node.modId] = node.enabled === '1';
    flatten(node.childrenNodes, into);
  }
  return into;
}

const moduleFlagsQuery = queryOptions({
  queryKey: ['system', 'modules'],
  queryFn: async ({ signal }) => flatten(await api(endpoints.modules, { signal })),
});

export function useModuleFlags() {
  return useQuery(moduleFlagsQuery);
}

/** Whether a module flag is on; false until the flags have loaded. */
export function useFlag(modId: string): boolean {
  return useModuleFlags().data?.[modId] ?? false;
}

const registerRulesQuery = queryOptions({
  queryKey: ['system', 'registerRules'],
  queryFn: ({ signal }) => api(endpoints.registerSettings, { signal }),
});

export function useRegisterRules() {
  return useQuery(registerRulesQuery);
}

const countriesQuery = queryOptions({
  queryKey: ['system', 'countries'],
  queryFn: ({ signal }) => api(endpoints.countries, { signal }),
  staleTime: 10 * 60_000,
});

/** The country list of the picker and the current country's dialing code (fetched at startup). */
export function useCountries() {
  const countries = useQuery(countriesQuery);
  const current = useQuery(currentCountryQuery);
  return {
    countries: countries.data ?? [],
    currentDialingCode: current.data?.countryDialingCode ?? null,
    ready: countries.isSuccess && !current.isPending,
  };
}
