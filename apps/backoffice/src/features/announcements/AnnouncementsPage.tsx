import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_TYPES,
  type AnnouncementAudience,
  contentConsoleEndpoints,
  type LanguageCode,
  type ResponseOf,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enabledColumn, languageColumn, sortColumn, titleColumn } from '../../app/columns.tsx';
import type { Editor } from '../../app/crud.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Badge } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Column } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';
import { ContentListPage } from '../content/ContentListPage.tsx';
import { LanguageField, SortField, TitleField } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';

type Announcement = ResponseOf<typeof contentConsoleEndpoints.announcements.list>[number];
type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();

  const columns: Column<Announcement>[] = [
    titleColumn(t),
    {
      key: 'type',
      header: t('announcements.type'),
      render: (row) => <Badge tone="accent">{t(`announcements.types.${row.type}`)}</Badge>,
    },
    {
      key: 'audience',
      header: t('announcements.audience'),
      render: (row) => t(`announcements.audiences.${row.audience}`),
    },
    languageColumn(t),
    {
      key: 'schedule',
      header: t('announcements.schedule'),
      render: (row) =>
        row.startsAt || row.endsAt ? (
          <span className="nowrap muted">
            {formatDateTime(row.startsAt, i18n.language)} – {formatDateTime(row.endsAt, i18n.language)}
          </span>
        ) : (
          <span className="subtle">{t('announcements.always')}</span>
        ),
    },
    sortColumn(t),
    enabledColumn(t),
  ];

  return (
    <ContentListPage
      area="announcements"
      endpoints={contentConsoleEndpoints.announcements}
      columns={columns}
      editor={(editor) => <AnnouncementDialog {...editor} />}
    />
  );
}

function AnnouncementDialog({
  row: announcement,
  saving,
  error,
  onClose,
  onSave,
}: Editor<typeof contentConsoleEndpoints.announcements>) {
  const { t } = useTranslation();
  const [type, setType] = useState<AnnouncementType>(announcement?.type ?? 'B');
  const [audience, setAudience] = useState<AnnouncementAudience>(announcement?.audience ?? 'all');
  const [language, setLanguage] = useState<LanguageCode>(announcement?.language ?? 'EN');
  const [title, setTitle] = useState(announcement?.title ?? '');
  const [content, setContent] = useState(announcement?.content ?? '');
  const [startsAt, setStartsAt] = useState(toLocalInput(announcement?.startsAt));
  const [endsAt, setEndsAt] = useState(toLocalInput(announcement?.endsAt));
  const [sort, setSort] = useState(String(announcement?.sort ?? 0));
  const [enabled, setEnabled] = useState(announcement?.enabled ?? true);
  const errors = fieldErrors(error);
  return (
    <FormDialog
      size="xl"
      title={announcement ? t('announcements.editTitle') : t('announcements.newTitle')}
      saveLabel={t('announcements.save')}
      saving={saving}
      error={error}
      shownFields={[
        'type',
        'audience',
        'language',
        'title',
        'content',
        'startsAt',
        'endsAt',
        'sort',
        'enabled',
      ]}
      onClose={onClose}
      onSubmit={() =>
        onSave({
          type,
          audience,
          language,
          title,
          content,
          startsAt: fromLocalInput(startsAt),
          endsAt: fromLocalInput(endsAt),
          sort: toSort(sort),
          enabled,
        })
      }
    >
      <div className="form-grid">
        <TitleField
          value={title}
          onChange={setTitle}
          error={errors.title}
          maxLength={200}
          fieldClassName="span-2"
        />
        <Select
          label={t('announcements.type')}
          value={type}
          options={ANNOUNCEMENT_TYPES.map((code) => ({
            value: code,
            label: t(`announcements.types.${code}`),
          }))}
          onChange={(event) => setType(event.target.value as AnnouncementType)}
          error={errors.type}
        />
        <Select
          label={t('announcements.audience')}
          value={audience}
          options={ANNOUNCEMENT_AUDIENCES.map((code) => ({
            value: code,
            label: t(`announcements.audiences.${code}`),
          }))}
          onChange={(event) => setAudience(event.target.value as AnnouncementAudience)}
          error={errors.audience}
          hint={t('announcements.audienceHint')}
        />
        <LanguageField value={language} onChange={setLanguage} error={errors.language} />
        <TextField
          label={t('announcements.startsAt')}
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={errors.startsAt}
          hint={t('announcements.scheduleHint')}
        />
        <TextField
          label={t('announcements.endsAt')}
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={errors.endsAt}
          hint={t('announcements.scheduleHint')}
        />
        <SortField value={sort} onChange={setSort} error={errors.sort} />
      </div>
      <ContentEditor
        value={content}
        onChange={setContent}
        error={errors.content}
        savedHtml={announcement?.content}
        maxLength={50_000}
      />
      <Checkbox label={t('common.enabled')} checked={enabled} onChange={setEnabled} error={errors.enabled} />
    </FormDialog>
  );
}
