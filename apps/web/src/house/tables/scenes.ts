import type { TableOutcome } from '@tessera/contract';
import { sleep } from '../dom.ts';
import type { HouseT } from '../i18n.ts';
import { cardArt, cardBack, dealerArt, svgEl, svgRoot, WHEEL_ORDER, wheelArt } from './art.ts';

/**
 * What the dealer does for a round's outcome, drawn in SVG: the baccarat dealer deals the hands card by card, the
 * roulette dealer spins the wheel until the ball rests in the pocket the server drew. The scenes only show an
 * outcome the server already decided.
 */
export interface Scene {
  element: SVGSVGElement;
  /** Plays the outcome (once per round). */
  reveal(outcome: TableOutcome): Promise<void>;
  /** A new round: the table cleared. */
  reset(): void;
}

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const FONT = 'Inter, "Segoe UI", "DejaVu Sans", Arial, sans-serif';

function felt(id: string): SVGElement[] {
  return [
    svgEl(
      'defs',
      {},
      svgEl(
        'radialGradient',
        { id, cx: '50%', cy: '10%', r: '90%' },
        svgEl('stop', { offset: '0%', 'stop-color': '#2f8f4e' }),
        svgEl('stop', { offset: '100%', 'stop-color': '#0d4a26' }),
      ),
    ),
    svgEl('rect', { x: 0, y: 0, width: 360, height: 220, fill: '#1b1030' }),
    svgEl('path', { d: 'M0 70 Q180 40 360 70 L360 220 L0 220 Z', fill: `url(#${id})` }),
    svgEl('path', {
      d: 'M0 70 Q180 40 360 70',
      stroke: '#d4af37',
      'stroke-width': 3,
      fill: 'none',
    }),
  ];
}

const text = (x: number, y: number, value: string, attributes: Record<string, string | number> = {}) =>
  svgEl(
    'text',
    {
      x,
      y,
      'text-anchor': 'middle',
      'font-family': FONT,
      'font-weight': 800,
      'font-size': 13,
      fill: '#f8fafc',
      ...attributes,
    },
    value,
  );

export function baccaratScene(t: HouseT): Scene {
  const cards = svgEl('g', {});
  const totals = svgEl('g', {});
  const places = svgEl(
    'g',
    {},
    svgEl('rect', {
      x: 30,
      y: 100,
      width: 140,
      height: 100,
      rx: 12,
      fill: 'none',
      stroke: '#60a5fa',
      'stroke-width': 2,
      'stroke-dasharray': '6 4',
    }),
    svgEl('rect', {
      x: 190,
      y: 100,
      width: 140,
      height: 100,
      rx: 12,
      fill: 'none',
      stroke: '#f87171',
      'stroke-width': 2,
      'stroke-dasharray': '6 4',
    }),
    text(100, 94, t('tables.spots.player').toUpperCase(), { fill: '#93c5fd', 'font-size': 11 }),
    text(260, 94, t('tables.spots.banker').toUpperCase(), { fill: '#fca5a5', 'font-size': 11 }),
  );
  const shoe = svgEl(
    'g',
    { transform: 'translate(300 40)' },
    svgEl('rect', { x: -6, y: -4, width: 58, height: 40, rx: 6, fill: '#3f2a14' }),
    cardBack(0, -20),
  );
  const element = svgRoot(
    '0 0 360 220',
    t('tables.scene.baccarat'),
    ...felt('felt-baccarat'),
    dealerArt(180, 36),
    shoe,
    places,
    cards,
    totals,
  );
  element.classList.add('scene');
  const placeOf = (side: 'player' | 'banker', index: number) => {
    const left = side === 'player' ? 36 : 196;
    // The third card beside the two, inside the hand's place.
    return { x: left + index * 45, y: 118 };
  };
  const reset = () => {
    cards.replaceChildren();
    totals.replaceChildren();
    element.classList.remove('dealing');
  };
  return {
    element,
    reset,
    async reveal(outcome) {
      if (outcome.kind !== 'baccarat') return;
      reset();
      element.classList.add('dealing');
      const order: ['player' | 'banker', number][] = [
        ['player', 0],
        ['banker', 0],
        ['player', 1],
        ['banker', 1],
      ];
      if (outcome.player[2]) order.push(['player', 2]);
      if (outcome.banker[2]) order.push(['banker', 2]);
      for (const [side, index] of order) {
        const card = (side === 'player' ? outcome.player : outcome.banker)[index];
        if (!card) continue;
        const { x, y } = placeOf(side, index);
        const art = cardArt(card.rank, card.suit, x, y);
        art.classList.add('dealt');
        cards.append(art);
        await sleep(350);
      }
      element.classList.remove('dealing');
      totals.append(
        text(100, 214, String(outcome.playerTotal), { 'font-size': 16, fill: '#bfdbfe' }),
        text(260, 214, String(outcome.bankerTotal), { 'font-size': 16, fill: '#fecaca' }),
        text(180, 214, t(`tables.winner.${outcome.winner}`), {
          'font-size': 12,
          fill: '#fde68a',
          class: 'winner-badge',
        }),
      );
    },
  };
}

export function rouletteScene(t: HouseT): Scene {
  const { wheel, ball } = wheelArt(RED);
  const rotor = svgEl('g', { class: 'rotor' }, wheel);
  const track = svgEl('g', { class: 'track' }, ball);
  const result = svgEl('g', {});
  const element = svgRoot(
    '0 0 360 220',
    t('tables.scene.roulette'),
    ...felt('felt-roulette'),
    dealerArt(300, 60),
    svgEl('g', { transform: 'translate(150 125) scale(0.92)' }, rotor, track),
    svgEl('path', { d: 'M150 20 L144 8 L156 8 Z', fill: '#fde68a' }),
    result,
  );
  element.classList.add('scene');
  const step = 360 / WHEEL_ORDER.length;
  let turns = 0;
  return {
    element,
    reset() {
      result.replaceChildren();
      element.classList.remove('spinning');
    },
    async reveal(outcome) {
      if (outcome.kind !== 'roulette') return;
      result.replaceChildren();
      element.classList.add('spinning');
      // The wheel turns a few times and stops with the drawn pocket under the marker at the top.
      turns += 3;
      const index = WHEEL_ORDER.indexOf(outcome.pocket);
      rotor.style.transform = `rotate(${-(turns * 360 + index * step)}deg)`;
      track.style.transform = `rotate(${turns * 360 + 720}deg)`;
      await sleep(3200);
      element.classList.remove('spinning');
      const colour =
        outcome.colour === 'red' ? '#dc2626' : outcome.colour === 'black' ? '#111827' : '#15803d';
      result.append(
        svgEl('circle', { cx: 300, cy: 170, r: 24, fill: colour, stroke: '#fde68a', 'stroke-width': 3 }),
        text(300, 176, String(outcome.pocket), { 'font-size': 18 }),
      );
    },
  };
}
