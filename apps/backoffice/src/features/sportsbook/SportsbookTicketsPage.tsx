import { type ConsoleSportsbookTicket, SPORTSBOOK_TICKET_STATES } from '@tessera/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TicketsCard } from './TicketsTable.tsx';
import './sportsbook.css';

type State = ConsoleSportsbookTicket['state'];

/** Every ticket of the book, newest first, narrowed to a member (user name) or a state. */
export function SportsbookTicketsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ username: '', state: '' });
  const [applied, setApplied] = useState(draft);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ username: draft.username.trim(), state: draft.state });
  };
  return (
    <>
      <PageHeader title={t('nav.sportsbookTickets')} description={t('sportsbookTickets.description')} />
      <div className="stack-lg">
        <Card>
          <form className="search-filters" aria-label={t('list.filters')} noValidate onSubmit={search}>
            <TextField
              label={t('sportsbookTickets.username')}
              maxLength={32}
              autoComplete="off"
              value={draft.username}
              onChange={(event) => setDraft({ ...draft, username: event.target.value })}
            />
            <Select
              label={t('sportsbook.state')}
              value={draft.state}
              onChange={(event) => setDraft({ ...draft, state: event.target.value })}
              options={[
                { value: '', label: t('sportsbookTickets.anyState') },
                ...SPORTSBOOK_TICKET_STATES.map((state) => ({
                  value: state,
                  label: t(`sportsbook.ticketStates.${state}`),
                })),
              ]}
            />
            <div className="search-filter-actions">
              <Button type="submit" variant="primary" icon={<Icon name="search" />}>
                {t('list.search')}
              </Button>
            </div>
          </form>
        </Card>
        <TicketsCard
          key={`${applied.username}:${applied.state}`}
          title={t('sportsbook.tickets')}
          filter={{
            ...(applied.username ? { username: applied.username } : {}),
            ...(applied.state ? { state: applied.state as State } : {}),
          }}
        />
      </div>
    </>
  );
}
