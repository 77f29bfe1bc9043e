/**
 * The slots' symbol art: small vector drawings (64 × 64), built as SVG elements, so that every symbol looks the same
 * on every device whatever fonts it has (emoji are not everywhere).
 */

const SVG = 'http://www.w3.org/2000/svg';

type Shape = [tag: string, attributes: Record<string, string | number>, text?: string];

function svg(shapes: Shape[]): SVGSVGElement {
  const root = document.createElementNS(SVG, 'svg');
  root.setAttribute('viewBox', '0 0 64 64');
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('focusable', 'false');
  for (const [tag, attributes, text] of shapes) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    if (text) node.textContent = text;
    root.append(node);
  }
  return root;
}

const label = (
  text: string,
  fill: string,
  size: number,
  extra: Record<string, string | number> = {},
): Shape => [
  'text',
  {
    x: 32,
    y: 32,
    'text-anchor': 'middle',
    'dominant-baseline': 'central',
    'font-family': 'Inter, "Segoe UI", "DejaVu Sans", Arial, sans-serif',
    'font-weight': 800,
    'font-size': size,
    fill,
    ...extra,
  },
  text,
];

const star = (points: number, outer: number, inner: number) =>
  Array.from({ length: points * 2 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI * index) / points - Math.PI / 2;
    return `${(32 + radius * Math.cos(angle)).toFixed(1)},${(32 + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');

const leaf: Shape = ['path', { d: 'M34 14c4-7 12-8 16-6-3 6-9 9-16 6z', fill: '#2e9d4b' }];
const gem = (fill: string, shade: string, points: string): Shape[] => [
  ['polygon', { points, fill, stroke: shade, 'stroke-width': 2.5, 'stroke-linejoin': 'round' }],
  ['polygon', { points: '24,22 32,16 40,22 32,30', fill: '#ffffff', opacity: 0.35 }],
];
const medallion = (text: string, from: string, ring: string): Shape[] => [
  ['circle', { cx: 32, cy: 32, r: 27, fill: from, stroke: ring, 'stroke-width': 4 }],
  label(text, '#fffbea', 30, { 'font-family': '"Noto Serif CJK SC", "Songti SC", "SimSun", serif' }),
];
const rank = (text: string, fill: string): Shape[] => [
  label(text, fill, text.length > 1 ? 30 : 38, {
    stroke: '#ffffff',
    'stroke-width': 1.5,
    'paint-order': 'stroke',
  }),
];

const ART: Record<string, Shape[]> = {
  SEVEN: [label('7', '#d7263d', 50, { stroke: '#5a0a14', 'stroke-width': 2.5, 'paint-order': 'stroke' })],
  BAR: [
    ['rect', { x: 6, y: 20, width: 52, height: 24, rx: 5, fill: '#1f1b3a' }],
    label('BAR', '#ffd24a', 17),
  ],
  BELL: [
    [
      'path',
      {
        d: 'M32 10c-10 0-15 8-15 18v9l-5 7h40l-5-7v-9c0-10-5-18-15-18z',
        fill: '#f5b700',
        stroke: '#a06b00',
        'stroke-width': 2,
      },
    ],
    ['circle', { cx: 32, cy: 49, r: 5, fill: '#a06b00' }],
  ],
  PLUM: [
    ['circle', { cx: 30, cy: 36, r: 19, fill: '#7b2d8e' }],
    ['circle', { cx: 23, cy: 29, r: 5, fill: '#ffffff', opacity: 0.25 }],
    leaf,
  ],
  ORANGE: [
    ['circle', { cx: 32, cy: 36, r: 20, fill: '#ff8c1a' }],
    ['circle', { cx: 25, cy: 29, r: 5, fill: '#ffffff', opacity: 0.3 }],
    leaf,
  ],
  LEMON: [
    [
      'path',
      {
        d: 'M8 34c6-14 20-18 32-14 6 2 12 6 16 12-6 12-20 16-32 12-6-2-12-5-16-10z',
        fill: '#ffe14d',
        stroke: '#c9a800',
        'stroke-width': 2,
      },
    ],
  ],
  CHERRY: [
    [
      'path',
      {
        d: 'M22 40c4-14 10-22 22-28M42 42c0-12 0-20 2-30',
        fill: 'none',
        stroke: '#2e7d32',
        'stroke-width': 3,
      },
    ],
    ['circle', { cx: 20, cy: 44, r: 11, fill: '#d7263d' }],
    ['circle', { cx: 42, cy: 46, r: 11, fill: '#b5172e' }],
    ['circle', { cx: 16, cy: 40, r: 3, fill: '#ffffff', opacity: 0.4 }],
  ],
  DRAGON: medallion('龍', '#0b7a5c', '#e3c15b'),
  TIGER: medallion('虎', '#c0561b', '#f2d27a'),
  PHOENIX: medallion('鳳', '#b3202f', '#f2d27a'),
  TURTLE: medallion('龜', '#1b6f8a', '#bde3c8'),
  A: rank('A', '#0b7a5c'),
  K: rank('K', '#b3202f'),
  Q: rank('Q', '#6a3fb5'),
  J: rank('J', '#1b6f8a'),
  TEN: rank('10', '#c0561b'),
  RUBY: gem('#e0115f', '#8a0a39', '32,8 52,24 44,54 20,54 12,24'),
  SAPPHIRE: gem('#1f5fd1', '#0f2f70', '32,8 54,32 32,56 10,32'),
  EMERALD: gem('#0c9a5c', '#05583a', '22,10 42,10 54,22 54,42 42,54 22,54 10,42 10,22'),
  AMETHYST: gem('#8e44c8', '#4d1f73', '32,8 56,50 8,50'),
  TOPAZ: gem('#f29e0c', '#8a5600', '20,12 44,12 56,32 44,52 20,52 8,32'),
  PEARL: [
    ['circle', { cx: 32, cy: 32, r: 21, fill: '#ece6f6', stroke: '#a79cbc', 'stroke-width': 2 }],
    ['circle', { cx: 25, cy: 25, r: 6, fill: '#ffffff' }],
  ],
};

const WILD: Shape[] = [
  ['rect', { x: 4, y: 16, width: 56, height: 32, rx: 8, fill: '#7c5cff' }],
  ['rect', { x: 4, y: 16, width: 56, height: 32, rx: 8, fill: '#ff4fa3', opacity: 0.45 }],
  label('WILD', '#ffffff', 17),
];
const SCATTERS: Record<string, Shape[]> = {
  'lucky-sevens': [
    [
      'polygon',
      {
        points: star(5, 27, 11),
        fill: '#ffc400',
        stroke: '#b37700',
        'stroke-width': 2.5,
        'stroke-linejoin': 'round',
      },
    ],
  ],
  'jade-temple': [
    ['polygon', { points: '6,24 32,8 58,24', fill: '#b3202f' }],
    ['rect', { x: 14, y: 24, width: 36, height: 8, fill: '#e3c15b' }],
    ['polygon', { points: '10,40 32,30 54,40', fill: '#b3202f' }],
    ['rect', { x: 18, y: 40, width: 28, height: 16, fill: '#0b7a5c' }],
    ['rect', { x: 28, y: 44, width: 8, height: 12, fill: '#e3c15b' }],
  ],
  'nova-gems': [
    [
      'path',
      { d: 'M8 56L34 30', stroke: '#9fd8ff', 'stroke-width': 8, 'stroke-linecap': 'round', opacity: 0.6 },
    ],
    ['circle', { cx: 40, cy: 24, r: 14, fill: '#ffd86b', stroke: '#ff8c1a', 'stroke-width': 3 }],
  ],
};
const WILDS: Record<string, Shape[]> = {
  'nova-gems': [
    [
      'polygon',
      {
        points: star(4, 28, 8),
        fill: '#ffffff',
        stroke: '#7c5cff',
        'stroke-width': 3,
        'stroke-linejoin': 'round',
      },
    ],
    ['circle', { cx: 32, cy: 32, r: 6, fill: '#7c5cff' }],
  ],
};

/** The drawing of a game's symbol (a scatter and a wild look different in each game). */
export function symbolArt(game: string, symbol: string): SVGSVGElement {
  if (symbol === 'S') return svg(SCATTERS[game] ?? SCATTERS['lucky-sevens'] ?? []);
  if (symbol === 'W') return svg(WILDS[game] ?? WILD);
  return svg(ART[symbol] ?? [label(symbol.slice(0, 3), '#27214f', 22)]);
}
