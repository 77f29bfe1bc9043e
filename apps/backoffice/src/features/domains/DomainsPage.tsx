import { type ResponseOf, systemConsoleEndpoints } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../app/CrudPage.tsx';
import { sortColumn } from '../../app/columns.tsx';
import type { Editor } from '../../app/crud.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { SortField } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';

type Domain = ResponseOf<typeof systemConsoleEndpoints.domains.list>[number];

export function DomainsPage() {
  const { t } = useTranslation();
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
    sortColumn(t),
  ];
  return (
    <CrudPage
      endpoints={systemConsoleEndpoints.domains}
      queryKey="domains"
      title={t('nav.domains')}
      description={t('domains.description')}
      newLabel={t('domains.new')}
      columns={columns}
      order={(a, b) => a.sort - b.sort || a.id - b.id}
      empty={<EmptyState icon="domains" title={t('domains.empty')} description={t('domains.emptyHint')} />}
      name={(row) => row.url}
      savedMessage={(saved) => t('domains.saved', { url: saved.url })}
      deleteTitle={t('domains.deleteTitle')}
      editor={(editor) => <DomainDialog {...editor} />}
    />
  );
}

function DomainDialog({
  row: domain,
  saving,
  error,
  onClose,
  onSave,
}: Editor<typeof systemConsoleEndpoints.domains>) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(domain?.url ?? '');
  const [sort, setSort] = useState(String(domain?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <FormDialog
      size="sm"
      title={domain ? t('domains.editTitle') : t('domains.newTitle')}
      saveLabel={t('domains.save')}
      saving={saving}
      error={error}
      shownFields={['url', 'sort']}
      onClose={onClose}
      onSubmit={() => onSave({ url, sort: toSort(sort) })}
    >
      <TextField
        label={t('common.url')}
        type="url"
        placeholder="https://play.example.com"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
      />
      <SortField value={sort} onChange={setSort} error={errors.sort} />
    </FormDialog>
  );
}
