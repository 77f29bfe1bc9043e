import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  promotionConsoleEndpoints as api,
  PROMOTION_KINDS,
  type PromotionBlacklistRow,
  type PromotionKind,
  type QueryOf,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { DeleteDialog, FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterSelect, SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

type Query = QueryOf<typeof api.blacklist>;
type Row = PromotionBlacklistRow;
const FILTERS = ['kind'] as const;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  return {
    kind: (PROMOTION_KINDS as readonly string[]).includes(applied.kind)
      ? (applied.kind as PromotionKind)
      : undefined,
  };
}

/** Members kept out of one kind of bonus: support reads, operations add and remove (audited). */
export function BlacklistPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.addToBlacklist);
  const list = useSearchList(api.blacklist, FILTERS, toQuery);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Row | null>(null);
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (row: Row) =>
      call(api.removeFromBlacklist, { params: { kind: row.kind, memberId: row.memberId } }),
    onSuccess: () => {
      setRemoving(null);
      toast.show(t('promotionBlacklist.removed'));
      void queryClient.invalidateQueries();
    },
  });
  return (
    <>
      <SearchListPage<Row>
        page="promotionBlacklist"
        list={list}
        actions={
          editable ? (
            <Button variant="primary" icon={<Icon name="plus" />} onClick={() => setAdding(true)}>
              {t('promotionBlacklist.add')}
            </Button>
          ) : null
        }
        columns={[
          { key: 'username', header: t('promotionBlacklist.username'), render: (row) => row.username },
          {
            key: 'kind',
            header: t('promotionBlacklist.kind'),
            render: (row) => t(`promotions.kinds.${row.kind}`),
          },
          { key: 'reason', header: t('promotionBlacklist.reason'), render: (row) => row.reason || '—' },
          {
            key: 'created',
            header: t('promotionBlacklist.createdAt'),
            render: (row) => formatDateTime(row.createdAt, i18n.language),
          },
          ...(editable
            ? [
                actionsColumn<Row>(t('common.actions'), (row) => (
                  <RowButton
                    icon="trash"
                    aria-label={t('promotionBlacklist.removeNamed', { name: row.username })}
                    onClick={() => setRemoving(row)}
                  >
                    {t('common.delete')}
                  </RowButton>
                )),
              ]
            : []),
        ]}
        filters={
          <FilterSelect
            name="kind"
            options={[
              { value: '', label: t('promotionBlacklist.allKinds') },
              ...PROMOTION_KINDS.map((kind) => ({ value: kind, label: t(`promotions.kinds.${kind}`) })),
            ]}
          />
        }
      />
      {adding ? <AddDialog onClose={() => setAdding(false)} /> : null}
      {removing ? (
        <DeleteDialog
          title={t('promotionBlacklist.removeNamed', { name: removing.username })}
          message={t('promotionBlacklist.removeMessage')}
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing)}
        />
      ) : null}
    </>
  );
}

function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<PromotionKind>('deposit');
  const [username, setUsername] = useState('');
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () => call(api.addToBlacklist, { body: { kind, username, reason } }),
    onSuccess: (added) => {
      toast.show(t('promotionBlacklist.added', { name: added.username }));
      void queryClient.invalidateQueries();
      onClose();
    },
  });
  const errors = fieldErrors(save.error);
  return (
    <FormDialog
      title={t('promotionBlacklist.add')}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['kind', 'username', 'reason']}
      onClose={onClose}
      onSubmit={() => save.mutate()}
    >
      <div className="stack">
        <Select
          label={t('promotionBlacklist.kind')}
          value={kind}
          options={PROMOTION_KINDS.map((code) => ({ value: code, label: t(`promotions.kinds.${code}`) }))}
          onChange={(event) => setKind(event.target.value as PromotionKind)}
          error={errors.kind}
        />
        <TextField
          label={t('promotionBlacklist.username')}
          maxLength={40}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
        />
        <TextField
          label={t('promotionBlacklist.reason')}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
      </div>
    </FormDialog>
  );
}
