import { backofficeEndpoints, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrud } from '../../app/crud.ts';
import { errorText, FormError, fieldErrors, QueryError } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { toSort } from '../content/options.ts';

type Domain = ResponseOf<typeof backofficeEndpoints.domains.list>[number];

export function DomainsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { list, save, remove } = useCrud(backofficeEndpoints.domains, 'domains');
  const [editing, setEditing] = useState<Domain | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);

  const open = (row: Domain | 'new') => {
    save.reset();
    setEditing(row);
  };

  const columns: Column<Domain>[] = [
    {
      key: 'url',
      header: t('common.url'),
      render: (row) => (
        <a className="mono" href={row.url} target="_blank" rel="noreferrer">
          {row.url}
        </a>
      ),
    },
    { key: 'sort', header: t('common.sortOrder'), className: 'num', render: (row) => row.sort },
    {
      key: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'actions',
      cellLabel: t('common.actions'),
      render: (row) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="edit" size={14} />}
            aria-label={t('common.editNamed', { name: row.url })}
            onClick={() => open(row)}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="trash" size={14} />}
            aria-label={t('common.deleteNamed', { name: row.url })}
            onClick={() => {
              remove.reset();
              setDeleting(row);
            }}
          >
            {t('common.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.domains')}
        description={t('domains.description')}
        actions={
          <Button variant="primary" icon={<Icon name="plus" />} onClick={() => open('new')}>
            {t('domains.new')}
          </Button>
        }
      />
      {list.isPending ? <LoadingState label={t('common.loading')} /> : null}
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <Card>
          <Table
            caption={t('nav.domains')}
            columns={columns}
            rows={[...list.data].sort((a, b) => a.sort - b.sort || a.id - b.id)}
            rowKey={(row) => row.id}
            empty={
              <EmptyState icon="domains" title={t('domains.empty')} description={t('domains.emptyHint')} />
            }
          />
        </Card>
      ) : null}
      {editing ? (
        <DomainDialog
          domain={editing === 'new' ? null : editing}
          saving={save.isPending}
          error={save.error}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, body },
              {
                onSuccess: (saved) => {
                  setEditing(null);
                  toast.show(t('domains.saved', { url: saved.url }));
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('domains.deleteTitle')}
        message={t('common.deleteConfirm', { name: deleting?.url ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        error={remove.error ? <Alert tone="error" title={errorText(remove.error, t)} /> : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.show(t('common.deleted', { name: deleting.url }));
            },
          })
        }
      />
    </>
  );
}

function DomainDialog({
  domain,
  saving,
  error,
  onClose,
  onSave,
}: {
  domain: Domain | null;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: { url: string; sort?: number }) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(domain?.url ?? '');
  const [sort, setSort] = useState(String(domain?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      size="sm"
      title={domain ? t('domains.editTitle') : t('domains.newTitle')}
      onClose={onClose}
      onSubmit={() => onSave({ url, sort: toSort(sort) })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('domains.save')}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={['url', 'sort']} />
      <TextField
        label={t('common.url')}
        type="url"
        placeholder="https://play.example.com"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
      />
      <TextField
        label={t('common.sortOrder')}
        type="number"
        min={0}
        max={9999}
        value={sort}
        onChange={(event) => setSort(event.target.value)}
        error={errors.sort}
      />
    </Modal>
  );
}
