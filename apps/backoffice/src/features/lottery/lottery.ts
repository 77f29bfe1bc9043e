import { useQuery } from '@tanstack/react-query';
import {
  lotteryConsoleEndpoints as api,
  currencyDigits,
  formatMoney,
  type ResponseOf,
  walletConsoleEndpoints,
} from '@tessera/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';

export type ConsoleLotteryGame = ResponseOf<typeof api.games>[number];
export type ConsoleLotteryDraw = ResponseOf<typeof api.draws>['list'][number];

/** The games list, shared by the games page and the draws page's filter; a game's save refreshes both. */
export const GAMES_KEY = [api.games.path];

export function useLotteryGames() {
  return useQuery({ queryKey: GAMES_KEY, queryFn: ({ signal }) => call(api.games, { signal }) });
}

/** Weekdays as schedules number them: 1 = Sunday … 7 = Saturday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const EVERY_DAY = WEEKDAYS.join(',');

/** A weekday's name in the operator's language; 1 January 2023 was a Sunday. */
export function weekdayName(day: number, language: string, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, day)),
  );
}

/** When a game draws: every so often, or at a time on its weekdays. */
export function scheduleText(game: ConsoleLotteryGame, t: TFunction, language: string): string {
  if (game.intervalSeconds !== null) {
    const seconds = game.intervalSeconds;
    return seconds % 60 === 0
      ? t('lottery.everyMinutes', { minutes: seconds / 60 })
      : t('lottery.everySeconds', { seconds });
  }
  const time = game.drawTime ?? '';
  if (game.drawDayOfWeek === EVERY_DAY) return t('lottery.dailyAt', { time });
  const days = game.drawDayOfWeek.split(',').map((day) => weekdayName(Number(day), language));
  return t('lottery.daysAt', { time, days: days.join(', ') });
}

/** How buttons and messages name a draw: its game's code and its numero. */
export const drawName = (draw: ConsoleLotteryDraw) => `${draw.gameId} ${draw.numero}`;

/** A game's name with its code, as filters and dialogs name it. */
export const gameLabel = (game: { gameName: string; gameId: string }) => `${game.gameName} (${game.gameId})`;

/**
 * Amounts in the merchant's currency (its decimals), with the currency's code for column headers; two decimals
 * until the currency is known.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const merchant = useQuery({
    queryKey: [walletConsoleEndpoints.merchantMoney.path],
    queryFn: ({ signal }) => call(walletConsoleEndpoints.merchantMoney, { signal }),
  });
  const currency = merchant.data?.currency ?? '';
  const digits = currency ? currencyDigits(currency) : 2;
  return { currency, format: (value: number) => formatMoney(value, digits, i18n.language) };
}

export type DrawStatus = 'open' | 'awaiting' | 'entered' | 'drawn' | 'settled' | 'void';

/**
 * Where a draw stands for the operator: an open draw whose time has come awaits its result (an official one, once
 * entered, awaits a second operator's confirmation).
 */
export function drawStatus(draw: ConsoleLotteryDraw, now: number): DrawStatus {
  if (draw.state !== 'open') return draw.state;
  if (Date.parse(draw.drawsAt) > now) return 'open';
  return draw.enteredBy !== null ? 'entered' : 'awaiting';
}

export const STATUS_TONES = {
  open: 'neutral',
  awaiting: 'warning',
  entered: 'accent',
  drawn: 'success',
  settled: 'success',
  void: 'danger',
} as const satisfies Record<DrawStatus, string>;
