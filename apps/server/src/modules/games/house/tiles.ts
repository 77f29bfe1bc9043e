/**
 * The lobby tiles of the house's games (320 × 240 SVG, like the providers' tiles): each game gets a drawn scene of
 * its own (sevens and cherries on a reel strip, a jade temple, cut gems, a reef with fish; for the tables a
 * roulette wheel, and each baccarat room's cards on its own felt: jade chips, gold ingots, lanterns and flames), its
 * name on a band, and the vendor's gradient. The lobby shows tiles square (the middle 240 × 240), so what matters stays there.
 * Generated at seed time and stored as the games' icons (images, served by /images/<id>).
 */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
const FONT = `font-family="DejaVu Sans, Inter, 'Segoe UI', Arial, sans-serif"`;

/** Rays from the centre, behind the motif. */
function rays(cx: number, cy: number, count: number, colour: string, opacity: number): string {
  const paths: string[] = [];
  for (let index = 0; index < count; index++) {
    const a = (Math.PI * 2 * index) / count;
    const b = a + Math.PI / count;
    const far = 400;
    paths.push(
      `M${cx} ${cy} L${(cx + far * Math.cos(a)).toFixed(1)} ${(cy + far * Math.sin(a)).toFixed(1)} ` +
        `L${(cx + far * Math.cos(b)).toFixed(1)} ${(cy + far * Math.sin(b)).toFixed(1)}Z`,
    );
  }
  return `<path d="${paths.join(' ')}" fill="${colour}" opacity="${opacity}"/>`;
}

const seven = (x: number, y: number, size: number, fill: string) =>
  `<text x="${x}" y="${y}" text-anchor="middle" font-size="${size}" font-weight="900" fill="${fill}" ` +
  `stroke="#4a0610" stroke-width="${(size / 18).toFixed(1)}" paint-order="stroke" ${FONT}>7</text>`;

const cherry = (x: number, y: number) =>
  `<path d="M${x} ${y - 34} q10 6 8 30 M${x} ${y - 34} q-10 10 -14 28" stroke="#2e7d32" stroke-width="4" fill="none"/>` +
  `<circle cx="${x - 14}" cy="${y}" r="13" fill="#d81b60" stroke="#7a0c33" stroke-width="2"/>` +
  `<circle cx="${x + 9}" cy="${y + 4}" r="13" fill="#e53935" stroke="#7a0c33" stroke-width="2"/>` +
  `<circle cx="${x - 18}" cy="${y - 4}" r="3.5" fill="#fff" opacity="0.7"/><circle cx="${x + 5}" cy="${y}" r="3.5" fill="#fff" opacity="0.7"/>`;

function luckySevens(): string {
  const cells = [0, 1, 2]
    .map(
      (index) =>
        `<rect x="${64 + index * 66}" y="58" width="58" height="92" rx="10" fill="#fffaf0" stroke="#b8860b" stroke-width="3"/>` +
        seven(93 + index * 66, 126, 64, index === 1 ? '#ffb300' : '#e53935'),
    )
    .join('');
  return (
    rays(160, 104, 18, '#fff3c4', 0.16) +
    `<rect x="52" y="46" width="216" height="116" rx="18" fill="#3b0a12" stroke="#ffd54f" stroke-width="5"/>${cells}` +
    `<rect x="52" y="98" width="216" height="4" fill="#ffd54f" opacity="0.8"/>` +
    cherry(74, 186) +
    cherry(258, 180) +
    [30, 90, 230, 292]
      .map((x, index) => `<circle cx="${x}" cy="${24 + (index % 2) * 12}" r="4" fill="#ffe082"/>`)
      .join('')
  );
}

/** A jade disc (bi): a ring with a hole a third of its radius. */
const jadeDisc = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#1b5e20" stroke-width="3"/>` +
  `<circle cx="${x}" cy="${y}" r="${r / 3}" fill="#004d40"/>`;

