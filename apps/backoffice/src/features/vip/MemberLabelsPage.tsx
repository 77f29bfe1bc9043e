import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vipConsoleEndpoints as api, type MemberLabel, memberLabelBody } from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { DeleteDialog, FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { useSession } from '../../app/session.ts';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { actionsColumn, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { LabelChip } from './PlayerVipCard.tsx';

const LABELS_KEY = [api.labels.path];

/** Member labels (operations create and remove them; support reads and assigns them on a player's page). */
export function MemberLabelsPage() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const editable = mayCall(operator?.role, api.createLabel);
  const labels = useQuery({ queryKey: LABELS_KEY, queryFn: ({ signal }) => call(api.labels, { signal }) });
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<MemberLabel | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: (id: number) => call(api.removeLabel, { params: { id } }),
    onSuccess: () => {
      setRemoving(null);
      toast.show(t('labels.removed'));
      void queryClient.invalidateQueries({ queryKey: LABELS_KEY });
    },
  });
  return (
    <>
      <PageHeader
        title={t('nav.memberLabels')}
        description={t('labels.description')}
        actions={
          editable ? (
            <Button variant="primary" icon={<Icon name="plus" />} onClick={() => setCreating(true)}>
              {t('labels.new')}
            </Button>
          ) : null
        }
      />
      <Card>
        <QueryView query={labels}>
          {(rows) => (
            <Table
              caption={t('nav.memberLabels')}
              rows={rows}
              rowKey={(row) => row.id}
              empty={<EmptyState icon="hash" title={t('labels.empty')} />}
              columns={[
                { key: 'name', header: t('labels.name'), render: (row) => <LabelChip label={row} /> },
                {
                  key: 'members',
                  header: t('labels.members'),
                  className: 'num',
                  render: (row) => new Intl.NumberFormat().format(row.members),
                },
                ...(editable
                  ? [
                      actionsColumn<MemberLabel>(t('common.actions'), (row) => (
                        <RowButton
                          icon="trash"
                          aria-label={t('labels.removeNamed', { name: row.name })}
                          onClick={() => setRemoving(row)}
                        >
                          {t('common.delete')}
                        </RowButton>
                      )),
                    ]
                  : []),
              ]}
            />
          )}
        </QueryView>
      </Card>
      {creating ? <LabelDialog onClose={() => setCreating(false)} /> : null}
      {removing ? (
        <DeleteDialog
          title={t('labels.removeNamed', { name: removing.name })}
          message={t('labels.removeMessage', { count: removing.members })}
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={() => remove.mutate(removing.id)}
        />
      ) : null}
    </>
  );
}

function LabelDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof memberLabelBody>, unknown, z.output<typeof memberLabelBody>>({
    resolver: zodResolver(memberLabelBody),
    defaultValues: { name: '', color: '#7c5cff' },
  });
  const save = useMutation({
    mutationFn: (body: z.output<typeof memberLabelBody>) => call(api.createLabel, { body }),
    onSuccess: (saved) => {
      toast.show(t('labels.saved', { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: LABELS_KEY });
      onClose();
    },
  });
  const server = fieldErrors(save.error);
  const errors = form.formState.errors;
  return (
    <FormDialog
      title={t('labels.new')}
      saveLabel={t('common.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={['name', 'color']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <div className="stack">
        <TextField
          label={t('labels.name')}
          maxLength={30}
          error={errors.name ? t('vip.invalid') : server.name}
          {...form.register('name')}
        />
        <TextField
          label={t('labels.color')}
          type="color"
          error={errors.color ? t('vip.invalid') : server.color}
          {...form.register('color')}
        />
      </div>
    </FormDialog>
  );
}
