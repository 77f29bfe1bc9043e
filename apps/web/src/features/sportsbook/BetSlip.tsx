import { useQueries, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  SPORTSBOOK_ACCEPT_CHANGES,
  SPORTSBOOK_MAX_LEGS,
  type SportsbookTicket,
} from '@tessera/contract';
import { formatOdds, type OddsFormat, potentialReturn } from '@tessera/sportsbook';
import { errorText } from '@tessera/ui';
import { Tabs } from '@tessera/ui/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '../../i18n/language.ts';
import { CheckIcon, TrashIcon } from '../../ui/icons.tsx';
import { Button } from '../../ui/index.ts';
import { passGate } from '../auth/gate.ts';
import { useBookMoney } from './money.ts';
import { eventQuery, SPORTSBOOK_KEY, usePlaceBet } from './queries.ts';
import {
  type AcceptChanges,
  acceptPrices,
  clearSlip,
  hasMovedPrice,
  ODDS_FORMATS,
  refreshPrices,
  removeLeg,
  removeLegs,
  type SlipLeg,
  type SlipMode,
  setAccept,
  setMode,
  setOddsFormat,
  setParlayStake,
  setStake,
  useOddsFormat,
  useSlip,
} from './slip.ts';

/**
 * Keeps the slip's prices current: each leg's event is read (and read again on every push over /ws); a price whose
 * version rose is put on the slip beside the one the member saw, to be accepted before the bet goes.
 */
