import type { SimGame, SimVendor } from './catalogue.ts';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small stable number from a text, so each game gets its own shapes. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

const FONT = 'font-family="DejaVu Sans, Arial, sans-serif"';
const GOLD = '#ffd54a';

/** Drawn symbols, centred on (160, 110) within the tile's picture (320 × 196 above the name bar). */
const SYMBOLS = {
  sevens: (accent: string) =>
    '<rect x="70" y="58" width="180" height="104" rx="14" fill="#111827" opacity="0.88"/>' +
    [0, 1, 2]
      .map(
        (index) =>
          `<rect x="${82 + index * 58}" y="70" width="50" height="80" rx="8" fill="#fff"/>` +
          `<text x="${107 + index * 58}" y="124" text-anchor="middle" font-size="38" font-weight="800" fill="${accent}" ${FONT}>7</text>`,
      )
      .join('') +
    `<rect x="250" y="70" width="8" height="60" rx="4" fill="#9ca3af"/><circle cx="254" cy="66" r="9" fill="#ef4444"/>`,
  cherries: () =>
    '<path d="M150 60 C160 40 190 34 210 40 M150 60 C140 90 128 110 122 128 M150 60 C160 92 176 112 188 124" stroke="#2e7d32" stroke-width="6" fill="none" stroke-linecap="round"/>' +
    '<path d="M150 60 C170 46 196 50 206 40 C190 62 168 66 150 60Z" fill="#43a047"/>' +
    '<circle cx="118" cy="140" r="32" fill="#d50032"/><circle cx="190" cy="134" r="32" fill="#e53935"/>' +
    '<circle cx="106" cy="128" r="9" fill="#fff" opacity="0.55"/><circle cx="178" cy="122" r="9" fill="#fff" opacity="0.55"/>',
  fruits: () =>
    '<path d="M70 150 A60 60 0 0 0 190 150 Z" fill="#2e7d32"/><path d="M78 150 A52 52 0 0 0 182 150 Z" fill="#fff"/>' +
    '<path d="M84 150 A46 46 0 0 0 176 150 Z" fill="#ef4444"/>' +
    [100, 120, 140, 160]
      .map((x) => `<ellipse cx="${x}" cy="${x % 40 === 0 ? 166 : 160}" rx="3" ry="5" fill="#111"/>`)
      .join('') +
    '<ellipse cx="218" cy="112" rx="38" ry="30" fill="#fdd835"/><ellipse cx="208" cy="102" rx="10" ry="6" fill="#fff" opacity="0.5"/>' +
    '<circle cx="140" cy="78" r="22" fill="#8e24aa"/><circle cx="122" cy="92" r="18" fill="#7b1fa2"/><circle cx="158" cy="94" r="18" fill="#6a1b9a"/>',
  dragon: () =>
    `<path d="M60 160 C90 60 150 170 180 90 C196 50 240 52 258 80" stroke="${GOLD}" stroke-width="22" fill="none" stroke-linecap="round"/>` +
    '<path d="M60 160 C90 60 150 170 180 90 C196 50 240 52 258 80" stroke="#b45309" stroke-width="4" stroke-dasharray="6 10" fill="none"/>' +
    `<path d="M248 70 l22 -18 l-4 22 l18 4 l-24 12 Z" fill="${GOLD}"/><circle cx="256" cy="78" r="4" fill="#111"/>` +
    '<circle cx="120" cy="70" r="24" fill="#fff" opacity="0.9"/><circle cx="120" cy="70" r="24" fill="url(#pearl)"/>',
  gem: () =>
    '<path d="M110 60 H210 L240 96 L160 170 L80 96 Z" fill="#10b981"/>' +
    '<path d="M110 60 L135 96 H185 L210 60 M80 96 H240 M135 96 L160 170 L185 96" stroke="#ecfdf5" stroke-width="3" fill="none" opacity="0.8"/>' +
    '<path d="M110 60 L135 96 H80 Z" fill="#6ee7b7" opacity="0.8"/>' +
    '<path d="M52 150 C60 120 80 112 96 118 C82 126 70 140 52 150Z M268 150 C260 120 240 112 224 118 C238 126 250 140 268 150Z" fill="#166534"/>',
  pyramid: () =>
    `<circle cx="228" cy="64" r="24" fill="${GOLD}"/>` +
    '<path d="M60 170 L160 50 L260 170 Z" fill="#f59e0b"/><path d="M160 50 L260 170 H190 Z" fill="#b45309"/>' +
    '<path d="M100 122 H214 M80 146 H236 M122 96 H194" stroke="#78350f" stroke-width="3" opacity="0.5"/>' +
    '<path d="M140 118 Q160 100 180 118 Q160 134 140 118Z" fill="#fff"/><circle cx="160" cy="118" r="6" fill="#1e3a8a"/>',
  neon: () =>
    '<path d="M160 44 L178 92 L228 94 L188 124 L202 172 L160 144 L118 172 L132 124 L92 94 L142 92 Z" fill="none" stroke="#f0abfc" stroke-width="7" stroke-linejoin="round"/>' +
    '<path d="M160 44 L178 92 L228 94 L188 124 L202 172 L160 144 L118 172 L132 124 L92 94 L142 92 Z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>' +
    '<path d="M250 60 A26 26 0 1 0 270 100 A20 20 0 1 1 250 60Z" fill="none" stroke="#67e8f9" stroke-width="5"/>',
  bowl: () =>
    `<ellipse cx="160" cy="84" rx="58" ry="20" fill="${GOLD}"/>` +
    [120, 145, 170, 195]
      .map(
        (x, index) =>
          `<circle cx="${x}" cy="${70 - (index % 2) * 10}" r="14" fill="#fbbf24" stroke="#b45309" stroke-width="3"/>`,
      )
      .join('') +
    '<path d="M80 100 H240 C236 150 200 172 160 172 C120 172 84 150 80 100Z" fill="#dc2626"/>' +
    `<path d="M80 100 H240" stroke="${GOLD}" stroke-width="8"/><path d="M120 172 H200 L190 184 H130Z" fill="#b91c1c"/>` +
    `<text x="160" y="148" text-anchor="middle" font-size="34" font-weight="800" fill="${GOLD}" ${FONT}>福</text>`,
  wheel: (accent: string) =>
    '<circle cx="160" cy="110" r="68" fill="#1f2937"/>' +
    Array.from({ length: 12 }, (_, index) => {
      const a = (index * Math.PI) / 6;
      const b = ((index + 1) * Math.PI) / 6;
      const point = (angle: number) =>
        `${(160 + 60 * Math.cos(angle)).toFixed(1)} ${(110 + 60 * Math.sin(angle)).toFixed(1)}`;
      return `<path d="M160 110 L${point(a)} A60 60 0 0 1 ${point(b)} Z" fill="${index % 2 ? '#dc2626' : '#111827'}"/>`;
    }).join('') +
    `<circle cx="160" cy="110" r="60" fill="none" stroke="${GOLD}" stroke-width="5"/><circle cx="160" cy="110" r="20" fill="${accent}" stroke="${GOLD}" stroke-width="4"/>` +
    '<circle cx="196" cy="70" r="7" fill="#fff"/>',
  moon: () =>
    '<path d="M180 40 A72 72 0 1 0 230 150 A56 56 0 1 1 180 40Z" fill="#fef3c7"/>' +
    [
      [92, 60, 6],
      [250, 70, 4],
      [236, 40, 3],
      [76, 150, 4],
      [260, 130, 5],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff"/>`)
      .join('') +
    '<path d="M120 160 l10 -14 l10 14 l10 -14 l10 14 v10 h-40z" fill="#fbbf24"/>',
  blast: () =>
    '<path d="M160 30 L176 80 L226 56 L200 100 L256 116 L200 130 L224 180 L172 150 L160 196 L148 150 L96 180 L120 130 L64 116 L120 100 L94 56 L144 80Z" fill="#fde047"/>' +
    '<circle cx="140" cy="124" r="28" fill="#be123c"/><circle cx="184" cy="118" r="28" fill="#e11d48"/>' +
    '<path d="M140 96 C146 70 166 64 184 90" stroke="#166534" stroke-width="5" fill="none"/>' +
    '<circle cx="130" cy="114" r="7" fill="#fff" opacity="0.6"/><circle cx="174" cy="108" r="7" fill="#fff" opacity="0.6"/>',
  forge: () =>
    '<path d="M90 120 H230 C230 140 206 146 190 146 V170 H130 V146 C114 146 90 140 90 120Z" fill="#374151"/>' +
    '<path d="M76 112 H244 V124 H76Z" fill="#4b5563"/>' +
    `<path d="M160 36 L170 64 L200 64 L176 82 L186 110 L160 92 L134 110 L144 82 L120 64 L150 64 Z" fill="${GOLD}"/>` +
    '<path d="M100 70 l-14 -12 M220 70 l14 -12 M112 46 l-6 -16 M208 46 l6 -16" stroke="#fb923c" stroke-width="5" stroke-linecap="round"/>',
  cards: (accent: string) =>
    '<rect x="104" y="52" width="64" height="92" rx="8" fill="#fff" transform="rotate(-12 136 98)"/>' +
    '<rect x="152" y="50" width="64" height="92" rx="8" fill="#fff" transform="rotate(10 184 96)"/>' +
    `<text x="126" y="98" font-size="30" font-weight="800" fill="#c62828" ${FONT} transform="rotate(-12 136 98)">A</text>` +
    `<text x="170" y="100" font-size="30" font-weight="800" fill="#111" ${FONT} transform="rotate(10 184 96)">K</text>` +
    `<ellipse cx="160" cy="166" rx="112" ry="18" fill="${accent}" opacity="0.55"/>`,
  dragonTiger: () =>
    '<path d="M40 40 H160 V180 H40Z" fill="#b91c1c" opacity="0.9"/><path d="M160 40 H280 V180 H160Z" fill="#1d4ed8" opacity="0.9"/>' +
    `<text x="100" y="134" text-anchor="middle" font-size="64" font-weight="800" fill="${GOLD}" ${FONT}>龙</text>` +
    `<text x="220" y="134" text-anchor="middle" font-size="64" font-weight="800" fill="#fff" ${FONT}>虎</text>` +
    `<circle cx="160" cy="110" r="22" fill="#111827" stroke="${GOLD}" stroke-width="4"/><text x="160" y="118" text-anchor="middle" font-size="20" font-weight="800" fill="#fff" ${FONT}>VS</text>`,
  dice: () =>
    [
      [70, 80, -10],
      [136, 60, 6],
      [200, 86, 14],
    ]
      .map(
        ([x, y, angle]) =>
          `<g transform="rotate(${angle} ${(x as number) + 28} ${(y as number) + 28})"><rect x="${x}" y="${y}" width="56" height="56" rx="10" fill="#fff"/>` +
          `<circle cx="${(x as number) + 16}" cy="${(y as number) + 16}" r="5" fill="#dc2626"/><circle cx="${(x as number) + 28}" cy="${(y as number) + 28}" r="5" fill="#111"/><circle cx="${(x as number) + 40}" cy="${(y as number) + 40}" r="5" fill="#111"/></g>`,
      )
      .join(''),
  beans: () =>
    '<ellipse cx="160" cy="150" rx="100" ry="26" fill="#78350f"/><ellipse cx="160" cy="144" rx="90" ry="20" fill="#a16207"/>' +
    Array.from(
      { length: 9 },
      (_, index) =>
        `<ellipse cx="${104 + index * 14}" cy="${140 + (index % 3) * 3}" rx="6" ry="4" fill="#fef3c7"/>`,
    ).join('') +
    '<path d="M110 70 H210 L196 120 H124Z" fill="#fbbf24"/><rect x="150" y="54" width="20" height="18" rx="6" fill="#b45309"/>',
  chips: () =>
    [0, 1, 2, 3]
      .map(
        (index) =>
          `<ellipse cx="${120 + (index % 2) * 8}" cy="${160 - index * 16}" rx="40" ry="12" fill="${['#dc2626', '#2563eb', '#16a34a', '#111827'][index]}" stroke="#fff" stroke-width="3" stroke-dasharray="8 8"/>`,
      )
      .join('') +
    '<rect x="180" y="56" width="58" height="82" rx="8" fill="#fff" transform="rotate(12 209 97)"/>' +
    `<text x="196" y="108" font-size="30" font-weight="800" fill="#111" ${FONT} transform="rotate(12 209 97)">♠</text>`,
  twoStacks: () =>
    '<rect x="62" y="56" width="70" height="100" rx="8" fill="#fff" stroke="#0f766e" stroke-width="4"/>' +
    '<rect x="188" y="56" width="70" height="100" rx="8" fill="#fff" stroke="#b45309" stroke-width="4"/>' +
    `<rect x="130" y="70" width="60" height="84" rx="8" fill="${GOLD}" transform="rotate(-6 160 112)"/>` +
    `<text x="97" y="118" text-anchor="middle" font-size="34" font-weight="800" fill="#0f766e" ${FONT}>A</text>` +
    `<text x="223" y="118" text-anchor="middle" font-size="34" font-weight="800" fill="#b45309" ${FONT}>B</text>`,
  football: () =>
    '<circle cx="160" cy="108" r="58" fill="#fff"/><polygon points="160,80 186,99 176,130 144,130 134,99" fill="#111827"/>' +
    '<path d="M160 50 L160 80 M102 96 L134 99 M186 99 L218 96 M144 130 L128 160 M176 130 L192 160" stroke="#111827" stroke-width="5"/>',
  horse: () =>
    '<path d="M100 170 V120 C100 82 130 58 168 58 L188 40 L192 62 C214 70 226 88 226 104 L210 112 L190 100 C176 110 168 126 168 170 Z" fill="#451a03"/>' +
    '<path d="M168 58 C150 72 140 90 136 110" stroke="#fbbf24" stroke-width="8" fill="none" stroke-linecap="round"/>' +
    '<circle cx="198" cy="80" r="4" fill="#fff"/><path d="M60 176 H260" stroke="#fff" stroke-width="4" stroke-dasharray="14 10"/>',
  basketball: () =>
    '<circle cx="160" cy="108" r="58" fill="#f97316"/>' +
    '<path d="M102 108 H218 M160 50 V166 M118 66 C140 92 140 124 118 150 M202 66 C180 92 180 124 202 150" stroke="#431407" stroke-width="4" fill="none"/>',
  gamepad: (accent: string) =>
    '<path d="M96 76 H224 C248 76 260 100 264 130 C268 160 240 170 226 150 L210 132 H110 L94 150 C80 170 52 160 56 130 C60 100 72 76 96 76Z" fill="#fff"/>' +
    `<path d="M104 102 V126 M92 114 H116" stroke="${accent}" stroke-width="7" stroke-linecap="round"/>` +
    '<circle cx="206" cy="104" r="7" fill="#ef4444"/><circle cx="222" cy="120" r="7" fill="#3b82f6"/>',
  crosshair: () =>
    '<circle cx="160" cy="108" r="56" fill="none" stroke="#fff" stroke-width="6"/><circle cx="160" cy="108" r="28" fill="none" stroke="#f87171" stroke-width="5"/>' +
    '<path d="M160 36 V80 M160 136 V180 M88 108 H132 M188 108 H232" stroke="#fff" stroke-width="6" stroke-linecap="round"/><circle cx="160" cy="108" r="6" fill="#f87171"/>',
  shield: () =>
    '<path d="M160 40 L226 64 C226 120 200 156 160 176 C120 156 94 120 94 64Z" fill="#7f1d1d" stroke="#fca5a5" stroke-width="5"/>' +
    '<path d="M120 150 L200 70 M200 150 L120 70" stroke="#e5e7eb" stroke-width="9" stroke-linecap="round"/>',
  sword: () =>
    `<path d="M100 160 L200 60 L220 56 L216 76 L116 176Z" fill="#e5e7eb"/><path d="M92 142 L134 184" stroke="${GOLD}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M220 160 L120 60 L100 56 L104 76 L204 176Z" fill="#cbd5e1"/><path d="M228 142 L186 184" stroke="${GOLD}" stroke-width="10" stroke-linecap="round"/>`,
  ticket: (accent: string) =>
    `<path d="M70 70 H250 V96 A14 14 0 0 0 250 124 V150 H70 V124 A14 14 0 0 0 70 96Z" fill="#fff"/>` +
    `<path d="M190 72 V148" stroke="${accent}" stroke-width="3" stroke-dasharray="6 6"/>` +
    `<text x="130" y="122" text-anchor="middle" font-size="34" font-weight="800" fill="${accent}" ${FONT}>1X2</text>`,
  maracas: () =>
    '<ellipse cx="120" cy="80" rx="34" ry="42" fill="#f43f5e" transform="rotate(-24 120 80)"/><path d="M134 112 L170 176" stroke="#92400e" stroke-width="12" stroke-linecap="round"/>' +
    '<ellipse cx="204" cy="80" rx="34" ry="42" fill="#22c55e" transform="rotate(24 204 80)"/><path d="M190 112 L154 176" stroke="#92400e" stroke-width="12" stroke-linecap="round"/>' +
    '<path d="M100 64 l20 -8 M110 88 l22 -6 M196 62 l20 8 M190 86 l22 6" stroke="#fde047" stroke-width="6" stroke-linecap="round"/>' +
    [
      [60, 40, '#fde047'],
      [264, 50, '#38bdf8'],
      [70, 150, '#a855f7'],
      [254, 150, '#f97316'],
    ]
      .map(
        ([x, y, color]) =>
          `<rect x="${x}" y="${y}" width="12" height="12" fill="${color}" transform="rotate(30 ${x} ${y})"/>`,
      )
      .join(''),
  parlay: (accent: string) =>
    [-14, 0, 14]
      .map(
        (angle, index) =>
          `<g transform="rotate(${angle} 160 180)"><rect x="118" y="${44 + index * 6}" width="84" height="112" rx="8" fill="#fff" stroke="${accent}" stroke-width="3"/>` +
          `<path d="M132 ${70 + index * 6} H188 M132 ${90 + index * 6} H176 M132 ${110 + index * 6} H184" stroke="#cbd5e1" stroke-width="6" stroke-linecap="round"/></g>`,
      )
      .join('') +
    `<circle cx="214" cy="66" r="22" fill="${GOLD}"/><text x="214" y="74" text-anchor="middle" font-size="20" font-weight="800" fill="#111" ${FONT}>×3</text>`,
  bolt: () =>
    '<path d="M176 36 L116 122 H156 L140 184 L206 92 H166Z" fill="#fde047" stroke="#fff" stroke-width="3"/>',
  stopwatch: () =>
    '<circle cx="160" cy="116" r="56" fill="#fff"/><rect x="150" y="44" width="20" height="16" rx="4" fill="#fff"/>' +
    '<path d="M160 116 V78 M160 116 L188 132" stroke="#111827" stroke-width="6" stroke-linecap="round"/><circle cx="160" cy="116" r="48" fill="none" stroke="#ef4444" stroke-width="4" stroke-dasharray="4 8"/>',
  fish: (accent: string) =>
    `<path d="M90 110 Q150 50 215 110 Q150 170 90 110 Z" fill="${accent}"/>` +
    '<path d="M215 110 L250 82 L250 138 Z" fill="#ffffff" opacity="0.85"/>' +
    '<circle cx="120" cy="102" r="8" fill="#fff"/><circle cx="120" cy="102" r="4" fill="#111"/>',
  discoFish: () =>
    '<circle cx="118" cy="84" r="40" fill="#cbd5e1"/>' +
    Array.from(
      { length: 5 },
      (_, row) => `<path d="M80 ${64 + row * 10} H156" stroke="#64748b" stroke-width="1.5"/>`,
    ).join('') +
    '<path d="M118 44 V124 M98 48 V120 M138 48 V120" stroke="#64748b" stroke-width="1.5"/>' +
    '<path d="M150 140 Q200 100 250 140 Q200 180 150 140Z" fill="#ec4899"/><path d="M250 140 L276 120 L276 160Z" fill="#f9a8d4"/><circle cx="176" cy="134" r="5" fill="#fff"/>',
  serpent: () =>
    '<path d="M50 150 C90 90 130 170 170 110 C200 66 240 80 262 104" stroke="#16a34a" stroke-width="24" fill="none" stroke-linecap="round"/>' +
    '<path d="M50 150 C90 90 130 170 170 110 C200 66 240 80 262 104" stroke="#bbf7d0" stroke-width="4" stroke-dasharray="4 12" fill="none"/>' +
    `<circle cx="262" cy="100" r="14" fill="#15803d"/><circle cx="266" cy="96" r="4" fill="${GOLD}"/>` +
    '<circle cx="110" cy="60" r="8" fill="#fff" opacity="0.6"/><circle cx="130" cy="40" r="5" fill="#fff" opacity="0.5"/>',
  coinFish: () =>
    `<circle cx="124" cy="96" r="44" fill="${GOLD}" stroke="#b45309" stroke-width="6"/>` +
    '<rect x="110" y="82" width="28" height="28" fill="none" stroke="#b45309" stroke-width="6"/>' +
    '<path d="M160 150 Q206 112 250 150 Q206 188 160 150Z" fill="#f97316"/><path d="M250 150 L276 132 L276 168Z" fill="#fdba74"/><circle cx="184" cy="144" r="5" fill="#fff"/>',
  shark: () =>
    '<path d="M40 150 C100 130 220 130 280 150 V196 H40Z" fill="#0c4a6e" opacity="0.7"/>' +
    '<path d="M120 150 C140 100 170 60 212 46 C196 84 194 118 200 150Z" fill="#334155"/><path d="M150 150 C166 110 186 84 212 46" stroke="#94a3b8" stroke-width="3" fill="none"/>' +
    '<path d="M40 158 Q70 146 100 158 T160 158 T220 158 T280 158" stroke="#e0f2fe" stroke-width="4" fill="none"/>',
  koi: () =>
    '<path d="M84 130 C100 70 190 60 220 100 C200 140 120 160 84 130Z" fill="#fff"/>' +
    '<path d="M130 84 C150 96 150 120 124 134 C112 118 112 98 130 84Z M178 80 C192 92 190 114 170 122 C164 106 166 90 178 80Z" fill="#ef4444"/>' +
    '<path d="M84 130 L52 150 L64 118Z" fill="#fca5a5"/><circle cx="204" cy="96" r="4" fill="#111"/>' +
    '<path d="M236 56 a10 10 0 1 1 0.1 0 M250 70 a10 10 0 1 1 0.1 0 M236 84 a10 10 0 1 1 0.1 0 M222 70 a10 10 0 1 1 0.1 0" fill="#22c55e"/>',
  eightFish: () =>
    `<text x="120" y="142" text-anchor="middle" font-size="110" font-weight="800" fill="${GOLD}" stroke="#b45309" stroke-width="4" ${FONT}>8</text>` +
    '<path d="M170 116 Q214 80 256 116 Q214 152 170 116Z" fill="#0ea5e9"/><path d="M256 116 L282 98 L282 134Z" fill="#7dd3fc"/><circle cx="192" cy="110" r="5" fill="#fff"/>',
  table: (accent: string) =>
    `<ellipse cx="160" cy="112" rx="110" ry="52" fill="#0b3d2e" stroke="${accent}" stroke-width="6"/>` +
    '<rect x="118" y="82" width="34" height="48" rx="5" fill="#fff" transform="rotate(-12 135 106)"/>' +
    '<rect x="162" y="80" width="34" height="48" rx="5" fill="#fff" transform="rotate(10 179 104)"/>' +
    `<text x="124" y="114" font-size="22" font-weight="800" fill="#c62828" ${FONT}>A</text>`,
} satisfies Record<string, (accent: string) => string>;

type Symbol = keyof typeof SYMBOLS;
type Backdrop = 'rays' | 'dots' | 'rings' | 'waves' | 'stripes';

/** Each game's picture: its symbol (a second one laid over it), its backdrop and its colours. */
interface TileArt {
  symbol: Symbol;
  over?: Symbol;
  backdrop: Backdrop;
  colors: [string, string];
}

const ART: Record<string, TileArt> = {
  dg_baccarat_a: { symbol: 'table', backdrop: 'rings', colors: ['#7f1d1d', '#f59e0b'] },
  dg_baccarat_b: { symbol: 'cards', backdrop: 'stripes', colors: ['#4a044e', '#e11d48'] },
  dg_dragon_tiger: { symbol: 'dragonTiger', backdrop: 'rays', colors: ['#111827', '#7c2d12'] },
  dg_roulette: { symbol: 'wheel', backdrop: 'rings', colors: ['#064e3b', '#10b981'] },
  dg_sicbo: { symbol: 'dice', backdrop: 'dots', colors: ['#7c2d12', '#facc15'] },
  dg_blackjack: { symbol: 'chips', backdrop: 'stripes', colors: ['#022c22', '#059669'] },
  sl_speed_baccarat: { symbol: 'cards', over: 'bolt', backdrop: 'rays', colors: ['#312e81', '#ec4899'] },
  sl_thunder_roulette: { symbol: 'wheel', over: 'bolt', backdrop: 'waves', colors: ['#1e1b4b', '#8b5cf6'] },
  sl_fan_tan: { symbol: 'beans', backdrop: 'dots', colors: ['#7f1d1d', '#fb923c'] },
  sl_holdem: { symbol: 'chips', backdrop: 'rings', colors: ['#0f172a', '#0ea5e9'] },
  sl_andar_bahar: { symbol: 'twoStacks', backdrop: 'rays', colors: ['#581c87', '#f97316'] },
  ss_sportsbook: { symbol: 'ticket', backdrop: 'stripes', colors: ['#064e3b', '#34d399'] },
  ss_virtual_football: { symbol: 'football', backdrop: 'waves', colors: ['#14532d', '#84cc16'] },
  ss_virtual_horses: { symbol: 'horse', backdrop: 'rays', colors: ['#713f12', '#fbbf24'] },
  ss_virtual_basketball: { symbol: 'basketball', backdrop: 'rings', colors: ['#1e3a8a', '#f97316'] },
  se_arena: { symbol: 'gamepad', backdrop: 'rays', colors: ['#1e1b4b', '#22d3ee'] },
  se_cs_match: { symbol: 'crosshair', backdrop: 'stripes', colors: ['#111827', '#f59e0b'] },
  se_dota_battle: { symbol: 'shield', backdrop: 'waves', colors: ['#450a0a', '#ef4444'] },
  se_lol_clash: { symbol: 'sword', backdrop: 'rings', colors: ['#172554', '#60a5fa'] },
  jdb_fishing_disco: { symbol: 'discoFish', backdrop: 'dots', colors: ['#4c1d95', '#38bdf8'] },
  jdb_dragon_fishing: { symbol: 'serpent', backdrop: 'waves', colors: ['#064e3b', '#0ea5e9'] },
  jdb_caishen_fishing: { symbol: 'coinFish', backdrop: 'rays', colors: ['#7f1d1d', '#f59e0b'] },
  jdb_mega_fishing: { symbol: 'shark', backdrop: 'rings', colors: ['#0c4a6e', '#38bdf8'] },
  jdb_lucky_fishing: { symbol: 'koi', backdrop: 'dots', colors: ['#0f766e', '#5eead4'] },
  jdb_fishing_yilufa: { symbol: 'eightFish', backdrop: 'waves', colors: ['#1e3a8a', '#22d3ee'] },
  jdb_lucky_seven: { symbol: 'sevens', backdrop: 'rays', colors: ['#7f1d1d', '#f97316'] },
  jdb_fruity_bonanza: { symbol: 'fruits', backdrop: 'dots', colors: ['#be185d', '#fde047'] },
  jdb_golden_dragon: { symbol: 'dragon', backdrop: 'rays', colors: ['#450a0a', '#dc2626'] },
  jdb_jungle_jewels: { symbol: 'gem', backdrop: 'waves', colors: ['#052e16', '#16a34a'] },
  jdb_pharaoh_riches: { symbol: 'pyramid', backdrop: 'stripes', colors: ['#1e3a8a', '#0ea5e9'] },
  jdb_neon_nights: { symbol: 'neon', backdrop: 'rings', colors: ['#1e1b4b', '#7e22ce'] },
  jdb_treasure_bowl: { symbol: 'bowl', backdrop: 'rays', colors: ['#7f1d1d', '#fbbf24'] },
  jdb_samba_spins: { symbol: 'maracas', backdrop: 'dots', colors: ['#15803d', '#facc15'] },
  jdb_lunar_princess: { symbol: 'moon', backdrop: 'dots', colors: ['#1e1b4b', '#db2777'] },
  jdb_cherry_blast: { symbol: 'blast', backdrop: 'rays', colors: ['#831843', '#fb7185'] },
  jdb_star_forge: { symbol: 'forge', backdrop: 'stripes', colors: ['#0f172a', '#ea580c'] },
  fb_sportsbook: { symbol: 'ticket', backdrop: 'rays', colors: ['#0d47a1', '#42a5f5'] },
  fb_live_betting: { symbol: 'stopwatch', backdrop: 'rings', colors: ['#0c4a6e', '#ef4444'] },
  fb_virtual: { symbol: 'football', over: 'bolt', backdrop: 'stripes', colors: ['#1e3a8a', '#22c55e'] },
  fb_parlay: { symbol: 'parlay', backdrop: 'dots', colors: ['#312e81', '#06b6d4'] },
};

/** What a game the table does not name gets: a symbol of its class in its vendor's colours. */
const CLASS_SYMBOLS: Record<SimGame['classify'], Symbol> = {
  LIVE: 'table',
  SPORTS: 'football',
  FISH: 'fish',
  SLOT: 'sevens',
  TABLE: 'wheel',
  ARCADE: 'gamepad',
  CARD: 'cards',
};

function backdropSvg(backdrop: Backdrop, seed: number): string {
  switch (backdrop) {
    case 'rays':
      return Array.from({ length: 12 }, (_, index) => {
        const a = (index * Math.PI) / 6 + (seed % 10) / 20;
        const b = a + Math.PI / 12;
        const point = (angle: number) =>
          `${(160 + 300 * Math.cos(angle)).toFixed(0)} ${(110 + 300 * Math.sin(angle)).toFixed(0)}`;
        return `<path d="M160 110 L${point(a)} L${point(b)} Z" fill="#fff" opacity="0.08"/>`;
      }).join('');
    case 'dots':
      return Array.from({ length: 14 }, (_, index) => {
        const x = (seed >> (index % 16)) % 320;
        const y = ((seed >> ((index * 3) % 16)) + index * 53) % 200;
        return `<circle cx="${x}" cy="${y}" r="${6 + ((seed >> index) % 22)}" fill="#fff" opacity="${(0.05 + (index % 4) * 0.03).toFixed(2)}"/>`;
      }).join('');
    case 'rings':
      return [150, 115, 80, 45]
        .map(
          (r) =>
            `<circle cx="160" cy="110" r="${r}" fill="none" stroke="#fff" stroke-width="10" opacity="0.07"/>`,
        )
        .join('');
    case 'waves':
      return [40, 80, 120, 160]
        .map(
          (y, index) =>
            `<path d="M0 ${y} Q40 ${y - 18} 80 ${y} T160 ${y} T240 ${y} T320 ${y}" stroke="#fff" stroke-width="6" fill="none" opacity="${(0.06 + index * 0.02).toFixed(2)}"/>`,
        )
        .join('');
    case 'stripes':
      return Array.from(
        { length: 10 },
        (_, index) =>
          `<path d="M${index * 48 - 80} 240 L${index * 48 + 40} 0 H${index * 48 + 64} L${index * 48 - 56} 240Z" fill="#fff" opacity="0.06"/>`,
      ).join('');
  }
}

/**
 * The game's tile (320 × 240): its own symbol, backdrop and colours (each game of the simulator its own picture),
 * a glow behind the symbol, its name on a dark band and its vendor's name.
 */
export function tileSvg(game: SimGame, vendor: SimVendor): string {
  const seed = seedOf(game.code);
  const art: TileArt = ART[game.code] ?? {
    symbol: CLASS_SYMBOLS[game.classify],
    backdrop: (['rays', 'dots', 'rings', 'waves', 'stripes'] as const)[seed % 5] ?? 'rays',
    colors: vendor.colors,
  };
  const [from, to] = art.colors;
  const name = escapeXml(game.names.EN);
  const size = name.length > 18 ? 20 : 26;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.46" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="pearl" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${to}" stop-opacity="0.6"/></radialGradient></defs>
<rect width="320" height="240" fill="url(#g)"/>
${backdropSvg(art.backdrop, seed)}
<ellipse cx="160" cy="110" rx="130" ry="90" fill="url(#glow)"/>
${SYMBOLS[art.symbol](to)}
${art.over ? SYMBOLS[art.over](to) : ''}
<rect x="0" y="196" width="320" height="44" fill="#000" opacity="0.45"/>
<text x="160" y="226" text-anchor="middle" font-size="${size}" font-weight="700" fill="#fff" ${FONT}>${name}</text>
<text x="12" y="24" font-size="14" font-weight="700" fill="#fff" opacity="0.85" ${FONT}>${escapeXml(vendor.name)}</text>
</svg>`;
}
