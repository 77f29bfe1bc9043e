import type { SimGame, SimVendor } from './catalogue.ts';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small stable number from a text, so each game gets its own shapes. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

const MOTIFS: Record<SimGame['classify'], (accent: string) => string> = {
  LIVE: (accent) =>
    `<ellipse cx="160" cy="150" rx="110" ry="52" fill="#0b3d2e" stroke="${accent}" stroke-width="6"/>` +
    '<rect x="118" y="120" width="34" height="48" rx="5" fill="#fff" transform="rotate(-12 135 144)"/>' +
    '<rect x="162" y="118" width="34" height="48" rx="5" fill="#fff" transform="rotate(10 179 142)"/>' +
    `<text x="124" y="152" font-size="22" font-weight="800" fill="#c62828" font-family="DejaVu Sans, Arial, sans-serif">A</text>`,
  SPORTS: (accent) =>
    `<circle cx="160" cy="140" r="58" fill="#fff" stroke="${accent}" stroke-width="5"/>` +
    '<polygon points="160,112 186,131 176,162 144,162 134,131" fill="#1f2937"/>' +
    '<path d="M160 82 L160 112 M102 128 L134 131 M186 131 L218 128 M144 162 L128 192 M176 162 L192 192" stroke="#1f2937" stroke-width="5"/>',
  FISH: (accent) =>
    `<path d="M90 140 Q150 80 215 140 Q150 200 90 140 Z" fill="${accent}"/>` +
    '<path d="M215 140 L250 112 L250 168 Z" fill="#ffffff" opacity="0.85"/>' +
    '<circle cx="120" cy="132" r="8" fill="#fff"/><circle cx="120" cy="132" r="4" fill="#111"/>' +
    '<circle cx="70" cy="90" r="7" fill="#fff" opacity="0.6"/><circle cx="56" cy="64" r="5" fill="#fff" opacity="0.5"/>',
  SLOT: (accent) =>
    '<rect x="70" y="88" width="180" height="104" rx="14" fill="#111827" opacity="0.85"/>' +
    [0, 1, 2]
      .map(
        (index) =>
          `<rect x="${82 + index * 58}" y="100" width="50" height="80" rx="8" fill="#fff"/>` +
          `<text x="${107 + index * 58}" y="153" text-anchor="middle" font-size="36" font-weight="800" fill="${accent}" font-family="DejaVu Sans, Arial, sans-serif">7</text>`,
      )
      .join(''),
  TABLE: (accent) => `<circle cx="160" cy="140" r="60" fill="${accent}"/>`,
  ARCADE: (accent) => `<rect x="110" y="90" width="100" height="100" rx="20" fill="${accent}"/>`,
  CARD: (accent) => `<rect x="130" y="90" width="60" height="90" rx="8" fill="${accent}"/>`,
};

/** The game's tile (320 × 240): the vendor's gradient, scattered shapes, a motif of its class and its name. */
export function tileSvg(game: SimGame, vendor: SimVendor): string {
  const seed = seedOf(game.code);
  const [from, to] = vendor.colors;
  const bubbles = Array.from({ length: 6 }, (_, index) => {
    const x = (seed >> (index * 3)) % 320;
    const y = (seed >> (index * 2 + 1)) % 240;
    const r = 12 + ((seed >> index) % 40);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.05 + index * 0.02).toFixed(2)}"/>`;
  }).join('');
  const name = escapeXml(game.names.EN);
  const size = name.length > 18 ? 20 : 26;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="320" height="240" fill="url(#g)"/>
${bubbles}
${MOTIFS[game.classify](to)}
<rect x="0" y="196" width="320" height="44" fill="#000" opacity="0.45"/>
<text x="160" y="226" text-anchor="middle" font-size="${size}" font-weight="700" fill="#fff" font-family="DejaVu Sans, Arial, sans-serif">${name}</text>
<text x="12" y="24" font-size="14" font-weight="700" fill="#fff" opacity="0.85" font-family="DejaVu Sans, Arial, sans-serif">${escapeXml(vendor.name)}</text>
</svg>`;
}
