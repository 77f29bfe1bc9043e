import { accountsConsoleEndpoints, type ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { SearchListPage } from '../../app/SearchListPage.tsx';
import { optional, usePageQuery, useUrlSearch } from '../../app/searchList.ts';
import { Badge } from '../../ui/Card.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { mobileText } from '../players/views.tsx';
import { deliveryColumn } from './columns.tsx';
import './outbox.css';

type Sms = ResponseOf<typeof accountsConsoleEndpoints.smsOutbox>['list'][number];
const FILTERS = ['mobileNum'] as const;

/** Every SMS the site sent or kept in its outbox, newest first: codes for registration, login and passwords. */
export function SmsOutboxPage() {
  const { t, i18n } = useTranslation();
  const search = useUrlSearch(FILTERS);
  const messages = usePageQuery('sms-outbox', accountsConsoleEndpoints.smsOutbox, {
    pageNo: search.pageNo,
    pageSize: search.pageSize,
    mobileNum: optional(search.applied.mobileNum),
  });
  const columns: Column<Sms>[] = [
    dateTimeColumn('createdAt', t('outbox.time'), i18n.language, (row) => row.createdAt),
    monoColumn('to', t('outbox.recipient'), mobileText),
    {
      key: 'purpose',
      header: t('outbox.purpose'),
      render: (row) => <Badge>{t(`outbox.purposes.${row.purpose}`, { defaultValue: row.purpose })}</Badge>,
    },
    {
      key: 'body',
      header: t('outbox.message'),
      render: (row) => <span className="outbox-text">{row.body}</span>,
    },
    deliveryColumn(t),
  ];
  return (
    <SearchListPage
      title={t('nav.smsOutbox')}
      description={t('outbox.smsDescription')}
      search={search}
      query={messages}
      empty={{ icon: 'message', title: t('outbox.smsEmpty'), filteredTitle: t('outbox.emptyFiltered') }}
      filters={
        <TextField
          label={t('outbox.mobileFilter')}
          hint={t('outbox.mobileFilterHint')}
          inputMode="numeric"
          maxLength={20}
          {...search.control('mobileNum')}
        />
      }
    >
      {(rows) => (
        <Table caption={t('nav.smsOutbox')} columns={columns} rows={rows} rowKey={(row) => row.id} />
      )}
    </SearchListPage>
  );
}
