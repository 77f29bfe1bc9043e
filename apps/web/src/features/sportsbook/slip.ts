/// <reference path="../../../../../packages/sportsbook/src/oddslib.d.ts" />
// (The rules package's types for oddslib, which ships none: its odds formats compile in this app too.)
import { SPORTSBOOK_ACCEPT_CHANGES } from '@tessera/contract';
import type { OddsFormat } from '@tessera/sportsbook';
import { useSyncExternalStore } from 'react';
import { local } from '../../lib/storage.ts';

/**
 * The bet slip's state, shared by the event list, the event page and the slip itself (one store for the page, kept
 * while the member moves between them): the legs picked, singles or a parlay, the stakes typed, and what the member
 * accepts when a price moves. The odds format and the price-change choice are kept in this browser and, for a
 * signed-in member, on the account (preferences.ts).
 */

export interface SlipLeg {
  eventId: number;
  /** "Home v Away", as the slip and the confirmation show it. */
  eventName: string;
  /** The market's name as shown (e.g. "Asian handicap −0.25"), and the selection's. */
  marketName: string;
  selectionName: string;
  selectionId: number;
  price: number;
  priceVersion: number;
  /** A price that moved since it was picked: shown with the old one until the member accepts it. */
  previousPrice?: number;
  live: boolean;
}

export type SlipMode = 'single' | 'parlay';
export type AcceptChanges = (typeof SPORTSBOOK_ACCEPT_CHANGES)[number];

export interface SlipState {
  legs: SlipLeg[];
  mode: SlipMode;
  /** Stakes as typed (major units): per selection for singles, one for the parlay. */
  stakes: Record<number, string>;
  parlayStake: string;
  accept: AcceptChanges;
}

const EMPTY: SlipState = { legs: [], mode: 'single', stakes: {}, parlayStake: '', accept: 'none' };
const ACCEPT_KEY = 'sportsbook.acceptChanges';
const FORMAT_KEY = 'sportsbook.oddsFormat';
const FORMATS: readonly OddsFormat[] = ['decimal', 'hongkong', 'malay', 'indonesian', 'american'];
export const ODDS_FORMATS = FORMATS;

let state: SlipState = {
  ...EMPTY,
  accept: SPORTSBOOK_ACCEPT_CHANGES.find((accept) => accept === local.get(ACCEPT_KEY)) ?? 'none',
};
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function update(next: SlipState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function useSlip(): SlipState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Adds the selection, or takes it off when it is already on the slip (a second tap on a price). A second pick in one
 * event replaces the first: a parlay takes one leg per event, and singles follow the same rule to stay simple. */
export function toggleLeg(leg: SlipLeg): void {
  if (state.legs.some((item) => item.selectionId === leg.selectionId)) {
    removeLeg(leg.selectionId);
    return;
  }
  update({ ...state, legs: [...state.legs.filter((item) => item.eventId !== leg.eventId), leg] });
}

export function removeLeg(selectionId: number): void {
  const { [selectionId]: _, ...stakes } = state.stakes;
  const legs = state.legs.filter((item) => item.selectionId !== selectionId);
  update({ ...state, legs, stakes, mode: legs.length < 2 ? 'single' : state.mode });
}

export function clearSlip(): void {
  update({ ...EMPTY, accept: state.accept });
}

export function setMode(mode: SlipMode): void {
  update({ ...state, mode });
}

export function setStake(selectionId: number, stake: string): void {
  update({ ...state, stakes: { ...state.stakes, [selectionId]: stake } });
}

export function setParlayStake(parlayStake: string): void {
  update({ ...state, parlayStake });
}

export function setAccept(accept: AcceptChanges): void {
  local.set(ACCEPT_KEY, accept);
  update({ ...state, accept });
  chosen();
}

/** New prices from the server for legs on the slip: a moved price is kept with the one the member saw. */
export function refreshPrices(prices: ReadonlyMap<number, { price: number; priceVersion: number }>): void {
  let changed = false;
  const legs = state.legs.map((leg) => {
    const fresh = prices.get(leg.selectionId);
    if (!fresh || fresh.priceVersion === leg.priceVersion) return leg;
    changed = true;
    return {
      ...leg,
      previousPrice: leg.previousPrice ?? leg.price,
      price: fresh.price,
      priceVersion: fresh.priceVersion,
    };
  });
  if (changed) update({ ...state, legs });
}

/** The member accepted the moved prices: they become the ones the slip sends. */
export function acceptPrices(): void {
  update({ ...state, legs: state.legs.map(({ previousPrice: _, ...leg }) => leg) });
}

export function hasMovedPrice(slip: SlipState): boolean {
  return slip.legs.some((leg) => leg.previousPrice !== undefined && leg.previousPrice !== leg.price);
}

/** Legs the server took: they leave the slip. */
export function removeLegs(selectionIds: readonly number[]): void {
  const gone = new Set(selectionIds);
  const legs = state.legs.filter((leg) => !gone.has(leg.selectionId));
  const stakes = Object.fromEntries(Object.entries(state.stakes).filter(([id]) => !gone.has(Number(id))));
  update({
    ...state,
    legs,
    stakes,
    parlayStake: legs.length ? state.parlayStake : '',
    mode: legs.length < 2 ? 'single' : state.mode,
  });
}

// The odds format.
let format: OddsFormat = FORMATS.find((item) => item === local.get(FORMAT_KEY)) ?? 'decimal';
const formatListeners = new Set<() => void>();

export function useOddsFormat(): OddsFormat {
  return useSyncExternalStore(
    (listener) => {
      formatListeners.add(listener);
      return () => formatListeners.delete(listener);
    },
    () => format,
  );
}

function showFormat(next: OddsFormat): void {
  format = next;
  local.set(FORMAT_KEY, next);
  for (const listener of formatListeners) listener();
}

/** The member picked an odds format. */
export function setOddsFormat(next: OddsFormat): void {
  showFormat(next);
  chosen();
}

// The choices as the account keeps them.
export interface BookPreferences {
  oddsFormat: OddsFormat;
  acceptChanges: AcceptChanges;
}
const choiceListeners = new Set<() => void>();

function chosen(): void {
  for (const listener of choiceListeners) listener();
}

/** Called after the member changed the odds format or the price-change choice (not after applyPreferences). */
export function onPreferencesChosen(listener: () => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

export function bookPreferences(): BookPreferences {
  return { oddsFormat: format, acceptChanges: state.accept };
}

/** The account's choices, shown (and kept in this browser) without being sent back. */
export function applyPreferences(preferences: BookPreferences): void {
  if (preferences.acceptChanges !== state.accept) {
    local.set(ACCEPT_KEY, preferences.acceptChanges);
    update({ ...state, accept: preferences.acceptChanges });
  }
  if (preferences.oddsFormat !== format) showFormat(preferences.oddsFormat);
}