function jadeTemple(): string {
  return (
    rays(160, 70, 14, '#e8f5e9', 0.12) +
    `<circle cx="160" cy="70" r="34" fill="#fff59d" opacity="0.55"/>` +
    // Roofs, tier by tier.
    `<path d="M70 92 Q160 62 250 92 L232 100 Q160 80 88 100Z" fill="#1b5e20" stroke="#ffd54f" stroke-width="3"/>` +
    `<rect x="100" y="100" width="120" height="26" fill="#2e7d32"/>` +
    `<path d="M84 130 Q160 104 236 130 L218 138 Q160 120 102 138Z" fill="#1b5e20" stroke="#ffd54f" stroke-width="3"/>` +
    `<rect x="96" y="138" width="128" height="50" fill="#388e3c"/>` +
    [112, 144, 176, 208]
      .map((x) => `<rect x="${x - 6}" y="140" width="12" height="48" fill="#a5d6a7" opacity="0.85"/>`)
      .join('') +
    `<rect x="146" y="152" width="28" height="36" rx="12" fill="#0b2e13"/>` +
    `<rect x="76" y="188" width="168" height="10" fill="#81c784"/>` +
    // A jade disc (bi) at each side.
    jadeDisc(62, 168, 18, '#66bb6a') +
    jadeDisc(258, 168, 18, '#66bb6a')
  );
}

function novaGems(): string {
  const gem = (cx: number, cy: number, r: number, fill: string, shade: string) => {
    const top = cy - r;
    return (
      `<polygon points="${cx - r},${cy - r * 0.35} ${cx - r * 0.55},${top} ${cx + r * 0.55},${top} ${cx + r},${cy - r * 0.35} ${cx},${cy + r}" ` +
      `fill="${fill}" stroke="${shade}" stroke-width="3" stroke-linejoin="round"/>` +
      `<polygon points="${cx - r * 0.55},${top} ${cx},${cy - r * 0.35} ${cx + r * 0.55},${top}" fill="#fff" opacity="0.35"/>` +
      `<path d="M${cx - r} ${cy - r * 0.35} H${cx + r} M${cx} ${cy - r * 0.35} L${cx} ${cy + r}" stroke="${shade}" stroke-width="1.5" opacity="0.7"/>`
    );
  };
  const sparkle = (x: number, y: number, s: number) =>
    `<path d="M${x} ${y - s} L${x + s * 0.25} ${y - s * 0.25} L${x + s} ${y} L${x + s * 0.25} ${y + s * 0.25} L${x} ${y + s} ` +
    `L${x - s * 0.25} ${y + s * 0.25} L${x - s} ${y} L${x - s * 0.25} ${y - s * 0.25}Z" fill="#fff" opacity="0.9"/>`;
  return (
    rays(160, 110, 20, '#b3e5fc', 0.12) +
    gem(160, 104, 56, '#ab47bc', '#4a148c') +
    gem(78, 140, 32, '#29b6f6', '#01579b') +
    gem(242, 140, 32, '#ef5350', '#8e0000') +
    gem(118, 172, 18, '#66bb6a', '#1b5e20') +
    gem(204, 174, 18, '#ffca28', '#ff6f00') +
    sparkle(112, 52, 10) +
    sparkle(232, 64, 8) +
    sparkle(286, 40, 6) +
    sparkle(36, 72, 7)
  );
}