function useSlipPrices(legs: readonly SlipLeg[]) {
  const eventIds = [...new Set(legs.map((leg) => leg.eventId))];
  const events = useQueries({ queries: eventIds.map((id) => eventQuery(id)) });
  const stamp = events.map((event) => event.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the events' answers changed (their update times)
  useEffect(() => {
    const prices = new Map<number, { price: number; priceVersion: number }>();
    for (const event of events) {
      for (const market of event.data?.markets ?? []) {
        for (const selection of market.selections) {
          prices.set(selection.id, { price: selection.price, priceVersion: selection.version });
        }
      }
    }
    refreshPrices(prices);
  }, [stamp]);
}

function PriceMove({ leg, format, locale }: { leg: SlipLeg; format: OddsFormat; locale: string }) {
  const { t } = useTranslation();
  const price = formatOdds(leg.price, format, locale);
  if (leg.previousPrice === undefined || leg.previousPrice === leg.price) {
    return <strong className="sb-leg__price">{price}</strong>;
  }
  const up = leg.price > leg.previousPrice;
  return (
    <span className={`sb-leg__price sb-leg__price--${up ? 'up' : 'down'}`}>
      <del>{formatOdds(leg.previousPrice, format, locale)}</del> <strong>{price}</strong>
      <span className="visually-hidden">
        {t(up ? 'sportsbook.slip.priceUp' : 'sportsbook.slip.priceDown')}
      </span>
    </span>
  );
}

type Outcome = { placed: SportsbookTicket } | { refused: string };

/**
 * The bet slip: the legs picked, as singles (a stake each) or one parlay (2 to 10 legs, one stake), the potential
 * return, the odds format and what to do when a price moves. A moved price shows beside the old one and must be
 * accepted before the bet goes; the server refuses a moved price unless the member chose to accept it.
 */
export function BetSlip({ inSheet = false }: { inSheet?: boolean }) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const slip = useSlip();
  const format = useOddsFormat();
  const money = useBookMoney();
  const place = usePlaceBet();
  const queryClient = useQueryClient();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [placing, setPlacing] = useState(false);
  useSlipPrices(slip.legs);

  const { legs, mode } = slip;
  const parlay = mode === 'parlay' && legs.length >= 2;
  const moved = hasMovedPrice(slip);
  const parlayPrice = legs.reduce((product, leg) => product * leg.price, 1);
  const returnOf = (stake: string, prices: number[]) => {
    const minor = money.stakeMinor(stake);
    return minor === null ? null : potentialReturn(minor, prices) / 10 ** money.digits;
  };
  const singles = legs.map((leg) => ({ leg, stake: slip.stakes[leg.selectionId] ?? '' }));
  const parlayReturn = returnOf(
    slip.parlayStake,
    legs.map((leg) => leg.price),
  );
  const totalStake = parlay
    ? (money.stakeMinor(slip.parlayStake) ?? 0)
    : singles.reduce((sum, { stake }) => sum + (money.stakeMinor(stake) ?? 0), 0);
  const totalReturn = parlay
    ? (parlayReturn ?? 0)
    : singles.reduce((sum, { leg, stake }) => sum + (returnOf(stake, [leg.price]) ?? 0), 0);
  const ready =
    legs.length > 0 &&
    (parlay
      ? money.stakeMinor(slip.parlayStake) !== null
      : singles.some(({ stake }) => money.stakeMinor(stake) !== null)) &&
    !(parlay && legs.length > SPORTSBOOK_MAX_LEGS);

  const submit = async () => {
    if (!passGate('member')) return;
    if (moved) {
      acceptPrices();
      return;
    }
    setPlacing(true);
    setOutcomes([]);
    const bets = parlay
      ? [{ legs, stake: slip.parlayStake }]
      : singles
          .filter(({ stake }) => money.stakeMinor(stake) !== null)
          .map(({ leg, stake }) => ({ legs: [leg], stake }));
    const results: Outcome[] = [];
    for (const bet of bets) {
      try {
        const ticket = await place.mutateAsync({
          selections: bet.legs.map((leg) => ({ selectionId: leg.selectionId, version: leg.priceVersion })),
          stake: bet.stake.trim().replace(',', '.'),
          acceptChanges: slip.accept,
        });
        results.push({ placed: ticket });
        removeLegs(bet.legs.map((leg) => leg.selectionId));
      } catch (error) {
        results.push({ refused: errorText(t, error) });
        // A refused price or market: the slip reads the legs' events again, and shows what moved.
        if (error instanceof ApiError) void queryClient.invalidateQueries({ queryKey: SPORTSBOOK_KEY });
      }
    }
    setOutcomes(results);
    setPlacing(false);
  };

  const modeTabs: { key: SlipMode; label: string }[] = [
    { key: 'single', label: t('sportsbook.slip.singles') },
    { key: 'parlay', label: t('sportsbook.slip.parlay') },
  ];

  return (
    <section className={`sb-slip${inSheet ? ' sb-slip--sheet' : ''}`} aria-label={t('sportsbook.slip.title')}>
      <header className="sb-slip__header">
        {/* In the sheet, the sheet's own title names the slip. */}
        {inSheet ? null : (
          <h2 className="sb-slip__title">
            {t('sportsbook.slip.title')}
            <span className="sb-slip__count" aria-hidden="true">
              {legs.length}
            </span>
          </h2>
        )}
        {legs.length > 0 ? (
          <button type="button" className="sb-slip__clear" onClick={clearSlip}>
            {t('sportsbook.slip.clear')}
          </button>
        ) : null}
      </header>

      {legs.length === 0 ? (
        <p className="sb-slip__empty">{t('sportsbook.slip.empty')}</p>
      ) : (
        <Tabs
          label={t('sportsbook.slip.kind')}
          tabs={modeTabs}
          selected={parlay ? 'parlay' : 'single'}
          onSelect={(next) => (next === 'parlay' && legs.length < 2 ? undefined : setMode(next))}
        >
          <ul className="sb-slip__legs" aria-label={t('sportsbook.slip.legs')}>
            {singles.map(({ leg, stake }) => {
              const back = parlay ? null : returnOf(stake, [leg.price]);
              return (
                <li key={leg.selectionId} className="sb-leg">
                  <div className="sb-leg__head">
                    <span className="sb-leg__selection">{leg.selectionName}</span>
                    <PriceMove leg={leg} format={format} locale={locale} />
                    <button
                      type="button"
                      className="sb-leg__remove"
                      aria-label={t('sportsbook.slip.remove', { name: leg.selectionName })}
                      onClick={() => removeLeg(leg.selectionId)}
                    >
                      <TrashIcon />
                    </button>
                  </div>
                  <p className="sb-leg__market">{leg.marketName}</p>
                  <p className="sb-leg__event">
                    {leg.eventName}
                    {leg.live ? <span className="sb-leg__live">{t('sportsbook.live')}</span> : null}
                  </p>
                  {parlay ? null : (
                    <div className="sb-leg__stake">
                      <label className="sb-stake">
                        <span>{t('sportsbook.slip.stake')}</span>
                        <input
                          inputMode="decimal"
                          autoComplete="off"
                          value={stake}
                          aria-label={t('sportsbook.slip.stakeOn', { name: leg.selectionName })}
                          onChange={(event) => setStake(leg.selectionId, event.target.value)}
                        />
                      </label>
                      <p className="sb-leg__return">
                        {t('sportsbook.slip.return')}{' '}
                        <strong>{back === null ? '—' : money.format(back)}</strong>
                      </p>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {parlay ? (
            <div className="sb-slip__parlay">
              <p className="sb-slip__parlay-price">
                {t('sportsbook.slip.parlayOf', { count: legs.length })}{' '}
                <strong>{formatOdds(Math.round(parlayPrice * 1000) / 1000, format, locale)}</strong>
              </p>
              {legs.length > SPORTSBOOK_MAX_LEGS ? (
                <p className="sb-slip__note" role="alert">
                  {t('sportsbook.slip.tooMany', { max: SPORTSBOOK_MAX_LEGS })}
                </p>
              ) : null}
              <label className="sb-stake">
                <span>{t('sportsbook.slip.stake')}</span>
                <input
                  inputMode="decimal"
                  autoComplete="off"
                  value={slip.parlayStake}
                  aria-label={t('sportsbook.slip.parlayStake')}
                  onChange={(event) => setParlayStake(event.target.value)}
                />
              </label>
            </div>
          ) : null}
        </Tabs>
      )}

      {legs.length > 0 ? (
        <div className="sb-slip__options">
          <label className="sb-select">
            <span>{t('sportsbook.slip.acceptChanges')}</span>
            <select value={slip.accept} onChange={(event) => setAccept(event.target.value as AcceptChanges)}>
              {SPORTSBOOK_ACCEPT_CHANGES.map((accept) => (
                <option key={accept} value={accept}>
                  {t(`sportsbook.slip.accept.${accept}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}

      <OddsFormatSelect />

      {legs.length > 0 ? (
        <footer className="sb-slip__footer">
          <dl className="sb-slip__totals">
            <div>
              <dt>{t('sportsbook.slip.totalStake')}</dt>
              <dd>{money.format(totalStake / 10 ** money.digits)}</dd>
            </div>
            <div>
              <dt>{t('sportsbook.slip.potentialReturn')}</dt>
              <dd className="sb-slip__return" aria-live="polite">
                {money.format(totalReturn)}
              </dd>
            </div>
          </dl>
          {moved ? (
            <p className="sb-slip__note sb-slip__note--moved" role="status">
              {t('sportsbook.slip.pricesMoved')}
            </p>
          ) : null}
          <Button
            size="lg"
            variant="accent"
            disabled={!moved && !ready}
            loading={placing}
            onClick={() => void submit()}
          >
            {moved ? t('sportsbook.slip.acceptPrices') : t('sportsbook.slip.place')}
          </Button>
        </footer>
      ) : null}

      {outcomes.length > 0 ? (
        <ul className="sb-slip__outcomes" aria-label={t('sportsbook.slip.outcomes')}>
          {outcomes.map((outcome, index) =>
            'placed' in outcome ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the outcomes of one placing, in order
              <li key={index} className="sb-outcome sb-outcome--placed" role="status">
                <CheckIcon />
                {outcome.placed.state === 'pending'
                  ? t('sportsbook.slip.pending', { ticketNo: outcome.placed.ticketNo })
                  : t('sportsbook.slip.placed', { ticketNo: outcome.placed.ticketNo })}
              </li>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the outcomes of one placing, in order
              <li key={index} className="sb-outcome sb-outcome--refused" role="alert">
                {t('sportsbook.slip.refused', { message: outcome.refused })}
              </li>
            ),
          )}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The odds format (kept in this browser, and on a signed-in member's account): decimal, Hong Kong, Malay, Indonesian
 * or American.
 */
function OddsFormatSelect() {
  const { t } = useTranslation();
  const format = useOddsFormat();
  return (
    <label className="sb-select sb-odds-format">
      <span>{t('sportsbook.oddsFormat')}</span>
      <select value={format} onChange={(event) => setOddsFormat(event.target.value as OddsFormat)}>
        {ODDS_FORMATS.map((item) => (
          <option key={item} value={item}>
            {t(`sportsbook.formats.${item}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
