import { contentConsoleEndpoints, type LanguageCode, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enabledColumn, languageColumn, sortColumn, titleColumn } from '../../app/columns.tsx';
import type { Editor } from '../../app/crud.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import type { Column } from '../../ui/Table.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';
import { ContentListPage } from '../content/ContentListPage.tsx';
import { LanguageField, SortField, TitleField } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';

type Notice = ResponseOf<typeof contentConsoleEndpoints.notices.list>[number];

export function NoticesPage() {
  const { t, i18n } = useTranslation();

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
    <ContentListPage
      area="notices"
      endpoints={contentConsoleEndpoints.notices}
      columns={columns}
      editor={(editor) => <NoticeDialog {...editor} />}
    />
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