/** A fish facing left, its body an ellipse with a tail; stripes for a clownfish look. */
function fishShape(cx: number, cy: number, size: number, body: string, fin: string, stripes = false): string {
  const r = size / 2;
  return (
    `<path d="M${cx + r * 0.8} ${cy} L${cx + r * 1.5} ${cy - r * 0.6} L${cx + r * 1.35} ${cy} L${cx + r * 1.5} ${cy + r * 0.6}Z" fill="${fin}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${(r * 0.6).toFixed(1)}" fill="${body}" stroke="${fin}" stroke-width="2"/>` +
    (stripes
      ? `<path d="M${cx - r * 0.35} ${cy - r * 0.55} v${r * 1.1} M${cx + r * 0.25} ${cy - r * 0.58} v${r * 1.16}" stroke="#fff" stroke-width="${(r * 0.22).toFixed(1)}"/>`
      : '') +
    `<path d="M${cx - r * 0.1} ${cy - r * 0.55} Q${cx + r * 0.2} ${cy - r} ${cx + r * 0.5} ${cy - r * 0.5}" fill="${fin}"/>` +
    `<circle cx="${cx - r * 0.55}" cy="${cy - r * 0.12}" r="${(r * 0.16).toFixed(1)}" fill="#fff"/>` +
    `<circle cx="${cx - r * 0.6}" cy="${cy - r * 0.12}" r="${(r * 0.08).toFixed(1)}" fill="#111"/>`
  );
}

function deepSeaHunt(): string {
  const light = [40, 110, 200, 270]
    .map(
      (x, index) =>
        `<path d="M${x} 0 L${x + 30} 0 L${x + 70 - index * 8} 200 L${x + 10 - index * 8} 200Z" fill="#e0f7fa" opacity="0.08"/>`,
    )
    .join('');
  const weed = (x: number, h: number, colour: string) =>
    `<path d="M${x} 200 q-12 -${h / 3} 0 -${(h * 2) / 3} q10 -${h / 6} 2 -${h / 3}" stroke="${colour}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  const bubbles = [
    [250, 40, 6],
    [262, 64, 4],
    [70, 58, 5],
    [82, 30, 3],
    [160, 20, 4],
  ]
    .map(
      ([x, y, r]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#e0f7fa" stroke-width="2" opacity="0.7"/>`,
    )
    .join('');
  // A crosshair over the golden whale: the game is aimed.
  const sight =
    `<circle cx="206" cy="104" r="30" fill="none" stroke="#ffeb3b" stroke-width="3"/>` +
    `<path d="M206 66 v18 M206 124 v18 M168 104 h18 M226 104 h18" stroke="#ffeb3b" stroke-width="3"/>`;
  return (
    light +
    `<path d="M0 186 Q80 170 160 184 T320 180 V240 H0Z" fill="#d7b56d" opacity="0.75"/>` +
    weed(30, 70, '#2e7d32') +
    weed(44, 50, '#43a047') +
    weed(292, 80, '#2e7d32') +
    fishShape(206, 104, 110, '#ffc107', '#ff8f00') +
    fishShape(84, 128, 46, '#ff7043', '#bf360c', true) +
    fishShape(122, 72, 30, '#4fc3f7', '#0277bd') +
    fishShape(264, 156, 34, '#ba68c8', '#6a1b9a') +
    bubbles +
    sight
  );
}

/** A playing card, rotated by `angle` degrees about its centre; face down shows a patterned back. */
function card(
  cx: number,
  cy: number,
  angle: number,
  face: { rank: string; suit: string } | { back: string },
): string {
  const w = 58;
  const h = 82;
  const frame = `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="7"`;
  let inside: string;
  if ('back' in face) {
    inside =
      `${frame} fill="${face.back}" stroke="#fff" stroke-width="3"/>` +
      `<rect x="${cx - w / 2 + 6}" y="${cy - h / 2 + 6}" width="${w - 12}" height="${h - 12}" rx="4" fill="none" stroke="#ffd54f" stroke-width="2"/>` +
      `<path d="M${cx} ${cy - 22} L${cx + 14} ${cy} L${cx} ${cy + 22} L${cx - 14} ${cy}Z" fill="#ffd54f" opacity="0.9"/>` +
      `<circle cx="${cx}" cy="${cy}" r="5" fill="${face.back}"/>`;
  } else {
    const red = face.suit === '♥' || face.suit === '♦';
    const ink = red ? '#c62828' : '#212121';
    inside =
      `${frame} fill="#fffdf7" stroke="#9e9e9e" stroke-width="1.5"/>` +
      `<text x="${cx - w / 2 + 6}" y="${cy - h / 2 + 19}" font-size="17" font-weight="800" fill="${ink}" ${FONT}>${face.rank}</text>` +
      `<text x="${cx - w / 2 + 7}" y="${cy - h / 2 + 34}" font-size="13" fill="${ink}" ${FONT}>${face.suit}</text>` +
      `<text x="${cx}" y="${cy + 18}" text-anchor="middle" font-size="40" fill="${ink}" ${FONT}>${face.suit}</text>`;
  }
  return `<g transform="rotate(${angle} ${cx} ${cy})"><rect x="${cx - w / 2 + 3}" y="${cy - h / 2 + 4}" width="${w}" height="${h}" rx="7" fill="#000" opacity="0.25"/>${inside}</g>`;
}

