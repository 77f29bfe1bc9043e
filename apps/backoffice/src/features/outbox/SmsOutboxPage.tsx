import { accountsConsoleEndpoints, type ResponseOf } from '@tessera/contract';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn, monoColumn } from '../../app/columns.tsx';
import { FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';
import { Badge } from '../../ui/Card.tsx';
import type { Column } from '../../ui/Table.tsx';
import { mobileText } from '../players/views.tsx';
import { deliveryColumn } from './columns.tsx';
import './outbox.css';

type Sms = ResponseOf<typeof accountsConsoleEndpoints.smsOutbox>['list'][number];

/** Every SMS the site sent or kept in its outbox, newest first: codes for registration, login and passwords. */
export function SmsOutboxPage() {
  const { t, i18n } = useTranslation();
  const messages = useSearchList(accountsConsoleEndpoints.smsOutbox, ['mobileNum']);
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
  const filter = <FilterText name="mobileNum" inputMode="numeric" maxLength={20} />;
  return <SearchListPage page="smsOutbox" list={messages} filters={filter} columns={columns} />;
}
