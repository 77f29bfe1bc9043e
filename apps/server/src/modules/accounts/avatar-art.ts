/** The static avatars' images: a gradient disc with a symbol, drawn as SVG from the avatar's id and name. */

const PALETTES: [string, string, string][] = [
  ['#4b1d8f', '#1b1140', '#f5c542'],
  ['#0f5e6e', '#06202b', '#3ef0c8'],
  ['#8f1d3a', '#2b0a12', '#ffb347'],
  ['#1d4f8f', '#0a1633', '#6fd3ff'],
  ['#16704a', '#07251a', '#b8ff5c'],
  ['#8f5a1d', '#2b1a07', '#ffe08a'],
];

/** Simple shapes on a 100x100 canvas, one per avatar. */
const SYMBOLS: string[] = [
  'M50 18 L58 40 L82 40 L62 54 L70 78 L50 63 L30 78 L38 54 L18 40 L42 40 Z',
  'M30 30 H70 V70 H30 Z',
  'M50 20 L80 50 L50 80 L20 50 Z',
  'M50 22 A28 28 0 1 0 50.1 22 Z',
  'M25 70 L50 25 L75 70 Z',
  'M30 35 Q50 15 70 35 Q85 55 50 80 Q15 55 30 35 Z',
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function avatarSvg(id: string, name: string): string {
  const index = Number.parseInt(id.replace(/\D/g, ''), 10) || 0;
  const [from, to, accent] = PALETTES[index % PALETTES.length] as [string, string, string];
  const symbol = SYMBOLS[Math.floor(index / 2) % SYMBOLS.length] as string;
  const initial = escapeXml(name.slice(0, 1).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<circle cx="50" cy="50" r="50" fill="url(#g)"/>
<path d="${symbol}" fill="${accent}" opacity="0.35"/>
<text x="50" y="62" text-anchor="middle" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="${accent}">${initial}</text>
</svg>`;
}
