import { backofficeEndpoints, type LanguageCode, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrud } from '../../app/crud.ts';
import { formatDateTime } from '../../app/dates.ts';
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

type Notice = ResponseOf<typeof backofficeEndpoints.notices.list>[number];

export function NoticesPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { list, save, remove } = useCrud(backofficeEndpoints.notices, 'notices');
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Notice | null>(null);
  const [previewing, setPreviewing] = useState<Notice | null>(null);

  const open = (notice: Notice | 'new') => {
    save.reset();
    setEditing(notice);
  };

  const columns: Column<Notice>[] = [
    {
      key: 'title',
      header: t('common.title'),
      render: (notice) => (
        <span className="title-cell">
          <span className="cell-strong">{notice.title}</span>
        </span>
      ),
    },
    { key: 'language', header: t('common.language'), render: (notice) => <Badge>{notice.language}</Badge> },
    { key: 'sort', header: t('common.sortOrder'), className: 'num', render: (notice) => notice.sort },
    {
      key: 'enabled',
      header: t('common.status'),
      render: (notice) =>
        notice.enabled ? (
          <Badge tone="success">{t('common.enabled')}</Badge>
        ) : (
          <Badge>{t('common.disabled')}</Badge>
        ),
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      render: (notice) => (
        <span className="nowrap muted">{formatDateTime(notice.createdAt, i18n.language)}</span>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'actions',
      cellLabel: t('common.actions'),
      render: (notice) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="eye" size={14} />}
            aria-label={t('content.previewNamed', { title: notice.title })}
            onClick={() => setPreviewing(notice)}
          >
            {t('content.preview')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="edit" size={14} />}
            aria-label={t('common.editNamed', { name: notice.title })}
            onClick={() => open(notice)}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="trash" size={14} />}
            aria-label={t('common.deleteNamed', { name: notice.title })}
            onClick={() => {
              remove.reset();
              setDeleting(notice);
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
        title={t('nav.notices')}
        description={t('notices.description')}
        actions={
          <Button variant="primary" icon={<Icon name="plus" />} onClick={() => open('new')}>
            {t('notices.new')}
          </Button>
        }
      />
      <div className="stack-lg">
        {list.isPending ? <LoadingState label={t('common.loading')} /> : null}
        {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
        {list.data ? (
          <Card>
            <Table
              caption={t('nav.notices')}
              columns={columns}
              rows={list.data}
              rowKey={(notice) => notice.id}
              empty={
                <EmptyState icon="notices" title={t('notices.empty')} description={t('notices.emptyHint')} />
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
        <NoticeDialog
          notice={editing === 'new' ? null : editing}
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
                  toast.show(t('notices.saved', { title: saved.title }));
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('notices.deleteTitle')}
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

interface NoticeBody {
  language: LanguageCode;
  title: string;
  content: string;
  sort?: number;
  enabled: boolean;
}

function NoticeDialog({
  notice,
  saving,
  error,
  onClose,
  onSave,
}: {
  notice: Notice | null;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: NoticeBody) => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<LanguageCode>(notice?.language ?? 'EN');
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [sort, setSort] = useState(String(notice?.sort ?? 0));
  const [enabled, setEnabled] = useState(notice?.enabled ?? true);
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      size="xl"
      title={notice ? t('notices.editTitle') : t('notices.newTitle')}
      onClose={onClose}
      onSubmit={() => onSave({ language, title, content, sort: toSort(sort), enabled })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('notices.save')}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={['language', 'title', 'content', 'sort', 'enabled']} />
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
          label={t('common.language')}
          value={language}
          options={languageOptions(t)}
          onChange={(event) => setLanguage(event.target.value as LanguageCode)}
          error={errors.language}
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
        savedHtml={notice?.content}
        maxLength={50_000}
      />
      <Checkbox label={t('common.enabled')} checked={enabled} onChange={setEnabled} error={errors.enabled} />
    </Modal>
  );
}
