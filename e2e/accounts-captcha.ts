import { inflateSync } from 'node:zlib';
import { CAPTCHA_GLYPHS } from '../apps/server/src/modules/accounts/captcha-font.ts';

/**
 * Reads the server's captcha image the way a person would read it, so browser tests can get past the captcha
 * (the server never tells a client the answer, and the test cannot reach its database). The image is the
 * server's own drawing (apps/server/src/modules/accounts/captcha.ts): 4 characters of a 5×7 font scaled 4×, each
 * in one dark colour and sheared, over light noise, crossed by 4 dark lines that span the width.
 */

const SCALE = 4;

/** Decodes the server's PNG: 8-bit RGB, one filter-0 row after another (captcha.ts encodePng). */
function decodePng(png: Buffer): { width: number; height: number; rgb: Buffer } {
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    if (raw[row] !== 0) throw new Error(`unexpected PNG filter ${raw[row]}`);
    raw.copy(rgb, y * width * 3, row + 1, row + 1 + width * 3);
  }
  return { width, height, rgb };
}

/** The characters of a captcha image (base64 PNG, as GET /wps/captcha answers it). */
export function readCaptcha(base64: string): string {
  const { width, height, rgb } = decodePng(Buffer.from(base64, 'base64'));
  // Every character and every line has its own dark colour; the noise is light.
  const groups = new Map<number, { x: number; y: number }[]>();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const [r, g, b] = [rgb[at] as number, rgb[at + 1] as number, rgb[at + 2] as number];
      if (r >= 110 || g >= 110 || b >= 130) continue;
      const key = (r << 16) | (g << 8) | b;
      const points = groups.get(key) ?? [];
      points.push({ x, y });
      groups.set(key, points);
    }
  }
  const glyphs = [...groups.values()]
    .map((points) => ({
      points,
      left: Math.min(...points.map((p) => p.x)),
      right: Math.max(...points.map((p) => p.x)),
    }))
    // Lines are one pixel thick (and can be cut short where a later line covers them); characters are blocks
    // of 4×4 pixels, at most 5 cells plus their shear wide.
    .filter(
      (group) => group.right - group.left < 45 && group.points.length >= 2.5 * (group.right - group.left + 1),
    )
    .sort((a, b) => a.left - b.left);
  return glyphs.map((glyph) => readGlyph(glyph.points)).join('');
}

function readGlyph(points: { x: number; y: number }[]): string {
  const top = Math.min(...points.map((p) => p.y));
  let best = { char: '?', score: Number.POSITIVE_INFINITY };
  for (let step = -3; step <= 3; step += 1) {
    const shear = step / 10;
    const unsheared = points.map((p) => ({ u: p.x - shear * (p.y - top - 14), y: p.y }));
    const left = Math.floor(Math.min(...unsheared.map((p) => p.u)));
    const counts = new Array<number>(35).fill(0);
    for (const p of unsheared) {
      const gx = Math.floor((p.u - left) / SCALE);
      const gy = Math.floor((p.y - top) / SCALE);
      if (gx >= 0 && gx < 5 && gy >= 0 && gy < 7) counts[gy * 5 + gx] = (counts[gy * 5 + gx] as number) + 1;
    }
    const cells = counts.map((count) => (count >= 6 ? '#' : '.')).join('');
    for (const [char, glyph] of Object.entries(CAPTCHA_GLYPHS)) {
      let score = 0;
      for (let i = 0; i < 35; i += 1) if (glyph[i] !== cells[i]) score += 1;
      if (score < best.score) best = { char, score };
    }
  }
  return best.char;
}
