import type { SportKind } from '@tessera/contract';
import { potentialReturn } from '@tessera/sportsbook';
import { Tabs } from '@tessera/ui/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePhoneLayout } from '../../app/phoneLayout.ts';
import { Modal } from '../../ui/index.ts';
import { BetSlip } from './BetSlip.tsx';
import { EventList } from './EventList.tsx';
import { EventPage } from './EventPage.tsx';
import { MyBets } from './MyBets.tsx';
import { useBookMoney } from './money.ts';
import { useSlip } from './slip.ts';
// The kit's tabs and form controls take their look from the site's form styles.
import '../../ui/bet-slip.css';
import '../../ui/form.css';
import './sportsbook.css';

type BookTab = 'events' | 'bets';

/** A whole positive number from the address, or null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * On a phone the slip waits in a bar above the tab bar (its legs and their potential return) and opens as a sheet
 * from the bottom edge.
 */
function PhoneSlip() {
  const { t } = useTranslation();
  const slip = useSlip();
  const money = useBookMoney();
  const [open, setOpen] = useState(false);
  if (slip.legs.length === 0 && !open) return null;
  const parlay = slip.mode === 'parlay' && slip.legs.length > 1;
  const stake = money.stakeMinor(parlay ? slip.parlayStake : '') ?? 0;
  const back = parlay
    ? potentialReturn(
        stake,
        slip.legs.map((leg) => leg.price),
      ) /
      10 ** money.digits
    : null;
  return (
    <>
      <button type="button" className="sb-slip-bar" onClick={() => setOpen(true)}>
        <span className="sb-slip-bar__count">{slip.legs.length}</span>
        <span className="sb-slip-bar__title">{t('sportsbook.slip.open')}</span>
        {back ? <span className="sb-slip-bar__return">{money.format(back)}</span> : null}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('sportsbook.slip.title')}
        className="sheet sb-sheet"
      >
        <BetSlip inSheet />
      </Modal>
    </>
  );
}

/**
 * The in-house book on /sports (football) and /esports: the events on sale with their main markets, an event's page
 * with all of its markets (?event=), the member's tickets (?book=bets), and the bet slip beside them (a sheet on a
 * phone).
 */
export default function SportsbookSection({ kind }: { kind: SportKind }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const phone = usePhoneLayout();
  const eventId = idParam(params.get('event'));
  const competitionId = idParam(params.get('competition'));
  const tab: BookTab = params.get('book') === 'bets' ? 'bets' : 'events';
  const change = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <section className="sb" aria-label={t(`sportsbook.title.${kind}`)}>
      <div className="sb-layout">
        <div className="sb-main">
          {eventId !== null ? (
            <EventPage eventId={eventId} />
          ) : (
            <Tabs
              label={t(`sportsbook.title.${kind}`)}
              tabs={[
                { key: 'events', label: t('sportsbook.events') },
                { key: 'bets', label: t('sportsbook.bets.title') },
              ]}
              selected={tab}
              onSelect={(next) => change({ book: next === 'bets' ? 'bets' : null })}
            >
              {tab === 'events' ? (
                <EventList
                  kind={kind}
                  competitionId={competitionId}
                  onCompetition={(id) => change({ competition: id === null ? null : String(id) })}
                />
              ) : (
                <MyBets />
              )}
            </Tabs>
          )}
        </div>
        {phone ? (
          <PhoneSlip />
        ) : (
          <aside className="sb-aside">
            <BetSlip />
          </aside>
        )}
      </div>
    </section>
  );
}
