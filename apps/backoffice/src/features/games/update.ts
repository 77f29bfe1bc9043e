import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BodyOf,
  type Endpoint,
  gamesConsoleEndpoints,
  type ParamsOf,
  type ResponseOf,
} from '@tessera/contract';
import { call } from '../../app/api.ts';
import { useToast } from '../../ui/Toast.tsx';

/** The query keys of the catalogue's console lists start with this or the games list's path; a save refreshes both. */
export const CATALOGUE_KEY = 'games-console';

/** Saves one row of the catalogue (PUT …/:id), tells the operator, and refreshes the catalogue's lists. */
export function useCatalogueUpdate<E extends Endpoint>(
  endpoint: E,
  savedMessage: (saved: ResponseOf<E>) => string,
  onSaved: () => void,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<E> }) =>
      call(endpoint, { params: { id } as ParamsOf<E>, body }) as Promise<ResponseOf<E>>,
    onSuccess: (saved) => {
      toast.show(savedMessage(saved), 'success');
      void queryClient.invalidateQueries({ queryKey: [CATALOGUE_KEY] });
      void queryClient.invalidateQueries({ queryKey: [gamesConsoleEndpoints.games.path] });
      onSaved();
    },
  });
}
