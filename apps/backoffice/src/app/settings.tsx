import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { useToast } from '../ui/Toast.tsx';
import { mayCall } from './access.ts';
import { call } from './api.ts';
import { useSession } from './session.ts';

/** One settings endpoint's value, read once for the page (its key is the endpoint's path). */
export function useSettings<R extends Endpoint>(read: R) {
  return useQuery({
    queryKey: [read.path],
    queryFn: ({ signal }) => call(read, { signal } as Parameters<typeof call<R>>[1]),
  });
}

/**
 * A settings form's save through `put`: the saved value becomes the page's read of `read`, `onSaved` runs with it (a
 * form's reset), and a toast says `saved`. `editable` is whether the operator's role may save at all.
 */
export function useSettingsSave<R extends Endpoint, P extends Endpoint>(
  read: R,
  put: P,
  saved: string,
  onSaved?: (value: ResponseOf<P>) => void,
) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { operator } = useSession();
  const save = useMutation({
    mutationFn: (body: BodyOf<P>) => call(put, { body } as Parameters<typeof call<P>>[1]),
    onSuccess: (value) => {
      queryClient.setQueryData([read.path], value);
      onSaved?.(value);
      toast.show(saved);
    },
  });
  return { save, editable: mayCall(operator?.role, put) };
}

/** A settings form's save button, shown to the operators who may save. */
export function SaveButton({ editable, pending }: { editable: boolean; pending: boolean }) {
  const { t } = useTranslation();
  if (!editable) return null;
  return (
    <div>
      <Button type="submit" variant="primary" loading={pending}>
        {t('common.save')}
      </Button>
    </div>
  );
}