/** A casino chip seen from above: a disc with edge stripes and an inner ring. */
function chip(cx: number, cy: number, r: number, colour: string, edge: string): string {
  const stripes = [0, 1, 2, 3, 4, 5]
    .map((index) => {
      const a = (Math.PI * index) / 3;
      return `<path d="M${(cx + r * 0.72 * Math.cos(a)).toFixed(1)} ${(cy + r * 0.72 * Math.sin(a)).toFixed(1)} L${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}" stroke="${edge}" stroke-width="${(r * 0.3).toFixed(1)}"/>`;
    })
    .join('');
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" stroke="#000" stroke-opacity="0.35" stroke-width="1.5"/>${stripes}` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.62).toFixed(1)}" fill="${colour}" stroke="${edge}" stroke-width="2" stroke-dasharray="3 3"/>`
  );
}

/** A stack of chips seen from the side, `count` high. */
function chipStack(cx: number, bottom: number, count: number, colour: string, edge: string): string {
  return Array.from({ length: count }, (_, index) => {
    const y = bottom - index * 7;
    return (
      `<ellipse cx="${cx}" cy="${y}" rx="22" ry="7" fill="${colour}" stroke="#000" stroke-opacity="0.3" stroke-width="1"/>` +
      `<path d="M${cx - 14} ${y + 6} v-4 M${cx} ${y + 7} v-4 M${cx + 14} ${y + 6} v-4" stroke="${edge}" stroke-width="4"/>`
    );
  }).join('');
}

/** The baccarat felt: an arc with the Player and Banker boxes. */
function felt(colour: string, line: string): string {
  return (
    `<path d="M20 200 Q160 96 300 200Z" fill="${colour}" stroke="${line}" stroke-width="3"/>` +
    `<path d="M62 200 Q160 132 258 200" fill="none" stroke="${line}" stroke-width="2" opacity="0.7"/>` +
    `<text x="112" y="192" text-anchor="middle" font-size="11" font-weight="800" letter-spacing="1" fill="#42a5f5" ${FONT}>P</text>` +
    `<text x="208" y="192" text-anchor="middle" font-size="11" font-weight="800" letter-spacing="1" fill="#ef5350" ${FONT}>B</text>`
  );
}

function baccaratJade(): string {
  return (
    rays(160, 96, 16, '#e8f5e9', 0.12) +
    felt('#0d4d1f', '#a5d6a7') +
    card(128, 104, -12, { rank: '4', suit: '♣' }) +
    card(188, 100, 10, { rank: '5', suit: '♥' }) +
    chipStack(70, 184, 4, '#43a047', '#e8f5e9') +
    chipStack(250, 184, 6, '#66bb6a', '#e8f5e9') +
    chip(160, 172, 16, '#2e7d32', '#c8e6c9') +
    // Jade discs (bi) at the sides.
    jadeDisc(62, 84, 15, '#81c784') +
    jadeDisc(258, 84, 15, '#81c784')
  );
}

