import {
  ANNOUNCEMENT_TYPES,
  backofficeEndpoints,
  type LanguageCode,
  type ResponseOf,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrud } from '../../app/crud.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../app/dates.ts';
import { errorText, FormError, fieldErrors, QueryError } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';
import { languageOptions, toSort } from '../content/options.ts';
import { SavedPreview } from '../content/SavedPreview.tsx';
import '../content/content.css';

type Announcement = ResponseOf<typeof backofficeEndpoints.announcements.list>[number];
type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { list, save, remove } = useCrud(backofficeEndpoints.announcements, 'announcements');
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [previewing, setPreviewing] = useState<Announcement | null>(null);

  const open = (row: Announcement | 'new') => {
    save.reset();
    setEditing(row);
  };

  const columns: Column<Announcement>[] = [
    {
      key: 'title',
      header: t('common.title'),
      render: (row) => (
        <span className="title-cell">
          <span className="cell-strong">{row.title}</span>
        </span>
      ),
    },
    {
      key: 'type',
      header: t('announcements.type'),
      render: (row) => <Badge tone="accent">{t(`announcements.types.${row.type}`)}</Badge>,
    },
    { key: 'language', header: t('common.language'), render: (row) => <Badge>{row.language}</Badge> },
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
    { key: 'sort', header: t('common.sortOrder'), className: 'num', render: (row) => row.sort },
    {
      key: 'enabled',
      header: t('common.status'),
      render: (row) =>
        row.enabled ? (
          <Badge tone="success">{t('common.enabled')}</Badge>
        ) : (
          <Badge>{t('common.disabled')}</Badge>
        ),
    },
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
            icon={<Icon name="eye" size={14} />}
            aria-label={t('content.previewNamed', { title: row.title })}
            onClick={() => setPreviewing(row)}
          >
            {t('content.preview')}
          </Button>
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
        title={t('nav.announcements')}
        description={t('announcements.description')}
        actions={
          <Button variant="primary" icon={<Icon name="plus" />} onClick={() => open('new')}>
            {t('announcements.new')}
          </Button>
        }
      />
      <div className="stack-lg">
        {list.isPending ? <LoadingState label={t('common.loading')} /> : null}
        {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
        {list.data ? (
          <Card>
            <Table
              caption={t('nav.announcements')}
              columns={columns}
              rows={list.data}
              rowKey={(row) => row.id}
              empty={
                <EmptyState
                  icon="announcements"
                  title={t('announcements.empty')}
                  description={t('announcements.emptyHint')}
                />
              }
            />
          </Card>
        ) : null}
        {previewing ? (
          <SavedPreview
            title={previewing.title}
            html={previewing.content}
            onClose={() => setPreviewing(null)}
          />
        ) : null}
      </div>
      {editing ? (
        <AnnouncementDialog
          announcement={editing === 'new' ? null : editing}
          saving={save.isPending}
          error={save.error}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, body },
              {
                onSuccess: (saved) => {
                  setEditing(null);
                  setPreviewing(saved);
                  toast.show(t('announcements.saved', { title: saved.title }));
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('announcements.deleteTitle')}
        message={t('common.deleteConfirm', { name: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        error={remove.error ? <Alert tone="error" title={errorText(remove.error, t)} /> : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (previewing?.id === deleting.id) setPreviewing(null);
              setDeleting(null);
              toast.show(t('common.deleted', { name: deleting.title }));
            },
          })
        }
      />
    </>
  );
}

interface AnnouncementBody {
  type: AnnouncementType;
  language: LanguageCode;
  title: string;
  content: string;
  startsAt: string | null;
  endsAt: string | null;
  sort?: number;
  enabled: boolean;
}

function AnnouncementDialog({
  announcement,
  saving,
  error,
  onClose,
  onSave,
}: {
  announcement: Announcement | null;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: AnnouncementBody) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<AnnouncementType>(announcement?.type ?? 'B');
  const [language, setLanguage] = useState<LanguageCode>(announcement?.language ?? 'EN');
  const [title, setTitle] = useState(announcement?.title ?? '');
  const [content, setContent] = useState(announcement?.content ?? '');
  const [startsAt, setStartsAt] = useState(toLocalInput(announcement?.startsAt));
  const [endsAt, setEndsAt] = useState(toLocalInput(announcement?.endsAt));
  const [sort, setSort] = useState(String(announcement?.sort ?? 0));
  const [enabled, setEnabled] = useState(announcement?.enabled ?? true);
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      size="xl"
      title={announcement ? t('announcements.editTitle') : t('announcements.newTitle')}
      onClose={onClose}
      onSubmit={() =>
        onSave({
          type,
          language,
          title,
          content,
          startsAt: fromLocalInput(startsAt),
          endsAt: fromLocalInput(endsAt),
          sort: toSort(sort),
          enabled,
        })
      }
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('announcements.save')}
          </Button>
        </>
      }
    >
      <FormError
        error={error}
        shownFields={['type', 'language', 'title', 'content', 'startsAt', 'endsAt', 'sort', 'enabled']}
      />
      <div className="form-grid">
        <TextField
          label={t('common.title')}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
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
          label={t('common.language')}
          value={language}
          options={languageOptions(t)}
          onChange={(event) => setLanguage(event.target.value as LanguageCode)}
          error={errors.language}
        />
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
      <ContentEditor
        value={content}
        onChange={setContent}
        error={errors.content}
        savedHtml={announcement?.content}
        maxLength={50_000}
      />
      <Checkbox label={t('common.enabled')} checked={enabled} onChange={setEnabled} error={errors.enabled} />
    </Modal>
  );
}
