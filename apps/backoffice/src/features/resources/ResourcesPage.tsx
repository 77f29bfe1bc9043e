import { backofficeEndpoints, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrud } from '../../app/crud.ts';
import { errorText, FormError, fieldErrors, QueryError } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { toSort } from '../content/options.ts';
import '../content/content.css';

type Resource = ResponseOf<typeof backofficeEndpoints.resources.list>[number];
type ResourceType = Resource['resourceType'];
const RESOURCE_TYPES: readonly ResourceType[] = ['ios', 'android', 'h5', 'desktop'];

export function ResourcesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { list, save, remove } = useCrud(backofficeEndpoints.resources, 'resources');
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  const open = (row: Resource | 'new') => {
    save.reset();
    setEditing(row);
  };

  const columns: Column<Resource>[] = [
    {
      key: 'qr',
      header: t('resources.qrCode'),
      cellLabel: t('resources.qrCode'),
      render: (row) =>
        row.qrCodeUrl ? (
          <img className="table-qr" src={row.qrCodeUrl} alt={t('resources.qrFor', { title: row.title })} />
        ) : (
          <span className="subtle">—</span>
        ),
    },
    {
      key: 'title',
      header: t('common.title'),
      render: (row) => <span className="cell-strong">{row.title}</span>,
    },
    {
      key: 'url',
      header: t('common.url'),
      render: (row) => (
        <a className="mono url-cell" href={row.url} target="_blank" rel="noreferrer">
          {row.url}
        </a>
      ),
    },
    {
      key: 'type',
      header: t('resources.platform'),
      render: (row) => <Badge tone="accent">{t(`resources.types.${row.resourceType}`)}</Badge>,
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
            aria-label={t('common.editNamed', { name: row.title })}
            onClick={() => open(row)}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="trash" size={14} />}
            aria-label={t('common.deleteNamed', { name: row.title })}
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
        title={t('nav.resources')}
        description={t('resources.description')}
        actions={
          <Button variant="primary" icon={<Icon name="plus" />} onClick={() => open('new')}>
            {t('resources.new')}
          </Button>
        }
      />
      {list.isPending ? <LoadingState label={t('common.loading')} /> : null}
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <Card>
          <Table
            caption={t('nav.resources')}
            columns={columns}
            rows={list.data}
            rowKey={(row) => row.id}
            empty={
              <EmptyState
                icon="downloads"
                title={t('resources.empty')}
                description={t('resources.emptyHint')}
              />
            }
          />
        </Card>
      ) : null}
      {editing ? (
        <ResourceDialog
          resource={editing === 'new' ? null : editing}
          saving={save.isPending}
          error={save.error}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, body },
              {
                onSuccess: (saved) => {
                  setEditing(null);
                  toast.show(t('resources.saved', { title: saved.title }));
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('resources.deleteTitle')}
        message={t('common.deleteConfirm', { name: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        error={remove.error ? <Alert tone="error" title={errorText(remove.error, t)} /> : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.show(t('common.deleted', { name: deleting.title }));
            },
          })
        }
      />
    </>
  );
}

function ResourceDialog({
  resource,
  saving,
  error,
  onClose,
  onSave,
}: {
  resource: Resource | null;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: { resourceType: ResourceType; title: string; url: string; sort?: number }) => void;
}) {
  const { t } = useTranslation();
  const [resourceType, setResourceType] = useState<ResourceType>(resource?.resourceType ?? 'android');
  const [title, setTitle] = useState(resource?.title ?? '');
  const [url, setUrl] = useState(resource?.url ?? '');
  const [sort, setSort] = useState(String(resource?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      title={resource ? t('resources.editTitle') : t('resources.newTitle')}
      onClose={onClose}
      onSubmit={() => onSave({ resourceType, title, url, sort: toSort(sort) })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('resources.save')}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={['resourceType', 'title', 'url', 'sort']} />
      <div className="form-grid">
        <Select
          label={t('resources.platform')}
          value={resourceType}
          options={RESOURCE_TYPES.map((value) => ({ value, label: t(`resources.types.${value}`) }))}
          onChange={(event) => setResourceType(event.target.value as ResourceType)}
          error={errors.resourceType}
        />
        <TextField
          label={t('common.title')}
          value={title}
          maxLength={80}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
        />
        <TextField
          label={t('common.url')}
          type="url"
          placeholder="https://"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
          hint={t('resources.urlHint')}
          fieldClassName="span-2"
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
      </div>
    </Modal>
  );
}