/** A gold ingot (yuanbao): a boat-shaped base and a dome. */
function ingot(cx: number, cy: number, scale: number): string {
  const s = (value: number) => (value * scale).toFixed(1);
  return (
    `<ellipse cx="${cx}" cy="${cy - 6 * scale}" rx="${s(20)}" ry="${s(16)}" fill="#ffca28" stroke="#8d6e00" stroke-width="2"/>` +
    `<path d="M${cx - 44 * scale} ${cy - 12 * scale} Q${cx} ${cy + 4 * scale} ${cx + 44 * scale} ${cy - 12 * scale} L${cx + 30 * scale} ${cy + 16 * scale} Q${cx} ${cy + 24 * scale} ${cx - 30 * scale} ${cy + 16 * scale}Z" fill="#ffb300" stroke="#8d6e00" stroke-width="2"/>` +
    `<ellipse cx="${cx - 6 * scale}" cy="${cy - 12 * scale}" rx="${s(6)}" ry="${s(4)}" fill="#fff8e1" opacity="0.8"/>`
  );
}

function baccaratGold(): string {
  return (
    rays(160, 100, 22, '#fff8e1', 0.2) +
    `<circle cx="160" cy="100" r="70" fill="#fff59d" opacity="0.25"/>` +
    card(132, 92, -14, { rank: 'K', suit: '♠' }) +
    card(190, 90, 12, { rank: '9', suit: '♦' }) +
    ingot(160, 160, 1.2) +
    chipStack(72, 186, 7, '#ffc107', '#5d4037') +
    chipStack(248, 186, 5, '#ffd54f', '#5d4037') +
    chip(66, 70, 16, '#ffb300', '#fff8e1') +
    chip(256, 62, 13, '#ffca28', '#fff8e1')
  );
}

/** A red paper lantern hanging from a cord. */
function lantern(cx: number, top: number): string {
  return (
    `<path d="M${cx} 0 V${top}" stroke="#ffd54f" stroke-width="2"/>` +
    `<rect x="${cx - 10}" y="${top}" width="20" height="6" rx="2" fill="#ffd54f"/>` +
    `<ellipse cx="${cx}" cy="${top + 28}" rx="22" ry="24" fill="#d50000" stroke="#ffd54f" stroke-width="2"/>` +
    `<path d="M${cx} ${top + 4} V${top + 52} M${cx - 11} ${top + 7} Q${cx - 22} ${top + 28} ${cx - 11} ${top + 49} M${cx + 11} ${top + 7} Q${cx + 22} ${top + 28} ${cx + 11} ${top + 49}" stroke="#ffab00" stroke-width="1.5" fill="none"/>` +
    `<rect x="${cx - 10}" y="${top + 50}" width="20" height="6" rx="2" fill="#ffd54f"/>` +
    `<path d="M${cx - 6} ${top + 56} v14 M${cx} ${top + 56} v18 M${cx + 6} ${top + 56} v14" stroke="#ffd54f" stroke-width="2"/>`
  );
}

function baccaratDragon(): string {
  const flame = (x: number, h: number) =>
    `<path d="M${x - 18} 200 Q${x - 22} ${200 - h * 0.5} ${x} ${200 - h} Q${x + 4} ${200 - h * 0.55} ${x + 16} ${200 - h * 0.6} Q${x + 24} ${200 - h * 0.3} ${x + 18} 200Z" fill="#ff6d00" opacity="0.85"/>` +
    `<path d="M${x - 8} 200 Q${x - 10} ${200 - h * 0.3} ${x} ${200 - h * 0.6} Q${x + 10} ${200 - h * 0.3} ${x + 8} 200Z" fill="#ffd600"/>`;
  return (
    rays(160, 110, 16, '#ffccbc', 0.14) +
    flame(96, 70) +
    flame(160, 96) +
    flame(224, 74) +
    card(122, 110, -16, { back: '#b71c1c' }) +
    card(160, 100, 0, { rank: '9', suit: '♥' }) +
    card(198, 110, 16, { back: '#b71c1c' }) +
    lantern(62, 24) +
    lantern(258, 30)
  );
}

