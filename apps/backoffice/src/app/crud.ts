import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ui/Toast.tsx';
import { call } from './api.ts';

export interface CrudEndpoints {
  list: Endpoint;
  create: Endpoint;
  update: Endpoint;
  /** Absent where rows are never deleted. */
  remove?: Endpoint;
}

/** A row of a crud list; the update and remove endpoints name it by its id. */
export type RowOf<C extends CrudEndpoints> = (ResponseOf<C['list']> extends readonly (infer Row)[]
  ? Row
  : never) & { id: number };

export type SavedOf<C extends CrudEndpoints> = ResponseOf<C['create']>;

type SaveInput<C extends CrudEndpoints> =
  | { id?: undefined; body: BodyOf<C['create']> }
  | { id: number; body: BodyOf<C['update']> };

/** List, save (create or update) and remove through one of the contract's crud endpoint groups. */
function useCrud<C extends CrudEndpoints>(crud: C, key: string, query?: QueryOf<C['list']>) {
  const queryClient = useQueryClient();
  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: [key] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const list = useQuery({
    queryKey: query ? [key, query] : [key],
    queryFn: ({ signal }) => call(crud.list, { query, signal }) as Promise<RowOf<C>[]>,
  });
  const save = useMutation({
    mutationFn: (input: SaveInput<C>) =>
      (input.id === undefined
        ? call(crud.create, { body: input.body })
        : call(crud.update, {
            params: { id: input.id } as ParamsOf<C['update']>,
            body: input.body,
          })) as Promise<SavedOf<C>>,
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: number) => {
      if (!crud.remove) throw new Error(`${key} has no remove endpoint`);
      return call(crud.remove, { params: { id } as ParamsOf<NonNullable<C['remove']>> });
    },
    onSuccess: invalidate,
  });
  return { list, save, remove };
}

export interface CrudEditingOptions<C extends CrudEndpoints> {
  query?: QueryOf<C['list']>;
  /** How buttons, the delete confirmation and its toast name a row. */
  name: (row: RowOf<C>) => string;
  /** The toast after a save. */
  savedMessage: (saved: SavedOf<C>) => string;
  onSaved?: (saved: SavedOf<C>) => void;
  onDeleted?: (row: RowOf<C>) => void;
}

/** What the editor dialog of a row gets: the row (null for a new one), the save call's state and its actions. */
export type Editor<C extends CrudEndpoints> = { saving: boolean; error: unknown; onClose: () => void } & (
  | { row: null; onSave: (body: BodyOf<C['create']>) => void }
  | { row: RowOf<C>; onSave: (body: BodyOf<C['update']>) => void }
);

interface Deletion<Row> {
  row: Row;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A crud list with the row being edited and the row being deleted: opening either clears the last call's error,
 * and a save or delete that succeeds closes its dialog and says so in a toast.
 */
export function useCrudEditing<C extends CrudEndpoints>(
  crud: C,
  key: string,
  { query, name, savedMessage, onSaved, onDeleted }: CrudEditingOptions<C>,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const { list, save, remove } = useCrud(crud, key, query);
  const [editing, setEditing] = useState<RowOf<C> | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RowOf<C> | null>(null);

  const afterSave = {
    onSuccess: (saved: SavedOf<C>) => {
      setEditing(null);
      onSaved?.(saved);
      toast.show(savedMessage(saved));
    },
  };
  const dialog = { saving: save.isPending, error: save.error, onClose: () => setEditing(null) };
  const editor: Editor<C> | null =
    editing === null
      ? null
      : editing === 'new'
        ? { ...dialog, row: null, onSave: (body: BodyOf<C['create']>) => save.mutate({ body }, afterSave) }
        : {
            ...dialog,
            row: editing,
            onSave: (body: BodyOf<C['update']>) => save.mutate({ id: editing.id, body }, afterSave),
          };

  const deletion: Deletion<RowOf<C>> | null = deleting && {
    row: deleting,
    busy: remove.isPending,
    error: remove.error,
    onCancel: () => setDeleting(null),
    onConfirm: () =>
      remove.mutate(deleting.id, {
        onSuccess: () => {
          onDeleted?.(deleting);
          setDeleting(null);
          toast.show(t('common.deleted', { name: name(deleting) }));
        },
      }),
  };

  return {
    list,
    name,
    editor,
    deletion,
    edit: (row: RowOf<C> | 'new') => {
      save.reset();
      setEditing(row);
    },
    askDelete: (row: RowOf<C>) => {
      remove.reset();
      setDeleting(row);
    },
  };
}

export type CrudEditing<C extends CrudEndpoints> = ReturnType<typeof useCrudEditing<C>>;
