import type { HouseSlot, SlotOutcome } from '@tessera/contract';
import { symbolArt } from './art.ts';
import { el } from './dom.ts';
import type { HouseKey, HouseT } from './i18n.ts';

/** The reels: what each symbol looks like, and which cells of a spin won. */

type SpinResult = SlotOutcome['base'];

export function symbolCell(slot: HouseSlot, symbol: string, t: HouseT): HTMLElement {
  return el(
    'span',
    {
      className: `symbol symbol-${symbol.toLowerCase()}`,
      role: 'img',
      'aria-label': t(`symbols.${symbol}` as HouseKey, { defaultValue: symbol }),
    },
    symbolArt(slot.game, symbol),
  );
}

const kindOf = (slot: HouseSlot, symbol: string) => slot.symbols.find((entry) => entry.id === symbol)?.kind;

/** The cells ('reel:row') that made a spin's wins: paid lines, ways, and scatters that paid. */
function winningCells(slot: HouseSlot, spin: SpinResult): Set<string> {
  const cells = new Set<string>();
  const expanded = new Set(spin.expandedReels);
  for (const win of spin.lineWins) {
    const rows = slot.lines?.[win.line] ?? [];
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  for (const win of spin.wayWins) {
    for (let reel = 0; reel < win.count; reel++) {
      spin.window[reel]?.forEach((symbol, row) => {
        if (symbol === win.symbol || expanded.has(reel) || kindOf(slot, symbol) === 'wild') {
          cells.add(`${reel}:${row}`);
        }
      });
    }
  }
  if (BigInt(spin.scatter.win) > 0n) {
    spin.window.forEach((column, reel) => {
      column.forEach((symbol, row) => {
        if (kindOf(slot, symbol) === 'scatter') cells.add(`${reel}:${row}`);
      });
    });
  }
  return cells;
}

/** The reels element with its columns; show() draws a spin's window on it. */
export function reelsView(slot: HouseSlot, t: HouseT) {
  const columns = Array.from({ length: slot.reels }, (_, reel) =>
    el('div', { className: 'reel', role: 'group', 'aria-label': t('reel', { number: reel + 1 }) }),
  );
  const root = el('div', { className: 'reels', role: 'group', 'aria-label': t('reels') }, ...columns);
  // The page shows one slot: its cabinet takes the game's colours (house.css, body[data-game]).
  document.body.dataset.game = slot.game;

  /**
   * Draws a spin's window. `celebrate` is whether the round paid more than its stake: only then do the winning cells
   * glow and the cabinet flash; a return of the stake or less is marked plainly (no loss shown as a win).
   */
  function show(spin: SpinResult | null, celebrate = false) {
    const wins = spin ? winningCells(slot, spin) : new Set<string>();
    const expanded = new Set(spin?.expandedReels ?? []);
    // Replayed on each win: the cabinet flashes once.
    root.classList.remove('won');
    if (celebrate && wins.size > 0) {
      void root.offsetWidth;
      root.classList.add('won');
    }
    columns.forEach((column, reel) => {
      column.classList.toggle('expanded', expanded.has(reel));
      const symbols =
        spin?.window[reel] ??
        Array.from(
          { length: slot.rows },
          (_, row) => slot.symbols[(reel + row * 2) % slot.symbols.length]?.id ?? 'A',
        );
      column.replaceChildren(
        ...symbols.map((symbol, row) => {
          const cell = el('div', { className: 'cell' }, symbolCell(slot, symbol, t));
          if (wins.has(`${reel}:${row}`)) cell.classList.add(celebrate ? 'win' : 'paid');
          return cell;
        }),
      );
    });
  }

  function spinning(on: boolean) {
    root.classList.toggle('spinning', on);
  }

  show(null);
  return { root, show, spinning };
}