function liveRoulette(): string {
  const cx = 160;
  const cy = 114;
  const outer = 66;
  const inner = 44;
  const pockets = 37;
  const wedges = Array.from({ length: pockets }, (_, index) => {
    const a = (Math.PI * 2 * index) / pockets - Math.PI / 2;
    const b = a + (Math.PI * 2) / pockets;
    const point = (r: number, angle: number) =>
      `${(cx + r * Math.cos(angle)).toFixed(1)} ${(cy + r * Math.sin(angle)).toFixed(1)}`;
    const fill = index === 0 ? '#2e7d32' : index % 2 === 1 ? '#c62828' : '#1a1a1a';
    return `<path d="M${point(inner, a)} L${point(outer, a)} L${point(outer, b)} L${point(inner, b)}Z" fill="${fill}" stroke="#d4af37" stroke-width="0.8"/>`;
  }).join('');
  const spokes = [0, 1, 2, 3]
    .map((index) => {
      const a = (Math.PI * index) / 2 + Math.PI / 4;
      return `<path d="M${cx} ${cy} L${(cx + 28 * Math.cos(a)).toFixed(1)} ${(cy + 28 * Math.sin(a)).toFixed(1)}" stroke="#ffd54f" stroke-width="5" stroke-linecap="round"/>`;
    })
    .join('');
  return (
    rays(cx, cy, 20, '#ffe0b2', 0.12) +
    `<circle cx="${cx + 3}" cy="${cy + 5}" r="${outer + 14}" fill="#000" opacity="0.3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${outer + 14}" fill="#5d2e12" stroke="#d4af37" stroke-width="4"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${outer + 6}" fill="#3e1f0d"/>` +
    wedges +
    `<circle cx="${cx}" cy="${cy}" r="${inner}" fill="#8d5524" stroke="#d4af37" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${inner - 10}" fill="#a86b32"/>` +
    spokes +
    `<circle cx="${cx}" cy="${cy}" r="10" fill="#ffd54f" stroke="#8d6e00" stroke-width="2"/>` +
    // The ball, resting in a pocket.
    `<circle cx="${cx + 20}" cy="${cy - outer + 10}" r="6" fill="#fff" stroke="#9e9e9e" stroke-width="1.5"/>` +
    chip(58, 176, 18, '#c62828', '#fff') +
    chip(262, 172, 18, '#1565c0', '#fff')
  );
}

const SCENES: Record<string, () => string> = {
  'lucky-sevens': luckySevens,
  'jade-temple': jadeTemple,
  'nova-gems': novaGems,
  'deep-sea-hunt': deepSeaHunt,
  // The tables, by game code (kind-room).
  'baccarat-jade': baccaratJade,
  'baccarat-gold': baccaratGold,
  'baccarat-dragon': baccaratDragon,
  'roulette-live': liveRoulette,
};

/** The tile of a house game; a game without a scene of its own gets the gradient and its name. */
export function houseTileSvg(game: string, name: string, from: string, to: string): string {
  const label = escapeXml(name);
  const size = name.length > 16 ? 20 : 26;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs>
<rect width="320" height="240" fill="url(#g)"/>
${SCENES[game]?.() ?? ''}
<rect width="320" height="240" fill="url(#v)"/>
<rect x="0" y="198" width="320" height="42" fill="#000" opacity="0.5"/>
<text x="160" y="227" text-anchor="middle" font-size="${size}" font-weight="800" fill="#fff" ${FONT}>${label}</text>
<text x="160" y="24" text-anchor="middle" font-size="12" font-weight="700" letter-spacing="3" fill="#fff" opacity="0.85" ${FONT}>TESSERA</text>
</svg>`;
}
