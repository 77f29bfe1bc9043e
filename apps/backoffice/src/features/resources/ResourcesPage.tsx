import { type ResponseOf, systemConsoleEndpoints } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../app/CrudPage.tsx';
import { sortColumn } from '../../app/columns.tsx';
import type { Editor } from '../../app/crud.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Badge } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { SortField, TitleField } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';
import '../content/content.css';

type Resource = ResponseOf<typeof systemConsoleEndpoints.resources.list>[number];
type ResourceType = Resource['resourceType'];
const RESOURCE_TYPES: readonly ResourceType[] = ['ios', 'android', 'h5', 'desktop'];

export function ResourcesPage() {
  const { t } = useTranslation();
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
    sortColumn(t),
  ];
  return (
    <CrudPage
      endpoints={systemConsoleEndpoints.resources}
      queryKey="resources"
      title={t('nav.resources')}
      description={t('resources.description')}
      newLabel={t('resources.new')}
      columns={columns}
      empty={
        <EmptyState icon="downloads" title={t('resources.empty')} description={t('resources.emptyHint')} />
      }
      name={(row) => row.title}
      savedMessage={(saved) => t('resources.saved', { title: saved.title })}
      deleteTitle={t('resources.deleteTitle')}
      editor={(editor) => <ResourceDialog {...editor} />}
    />
  );
}

function ResourceDialog({
  row: resource,
  saving,
  error,
  onClose,
  onSave,
}: Editor<typeof systemConsoleEndpoints.resources>) {
  const { t } = useTranslation();
  const [resourceType, setResourceType] = useState<ResourceType>(resource?.resourceType ?? 'android');
  const [title, setTitle] = useState(resource?.title ?? '');
  const [url, setUrl] = useState(resource?.url ?? '');
  const [sort, setSort] = useState(String(resource?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <FormDialog
      title={resource ? t('resources.editTitle') : t('resources.newTitle')}
      saveLabel={t('resources.save')}
      saving={saving}
      error={error}
      shownFields={['resourceType', 'title', 'url', 'sort']}
      onClose={onClose}
      onSubmit={() => onSave({ resourceType, title, url, sort: toSort(sort) })}
    >
      <div className="form-grid">
        <Select
          label={t('resources.platform')}
          value={resourceType}
          options={RESOURCE_TYPES.map((value) => ({ value, label: t(`resources.types.${value}`) }))}
          onChange={(event) => setResourceType(event.target.value as ResourceType)}
          error={errors.resourceType}
        />
        <TitleField value={title} onChange={setTitle} error={errors.title} maxLength={80} />
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
        <SortField value={sort} onChange={setSort} error={errors.sort} />
      </div>
    </FormDialog>
  );
}
