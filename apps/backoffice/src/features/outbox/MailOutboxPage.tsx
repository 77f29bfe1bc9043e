import { accountsConsoleEndpoints, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn } from '../../app/columns.tsx';
import { formatDateTime } from '../../app/dates.ts';
import { FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';
import { RowButton } from '../../ui/Button.tsx';
import { HtmlPreview } from '../../ui/HtmlPreview.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { actionsColumn, type Column } from '../../ui/Table.tsx';
import { deliveryColumn } from './columns.tsx';
import './outbox.css';

type Mail = ResponseOf<typeof accountsConsoleEndpoints.mailOutbox>['list'][number];

/** A body with markup (a closing tag, or a whole HTML document) is HTML; any other is plain text. */
const isHtml = (body: string) => /<\/[a-z][a-z0-9]*\s*>|^\s*<!doctype html/i.test(body);

/** Every mail the site sent or kept in its outbox, newest first, each one readable in full. */
export function MailOutboxPage() {
  const { t, i18n } = useTranslation();
  const [reading, setReading] = useState<Mail | null>(null);
  const mails = useSearchList(accountsConsoleEndpoints.mailOutbox, ['to']);
  const columns: Column<Mail>[] = [
    dateTimeColumn('createdAt', t('outbox.time'), i18n.language, (row) => row.createdAt),
    { key: 'to', header: t('outbox.recipient'), render: (row) => row.to },
    {
      key: 'subject',
      header: t('outbox.subject'),
      render: (row) => (
        <>
          <span className="cell-strong">{row.subject}</span>
          <span className="cell-below outbox-excerpt">{row.body}</span>
        </>
      ),
    },
    deliveryColumn(t),
    actionsColumn(t('common.actions'), (row) => (
      <RowButton
        icon="eye"
        aria-label={t('outbox.readNamed', { subject: row.subject, to: row.to })}
        onClick={() => setReading(row)}
      >
        {t('outbox.read')}
      </RowButton>
    )),
  ];
  return (
    <>
      <SearchListPage
        page="mailOutbox"
        list={mails}
        filters={<FilterText name="to" type="email" maxLength={200} />}
        columns={columns}
      />
      {reading ? (
        <Modal
          open
          size="lg"
          title={reading.subject}
          description={t('outbox.mailMeta', {
            to: reading.to,
            time: formatDateTime(reading.createdAt, i18n.language),
          })}
          onClose={() => setReading(null)}
        >
          {isHtml(reading.body) ? (
            <HtmlPreview html={reading.body} label={t('outbox.mailBody')} className="mail-body" />
          ) : (
            <section aria-label={t('outbox.mailBody')}>
              <pre className="code-block mail-text">{reading.body}</pre>
            </section>
          )}
        </Modal>
      ) : null}
    </>
  );
}
