import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  inboxConsoleEndpoints as bo,
  FEEDBACK_LIMITS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  type FeedbackRow,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { dateTimeColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { ActionDialog, FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterSelect, SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';
import { RowButton } from '../../ui/Button.tsx';
import { Badge } from '../../ui/Card.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import './inbox.css';

const TONES = { new: 'warning', replied: 'success', closed: 'neutral' } as const;

/**
 * Feedback from the site, newest first, by status and type: an operator replies (the reply reaches the member's
 * inbox) or closes it.
 */
export function FeedbackPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const feedback = useSearchList(bo.feedback, ['status', 'type']);
  const [replying, setReplying] = useState<FeedbackRow | null>(null);
  const [closing, setClosing] = useState<FeedbackRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [bo.feedback.path] });
  const close = useMutation({
    mutationFn: (row: FeedbackRow) => call(bo.closeFeedback, { params: { id: row.id } }),
    onSuccess: (row) => {
      setClosing(null);
      refresh();
      toast.show(t('feedback.closed', { username: row.username }));
    },
  });

  const columns: Column<FeedbackRow>[] = [
    dateTimeColumn('createdAt', t('feedback.time'), i18n.language, (row) => row.createdAt),
    { key: 'username', header: t('feedback.member'), render: (row) => row.username },
    { key: 'type', header: t('feedback.type'), render: (row) => t(`feedback.types.${row.type}`) },
    {
      key: 'content',
      header: t('feedback.content'),
      render: (row) => (
        <>
          <span className="feedback-text">{row.content}</span>
          {row.reply ? (
            <span className="cell-below feedback-text">
              {t('feedback.repliedBy', { operator: row.repliedBy ?? '' })} {row.reply}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (row) => <Badge tone={TONES[row.status]}>{t(`feedback.statuses.${row.status}`)}</Badge>,
    },
    actionsColumn(t('common.actions'), (row) =>
      row.status === 'closed' ? null : (
        <>
          <RowButton
            icon="message"
            aria-label={t('feedback.replyNamed', { username: row.username })}
            onClick={() => setReplying(row)}
          >
            {t('feedback.reply')}
          </RowButton>
          <RowButton
            icon="check"
            aria-label={t('feedback.closeNamed', { username: row.username })}
            onClick={() => {
              close.reset();
              setClosing(row);
            }}
          >
            {t('feedback.close')}
          </RowButton>
        </>
      ),
    ),
  ];

  return (
    <>
      <SearchListPage
        page="feedback"
        list={feedback}
        filters={
          <>
            <FilterSelect
              name="status"
              options={[
                { value: '', label: t('feedback.anyStatus') },
                ...FEEDBACK_STATUSES.map((value) => ({ value, label: t(`feedback.statuses.${value}`) })),
              ]}
            />
            <FilterSelect
              name="type"
              options={[
                { value: '', label: t('feedback.anyType') },
                ...FEEDBACK_TYPES.map((value) => ({ value, label: t(`feedback.types.${value}`) })),
              ]}
            />
          </>
        }
        columns={columns}
      />
      {replying ? (
        <ReplyDialog
          row={replying}
          onClose={() => setReplying(null)}
          onDone={(row) => {
            setReplying(null);
            refresh();
            toast.show(t('feedback.replied', { username: row.username }));
          }}
        />
      ) : null}
      {closing ? (
        <ActionDialog
          title={t('feedback.closeTitle')}
          message={t('feedback.closeMessage', { username: closing.username })}
          confirmLabel={t('feedback.close')}
          confirmVariant="primary"
          busy={close.isPending}
          error={close.error}
          onCancel={() => setClosing(null)}
          onConfirm={() => close.mutate(closing)}
        />
      ) : null}
    </>
  );
}

function ReplyDialog({
  row,
  onClose,
  onDone,
}: {
  row: FeedbackRow;
  onClose: () => void;
  onDone: (row: FeedbackRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const [reply, setReply] = useState('');
  const send = useMutation({
    mutationFn: () => call(bo.replyFeedback, { params: { id: row.id }, body: { reply } }),
    onSuccess: onDone,
  });
  return (
    <FormDialog
      size="lg"
      title={t('feedback.replyTitle', { username: row.username })}
      saveLabel={t('feedback.sendReply')}
      saving={send.isPending}
      error={send.error}
      shownFields={['reply']}
      onClose={onClose}
      onSubmit={() => send.mutate()}
    >
      <DetailList
        items={[
          { label: t('feedback.member'), value: row.username },
          { label: t('feedback.type'), value: t(`feedback.types.${row.type}`) },
          { label: t('feedback.time'), value: formatDateTime(row.createdAt, i18n.language) },
        ]}
      />
      <blockquote className="feedback-quote">{row.content}</blockquote>
      <TextArea
        label={t('feedback.yourReply')}
        hint={t('feedback.replyHint')}
        rows={6}
        maxLength={FEEDBACK_LIMITS.replyMax}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        error={fieldErrors(send.error).reply}
      />
    </FormDialog>
  );
}
