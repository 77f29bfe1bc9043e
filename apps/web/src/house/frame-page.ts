import { ApiError } from '@tessera/contract';
import { el } from './dom.ts';
import type { HouseT } from './i18n.ts';
import { endSession, type FrameSession, openSession } from './session.ts';

/** What every house game page shares: its start, its top bar, its stake picker and its row of panel links. */

/** Ends the page with a notice: the session is over, or the game could not start. */
export type EndPage = (message?: string) => void;

/**
 * Starts a game page: a loading notice, then the frame's session (from the launch id), then `play`. Without a
 * session, or when the session is refused, the page says it has ended; any other failure is said as it came.
 */
export async function startFramePage(
  root: HTMLElement,
  t: HouseT,
  play: (frame: FrameSession, ended: EndPage) => Promise<void>,
): Promise<void> {
  const ended: EndPage = (message = t('sessionEnded')) => {
    endSession();
    root.replaceChildren(el('p', { className: 'notice', role: 'alert' }, message));
    root.removeAttribute('aria-busy');
  };
  root.replaceChildren(el('p', { className: 'notice' }, t('loading')));
  try {
    const frame = await openSession();
    if (!frame) {
      ended();
      return;
    }
    await play(frame, ended);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) ended();
    else ended(error instanceof ApiError ? error.message : t('failed'));
  }
}

/** The lobby's address the launch gave, when it is a web address (never a script). */
function safeLobby(url: string): string | undefined {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page's top bar: back to the lobby, the game's name and the balance. Inside the site's game page, whose own bar
 * leads back to the lobby, the frame does not offer a second way back.
 */
export function pageTop(
  t: HouseT,
  frame: FrameSession,
  name: string,
  balance: HTMLOutputElement,
): HTMLElement {
  const lobby = window.parent === window ? safeLobby(frame.lobbyUrl) : undefined;
  return el(
    'header',
    { className: 'top' },
    lobby && el('a', { className: 'back', href: lobby, target: '_top' }, `← ${t('back')}`),
    el('h1', {}, name),
    el('p', { className: 'balance-line' }, `${t('balance')}: `, balance),
  );
}

/** The row of buttons that open the page's panels, then a line about the game. */
export function panelLinks(
  openers: ReadonlyArray<readonly [string, { open: () => Promise<void> | void }]>,
  ...meta: (Node | string)[]
): HTMLElement {
  return el(
    'nav',
    { className: 'links' },
    ...openers.map(([label, panel]) => {
      const button = el('button', { type: 'button', className: 'ghost' }, label);
      button.addEventListener('click', () => void panel.open());
      return button;
    }),
    el('span', { className: 'meta' }, ...meta),
  );
}

/** The stakes offered: the smallest and its multiples up to the largest (each on the game's step). */
function stakeLadder(limits: { min: string; max: string }): bigint[] {
  const min = BigInt(limits.min);
  const max = BigInt(limits.max);
  const ladder = new Set<bigint>();
  for (const factor of [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n, 1000n]) {
    if (min * factor <= max) ladder.add(min * factor);
  }
  ladder.add(max);
  return [...ladder].sort((a, b) => (a < b ? -1 : 1));
}

/**
 * The stake picker: − and + through the stake ladder of the limits. `changed` runs after each step; `lock` keeps
 * the stake while a round is in play.
 */
export function stakePicker(
  t: HouseT,
  label: string,
  limits: { min: string; max: string },
  money: (minor: bigint) => string,
  changed: () => void,
) {
  const stakes = stakeLadder(limits);
  let index = 0;
  let locked = false;
  const out = el('output', { className: 'stake', 'aria-live': 'polite' });
  const lower = el('button', { type: 'button', className: 'round', 'aria-label': t('lowerStake') }, '−');
  const raise = el('button', { type: 'button', className: 'round', 'aria-label': t('raiseStake') }, '+');
  const stake = () => stakes[index] ?? stakes[0] ?? 0n;
  const show = () => {
    out.textContent = money(stake());
    lower.disabled = locked || index === 0;
    raise.disabled = locked || index >= stakes.length - 1;
  };
  const step = (by: number) => {
    index = Math.min(stakes.length - 1, Math.max(0, index + by));
    show();
    changed();
  };
  lower.addEventListener('click', () => step(-1));
  raise.addEventListener('click', () => step(1));
  show();
  return {
    element: el(
      'div',
      { className: 'stake-picker' },
      el('span', { className: 'label' }, label),
      lower,
      out,
      raise,
    ),
    stake,
    lock(value: boolean) {
      locked = value;
      show();
    },
  };
}

/**
 * What a round paid, said to the player: a win only above the stake; a payout of the stake or less (a push, a line
 * paying its stake back) is money back, not a win.
 */
export function outcomeLine(
  t: HouseT,
  payout: bigint,
  stake: bigint,
  money: (minor: bigint) => string,
): string {
  if (payout > stake) return t('win', { amount: money(payout) });
  return payout > 0n ? t('returned', { amount: money(payout) }) : t('noWin');
}
