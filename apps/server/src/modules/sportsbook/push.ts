import type { Queryable } from '../../db/database.ts';
import { publish } from '../../platform/realtime.ts';
import * as store from './store.ts';

/**
 * A re-pricing pushed over /ws (`sportsbook.prices`, to every socket), in the transaction of its cause: each market's
 * state as the site shows it (a suspended event's open markets show suspended) and, when its prices changed, every
 * selection's price and version, so the event page and the slip show them without a reload. Markets the site no
 * longer lists (closed, settled, void) are left out. `withPrices` false (a suspension): the states only, which keeps
 * an event's whole book inside one notification.
 */
export async function publishPrices(
  tx: Queryable,
  eventId: number,
  marketIds: readonly number[] | null,
  withPrices: boolean,
): Promise<void> {
  const event = await store.eventById(tx, eventId);
  if (!event) return;
  const markets = (await store.marketsOf(tx, [eventId])).filter(
    (market) =>
      (marketIds === null || marketIds.includes(market.id)) &&
      (market.state === 'open' || market.state === 'suspended'),
  );
  if (markets.length === 0) return;
  const selections = withPrices
    ? await store.selectionsOfMarkets(
        tx,
        markets.map((market) => market.id),
      )
    : [];
  await publish(tx, {
    type: 'sportsbook.prices',
    eventId,
    markets: markets.map((market) => ({
      id: market.id,
      state:
        event.suspended && market.state === 'open' ? 'suspended' : (market.state as 'open' | 'suspended'),
      ...(withPrices
        ? {
            selections: selections
              .filter((selection) => selection.market_id === market.id)
              .map((selection) => ({ id: selection.id, price: selection.price, version: selection.version })),
          }
        : {}),
    })),
  });
}
