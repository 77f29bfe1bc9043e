import { contentConsoleEndpoints, type LanguageCode, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../app/CrudPage.tsx';
import { enabledColumn, languageColumn, sortColumn, titleColumn } from '../../app/columns.tsx';
import type { Editor } from '../../app/crud.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { Column } from '../../ui/Table.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';
import { LanguageField, SortField, TitleField, useLanguageFilter } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';
import { useSavedPreview } from '../content/SavedPreview.tsx';
import '../content/content.css';

type Notice = ResponseOf<typeof contentConsoleEndpoints.notices.list>[number];

export function NoticesPage() {
  const { t, i18n } = useTranslation();
  const preview = useSavedPreview<Notice>();
  const languages = useLanguageFilter<Notice>();

  const columns: Column<Notice>[] = [
    titleColumn(t),
    languageColumn(t),
    sortColumn(t),
    enabledColumn(t),
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      render: (notice) => (
        <span className="nowrap muted">{formatDateTime(notice.createdAt, i18n.language)}</span>
      ),
    },
  ];

  return (
    <CrudPage
      endpoints={contentConsoleEndpoints.notices}
      queryKey="notices"
      title={t('nav.notices')}
      description={t('notices.description')}
      newLabel={t('notices.new')}
      columns={columns}
      filter={languages.filter}
      shown={languages.shown}
      rowActions={preview.button}
      empty={<EmptyState icon="notices" title={t('notices.empty')} description={t('notices.emptyHint')} />}
      name={(notice) => notice.title}
      savedMessage={(saved) => t('notices.saved', { title: saved.title })}
      onSaved={preview.show}
      deleteTitle={t('notices.deleteTitle')}
      onDeleted={preview.forget}
      editor={(editor) => <NoticeDialog {...editor} />}
    >
      {preview.card}
    </CrudPage>
  );
}

function NoticeDialog({
  row: notice,
  saving,
  error,
  onClose,
  onSave,
}: Editor<typeof contentConsoleEndpoints.notices>) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<LanguageCode>(notice?.language ?? 'EN');
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [sort, setSort] = useState(String(notice?.sort ?? 0));
  const [enabled, setEnabled] = useState(notice?.enabled ?? true);
  const errors = fieldErrors(error);
  return (
    <FormDialog
      size="xl"
      title={notice ? t('notices.editTitle') : t('notices.newTitle')}
      saveLabel={t('notices.save')}
      saving={saving}
      error={error}
      shownFields={['language', 'title', 'content', 'sort', 'enabled']}
      onClose={onClose}
      onSubmit={() => onSave({ language, title, content, sort: toSort(sort), enabled })}
    >
      <div className="form-grid">
        <TitleField
          value={title}
          onChange={setTitle}
          error={errors.title}
          maxLength={200}
          fieldClassName="span-2"
        />
        <LanguageField value={language} onChange={setLanguage} error={errors.language} />
        <SortField value={sort} onChange={setSort} error={errors.sort} />
      </div>
      <ContentEditor
        value={content}
        onChange={setContent}
        error={errors.content}
        savedHtml={notice?.content}
        maxLength={50_000}
      />
      <Checkbox label={t('common.enabled')} checked={enabled} onChange={setEnabled} error={errors.enabled} />
    </FormDialog>
  );
}
