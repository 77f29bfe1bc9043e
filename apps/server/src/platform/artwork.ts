/** Generated SVG artwork for the demo seed: banners and the brand logo. */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface BannerArt {
  title: string;
  subtitle: string;
  from: string;
  to: string;
  accent: string;
}

/** A banner for wide screens (1920 × 480); `action` is its button's text, in the banner's language. */
export function bannerSvg(art: BannerArt, seed: number, action = 'PLAY NOW'): string {
  const circles = Array.from({ length: 7 }, (_, index) => {
    const x = 900 + ((seed * 137 + index * 173) % 1000);
    const y = 40 + ((seed * 59 + index * 97) % 400);
    const r = 30 + ((seed * 31 + index * 41) % 120);
    const opacity = (0.08 + ((index * 7) % 10) / 60).toFixed(2);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${art.accent}" opacity="${opacity}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="480" viewBox="0 0 1920 480">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>
<radialGradient id="glow" cx="0.75" cy="0.4" r="0.6"><stop offset="0" stop-color="${art.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${art.accent}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1920" height="480" fill="url(#g)"/>
<rect width="1920" height="480" fill="url(#glow)"/>
${circles}
<path d="M0 420 C 480 360, 960 480, 1920 400 L1920 480 L0 480 Z" fill="#000" opacity="0.18"/>
<text x="160" y="215" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="84" font-weight="800" fill="#fff">${escapeXml(art.title)}</text>
<text x="164" y="285" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="34" fill="#fff" opacity="0.85">${escapeXml(art.subtitle)}</text>
<rect x="164" y="325" width="220" height="56" rx="28" fill="${art.accent}"/>
<text x="274" y="362" text-anchor="middle" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="24" font-weight="700" fill="#111">${escapeXml(action)}</text>
</svg>`;
}

/** Squeezes a line that would pass the phone banner's width (at about `charWidth` a character) into it. */
const fitted = (text: string, charWidth: number) =>
  text.length * charWidth > 720 ? ' textLength="720" lengthAdjust="spacingAndGlyphs"' : '';

/**
 * The same banner drawn for a phone (800 × 200, the same 4:1 box): fewer, larger words, so that its text reads at a
 * phone's width (about 390 px: the title at 26 px, the subtitle at 14 px).
 */
export function bannerPhoneSvg(art: BannerArt, seed: number, action = 'PLAY NOW'): string {
  const circles = Array.from({ length: 4 }, (_, index) => {
    const x = 520 + ((seed * 137 + index * 173) % 280);
    const y = 20 + ((seed * 59 + index * 97) % 160);
    const r = 20 + ((seed * 31 + index * 41) % 60);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${art.accent}" opacity="0.14"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200" viewBox="0 0 800 200">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>
</defs>
<rect width="800" height="200" fill="url(#g)"/>
${circles}
<text x="40" y="82" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="52" font-weight="800" fill="#fff"${fitted(art.title, 29)}>${escapeXml(art.title)}</text>
<text x="42" y="126" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="28" fill="#fff" opacity="0.9"${fitted(art.subtitle, 15)}>${escapeXml(art.subtitle)}</text>
<rect x="42" y="144" width="170" height="40" rx="20" fill="${art.accent}"/>
<text x="127" y="171" text-anchor="middle" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="20" font-weight="700" fill="#111">${escapeXml(action)}</text>
</svg>`;
}

export function logoSvg(brand: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48">
<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5c542"/><stop offset="1" stop-color="#ff7a18"/></linearGradient></defs>
<g transform="translate(4 4)">
<rect width="18" height="18" rx="4" fill="url(#l)"/><rect x="22" width="18" height="18" rx="4" fill="#7c5cff"/>
<rect y="22" width="18" height="18" rx="4" fill="#7c5cff"/><rect x="22" y="22" width="18" height="18" rx="4" fill="url(#l)"/>
</g>
<text x="56" y="33" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="26" font-weight="800" fill="url(#l)">${escapeXml(brand)}</text>
</svg>`;
}

/** A square vendor icon: the vendor's initials on a gradient. */
export function vendorIconSvg(label: string, from: string, to: string): string {
  const initials = label
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<defs><linearGradient id="v" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="96" height="96" rx="22" fill="url(#v)"/>
<text x="48" y="60" text-anchor="middle" font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="36" font-weight="800" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}
