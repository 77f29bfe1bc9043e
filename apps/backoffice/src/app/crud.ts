import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@tessera/contract';
import { call } from './api.ts';

export interface CrudEndpoints {
  list: Endpoint;
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
}

/** List, save (create or update) and remove through one of the contract's crud endpoint groups. */
export function useCrud<C extends CrudEndpoints>(crud: C, key: string, query?: QueryOf<C['list']>) {
  const queryClient = useQueryClient();
  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: [key] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const list = useQuery({
    queryKey: query ? [key, query] : [key],
    queryFn: ({ signal }) => call(crud.list, { query, signal }) as Promise<ResponseOf<C['list']>>,
  });
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: BodyOf<C['create']> }) =>
      (id === undefined
        ? call(crud.create, { body })
        : call(crud.update, {
            params: { id } as ParamsOf<C['update']>,
            body: body as BodyOf<C['update']>,
          })) as Promise<ResponseOf<C['create']>>,
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(crud.remove, { params: { id } as ParamsOf<C['remove']> }),
    onSuccess: invalidate,
  });
  return { list, save, remove };
}
