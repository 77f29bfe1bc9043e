import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '@tessera/contract';
import { errorText, useUrlState } from '@tessera/ui';
import { Tabs } from '@tessera/ui/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { inboxEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { useDateLocale } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { CheckIcon, MailIcon, TrashIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal, Pagination } from '../../ui/index.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { inboxKey, inboxQuery, unreadQuery } from './queries.ts';
import '../wallet/wallet.css';
import './inbox.css';

const PAGE_SIZE = 10;
const TABS = ['messages', 'feedback'] as const;
type Tab = (typeof TABS)[number];
const FILTERS = ['all', 'unread'] as const;

/**
 * The member centre's inbox (messageV2): the messages the site sent the member and the operators' broadcasts,
 * newest first, unread ones marked; opening one shows it (its sanitised HTML) and marks it read; it can be deleted
 * from this member's inbox; all can be marked read at once. The Feedback tab sends feedback, whose reply arrives
 * here as a message.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const [params, update] = useUrlState();
  const tab: Tab = params.get('tab') === 'feedback' ? 'feedback' : 'messages';
  return (
    <div className="wallet-page inbox-page">
      <h2 className="wallet-page__title">{t('memberCentre.pages.messageV2')}</h2>
      <Tabs
        label={t('inbox.sections')}
        selected={tab}
        onSelect={(key) => update({ tab: key === 'messages' ? null : key, pageNo: null })}
        tabs={TABS.map((key) => ({
          key,
          label: t(`inbox.tabs.${key}`),
          panel: key === 'messages' ? <Messages /> : <FeedbackForm />,
        }))}
      />
    </div>
  );
}

function Messages() {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [params, update] = useUrlState();
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const status = params.get('filter') === 'unread' ? 'unread' : 'all';
  const list = useQuery(inboxQuery(token, { status, pageNo, pageSize: PAGE_SIZE }));
  const [open, setOpen] = useState<InboxMessage | null>(null);

  /** After a change: the count the server answered in the badges, and the list again. */
  const changed = (answer: { unReadCount: number }) => {
    queryClient.setQueryData(unreadQuery(token).queryKey, answer.unReadCount);
    void queryClient.invalidateQueries({
      queryKey: inboxKey(token),
      predicate: (query) => query.queryKey[3] !== 'unread',
    });
  };
  const read = useMutation({
    mutationFn: (id: string) => api(inboxEndpoints.read, { body: { ids: [id] } }),
    onSuccess: changed,
  });
  const readAll = useMutation({ mutationFn: () => api(inboxEndpoints.readAll, {}), onSuccess: changed });
  const remove = useMutation({
    mutationFn: (id: string) => api(inboxEndpoints.remove, { params: { id } }),
    onSuccess: (answer) => {
      setOpen(null);
      changed(answer);
    },
  });

  const show = (message: InboxMessage) => {
    remove.reset();
    setOpen(message);
    if (!message.read) read.mutate(message.id);
  };
  const unread = list.data?.unReadCount ?? 0;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const failed = readAll.error ?? read.error;

  return (
    <div className="inbox">
      <div className="inbox__toolbar">
        <fieldset className="inbox__filters">
          <legend className="visually-hidden">{t('inbox.show')}</legend>
          {FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              className="inbox__filter"
              aria-pressed={status === filter}
              onClick={() => update({ filter: filter === 'all' ? null : filter, pageNo: null })}
            >
              {t(`inbox.filters.${filter}`)}
            </button>
          ))}
        </fieldset>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          <CheckIcon />
          {t('inbox.readAll')}
        </Button>
      </div>
      {failed ? <FormMessage tone="error">{errorText(t, failed)}</FormMessage> : null}
      {list.isError ? (
        <FormMessage tone="error">{errorText(t, list.error)}</FormMessage>
      ) : !list.data ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : list.data.list.length === 0 ? (
        <div className="wallet-empty inbox__empty">
          <MailIcon />
          <p>{status === 'unread' ? t('inbox.noUnread') : t('inbox.empty')}</p>
        </div>
      ) : (
        <ul className="inbox__list" aria-label={t('inbox.list')}>
          {list.data.list.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                className={message.read ? 'inbox__item' : 'inbox__item inbox__item--unread'}
                onClick={() => show(message)}
              >
                <span className="inbox__dot" aria-hidden="true" />
                <span className="inbox__item-text">
                  <span className="inbox__item-title">
                    {message.title}
                    {message.read ? null : <span className="visually-hidden">, {t('inbox.unread')}</span>}
                  </span>
                  <span className="inbox__item-meta">
                    <span className="inbox__type">{t(`inbox.types.${message.type}`)}</span>
                    <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <Pagination
          page={pageNo}
          pageCount={pages}
          label={t('inbox.pages')}
          onChange={(page) => update({ pageNo: String(page) })}
        />
      ) : null}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title ?? ''}
        className="inbox-message"
        footer={
          open ? (
            <>
              <Button variant="secondary" loading={remove.isPending} onClick={() => remove.mutate(open.id)}>
                <TrashIcon />
                {t('inbox.delete')}
              </Button>
              <Button variant="primary" onClick={() => setOpen(null)}>
                {t('common.close')}
              </Button>
            </>
          ) : null
        }
      >
        {open ? (
          <>
            <p className="inbox-message__meta">
              <span className="inbox__type">{t(`inbox.types.${open.type}`)}</span>
              <time dateTime={open.createdAt}>{formatDateTime(open.createdAt, locale)}</time>
            </p>
            <div
              className="rich-text inbox-message__body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (broadcasts on save, the site's own texts escaped when read)
              dangerouslySetInnerHTML={{ __html: open.content }}
            />
            {remove.isError ? <FormMessage tone="error">{errorText(t, remove.error)}</FormMessage> : null}
          </>
        ) : null}
      </Modal>
    </div>
  );
}
