/**
 * The tables' generated artwork: playing cards, the felt, the dealer, the chips and the European wheel, drawn as
 * SVG elements (no image files, no fonts needed for the suits).
 */

const SVG = 'http://www.w3.org/2000/svg';

export type Attributes = Record<string, string | number>;

export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (SVGElement | string)[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

export function svgRoot(viewBox: string, label: string | null, ...children: SVGElement[]): SVGSVGElement {
  const root = svgEl('svg', { viewBox, preserveAspectRatio: 'xMidYMid meet' }, ...children);
  if (label) {
    root.setAttribute('role', 'img');
    root.setAttribute('aria-label', label);
  } else {
    root.setAttribute('aria-hidden', 'true');
  }
  root.setAttribute('focusable', 'false');
  return root;
}

// ------------------------------------------------------------------------------------------------------ cards

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
/** Suits 0–3: clubs, diamonds, hearts, spades (the package's order). */
const SUIT_RED = [false, true, true, false];

/** A suit symbol centred on (0, 0), about 20 units tall. */
function suitShape(suit: number, fill: string): SVGElement {
  switch (suit) {
    case 0:
      return svgEl(
        'g',
        { fill },
        svgEl('circle', { cx: 0, cy: -5, r: 5 }),
        svgEl('circle', { cx: -5.5, cy: 2, r: 5 }),
        svgEl('circle', { cx: 5.5, cy: 2, r: 5 }),
        svgEl('path', { d: 'M-1.5 1 L1.5 1 L3 10 L-3 10 Z' }),
      );
    case 1:
      return svgEl('path', { d: 'M0 -10 L7.5 0 L0 10 L-7.5 0 Z', fill });
    case 2:
      return svgEl('path', {
        d: 'M0 9 C-12 0 -10 -10 -5 -10 C-2 -10 0 -7 0 -5 C0 -7 2 -10 5 -10 C10 -10 12 0 0 9 Z',
        fill,
      });
    default:
      return svgEl(
        'g',
        { fill },
        svgEl('path', {
          d: 'M0 -10 C12 -1 10 6 5 6 C2 6 0 4 0 2 C0 4 -2 6 -5 6 C-10 6 -12 -1 0 -10 Z',
        }),
        svgEl('path', { d: 'M-1.5 3 L1.5 3 L3 10 L-3 10 Z' }),
      );
  }
}

/** A face-up card, 44 × 62, its top-left corner at (x, y). */
export function cardArt(rank: number, suit: number, x: number, y: number): SVGGElement {
  const ink = SUIT_RED[suit] ? '#c62828' : '#1b1b1b';
  const corner = (flip: boolean) =>
    svgEl(
      'g',
      { transform: flip ? 'translate(44 62) rotate(180)' : '' },
      svgEl(
        'text',
        {
          x: 5,
          y: 13,
          'font-size': 11,
          'font-weight': 800,
          'font-family': 'Inter, "Segoe UI", "DejaVu Sans", Arial, sans-serif',
          fill: ink,
        },
        RANKS[rank] ?? '?',
      ),
      svgEl('g', { transform: 'translate(9 21) scale(0.45)' }, suitShape(suit, ink)),
    );
  return svgEl(
    'g',
    { transform: `translate(${x} ${y})`, class: 'card' },
    svgEl('rect', { width: 44, height: 62, rx: 5, fill: '#fffdf7', stroke: '#c9c2a8', 'stroke-width': 1 }),
    corner(false),
    corner(true),
    svgEl('g', { transform: 'translate(22 31) scale(1.1)' }, suitShape(suit, ink)),
  );
}

/** A card's back, as the shoe and the empty places show it. */
export function cardBack(x: number, y: number): SVGGElement {
  return svgEl(
    'g',
    { transform: `translate(${x} ${y})` },
    svgEl('rect', { width: 44, height: 62, rx: 5, fill: '#7f1d1d', stroke: '#fde68a', 'stroke-width': 1.5 }),
    svgEl('rect', {
      x: 5,
      y: 5,
      width: 34,
      height: 52,
      rx: 3,
      fill: 'none',
      stroke: '#fca5a5',
      'stroke-width': 1,
      'stroke-dasharray': '3 2',
    }),
    svgEl('path', { d: 'M22 18 L32 31 L22 44 L12 31 Z', fill: '#fde68a', opacity: 0.8 }),
  );
}

// ------------------------------------------------------------------------------------------------------ dealer

/** The dealer behind the table, centred on x, the shoulders at y; the scene's `dealing` class moves the arm. */
export function dealerArt(x: number, y: number): SVGGElement {
  return svgEl(
    'g',
    { transform: `translate(${x} ${y})`, class: 'dealer' },
    // Body: white shirt, dark vest, bow tie.
    svgEl('path', { d: 'M-34 40 C-32 8 -20 0 0 0 C20 0 32 8 34 40 Z', fill: '#f8fafc' }),
    svgEl('path', { d: 'M-34 40 C-32 10 -22 2 -10 0 L0 30 L10 0 C22 2 32 10 34 40 Z', fill: '#1f2937' }),
    svgEl('path', { d: 'M-8 4 L0 8 L8 4 L8 12 L0 8 L-8 12 Z', fill: '#b91c1c' }),
    // Neck and head.
    svgEl('rect', { x: -6, y: -10, width: 12, height: 12, rx: 3, fill: '#e0ac85' }),
    svgEl('ellipse', { cx: 0, cy: -24, rx: 15, ry: 17, fill: '#f1c29b' }),
    svgEl('path', { d: 'M-16 -26 C-16 -46 16 -46 16 -26 C12 -34 -4 -38 -16 -26 Z', fill: '#2b1a12' }),
    svgEl('path', { d: 'M-16 -26 C-18 -14 -14 -6 -12 -4 C-13 -14 -12 -22 -16 -26 Z', fill: '#2b1a12' }),
    svgEl('path', { d: 'M16 -26 C18 -14 14 -6 12 -4 C13 -14 12 -22 16 -26 Z', fill: '#2b1a12' }),
    svgEl('circle', { cx: -5.5, cy: -24, r: 1.8, fill: '#2b1a12' }),
    svgEl('circle', { cx: 5.5, cy: -24, r: 1.8, fill: '#2b1a12' }),
    svgEl('path', { d: 'M-5 -15 Q0 -11 5 -15', stroke: '#9a3412', 'stroke-width': 1.6, fill: 'none' }),
    // The dealing arm.
    svgEl(
      'g',
      { class: 'dealer-arm' },
      svgEl('path', { d: 'M22 12 C34 18 40 26 44 34', stroke: '#f8fafc', 'stroke-width': 10, fill: 'none' }),
      svgEl('circle', { cx: 45, cy: 36, r: 5.5, fill: '#f1c29b' }),
    ),
    svgEl('path', {
      d: 'M-22 12 C-34 18 -40 26 -44 34',
      stroke: '#f8fafc',
      'stroke-width': 10,
      fill: 'none',
    }),
    svgEl('circle', { cx: -45, cy: 36, r: 5.5, fill: '#f1c29b' }),
  );
}

// ------------------------------------------------------------------------------------------------------- chips

const CHIP_COLOURS = ['#2563eb', '#16a34a', '#dc2626', '#7c3aed', '#0f172a', '#d97706'];

/** A casino chip with its value, for the chip rack. */
export function chipArt(label: string, index: number): SVGSVGElement {
  const colour = CHIP_COLOURS[index % CHIP_COLOURS.length] as string;
  const notches = Array.from({ length: 8 }, (_, i) =>
    svgEl('rect', {
      x: -3,
      y: -22,
      width: 6,
      height: 7,
      fill: '#ffffff',
      transform: `rotate(${i * 45})`,
    }),
  );
  return svgRoot(
    '-24 -24 48 48',
    null,
    svgEl('circle', { r: 22, fill: colour }),
    ...notches,
    svgEl('circle', {
      r: 15,
      fill: colour,
      stroke: '#ffffff',
      'stroke-width': 1.5,
      'stroke-dasharray': '3 2',
    }),
    svgEl(
      'text',
      {
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        'font-size': label.length > 4 ? 8 : 10,
        'font-weight': 800,
        'font-family': 'Inter, "Segoe UI", "DejaVu Sans", Arial, sans-serif',
        fill: '#ffffff',
      },
      label,
    ),
  );
}

// ------------------------------------------------------------------------------------------------------- wheel

/** The pockets of the single-zero wheel, clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

function pocketColour(pocket: number, red: readonly number[]): string {
  if (pocket === 0) return '#15803d';
  return red.includes(pocket) ? '#b91c1c' : '#111827';
}

/** The wheel (radius 90 around 0, 0), pocket zero at the top; rotate its group to bring a pocket up. */
export function wheelArt(red: readonly number[]): { wheel: SVGGElement; ball: SVGGElement } {
  const step = 360 / WHEEL_ORDER.length;
  const sectors = WHEEL_ORDER.map((pocket, index) => {
    const a0 = ((index - 0.5) * step - 90) * (Math.PI / 180);
    const a1 = ((index + 0.5) * step - 90) * (Math.PI / 180);
    const point = (radius: number, angle: number) =>
      `${(radius * Math.cos(angle)).toFixed(2)} ${(radius * Math.sin(angle)).toFixed(2)}`;
    const path = `M${point(50, a0)} L${point(86, a0)} A86 86 0 0 1 ${point(86, a1)} L${point(50, a1)} A50 50 0 0 0 ${point(50, a0)} Z`;
    return svgEl(
      'g',
      {},
      svgEl('path', { d: path, fill: pocketColour(pocket, red), stroke: '#d4af37', 'stroke-width': 0.6 }),
      svgEl(
        'text',
        {
          x: 0,
          y: -77,
          transform: `rotate(${index * step})`,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'font-size': 7.5,
          'font-weight': 700,
          'font-family': 'Inter, "Segoe UI", "DejaVu Sans", Arial, sans-serif',
          fill: '#ffffff',
        },
        String(pocket),
      ),
    );
  });
  const spokes = Array.from({ length: 4 }, (_, i) =>
    svgEl('rect', {
      x: -2,
      y: -44,
      width: 4,
      height: 88,
      rx: 2,
      fill: '#d4af37',
      transform: `rotate(${i * 45})`,
    }),
  );
  const wheel = svgEl(
    'g',
    { class: 'wheel' },
    svgEl('circle', { r: 90, fill: '#5b3716', stroke: '#d4af37', 'stroke-width': 3 }),
    ...sectors,
    svgEl('circle', { r: 50, fill: '#7c4a1e', stroke: '#d4af37', 'stroke-width': 2 }),
    svgEl('circle', { r: 40, fill: '#8b5a2b' }),
    ...spokes,
    svgEl('circle', { r: 9, fill: '#d4af37' }),
  );
  const ball = svgEl('g', { class: 'ball' }, svgEl('circle', { cx: 0, cy: -64, r: 4.5, fill: '#f8fafc' }));
  return { wheel, ball };
}
