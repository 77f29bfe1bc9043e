import { crc32, deflateSync } from 'node:zlib';
import type { Queryable } from '../../db/database.ts';
import { type Rng, text, uuid } from '../../platform/rng.ts';
import { CAPTCHA_GLYPHS } from './captcha-font.ts';
import * as store from './store.ts';

/** What a login or registration form sends to prove a human is there. */
export interface HumanAnswer {
  captchaId?: string | undefined;
  /** The drawn captcha's text, or a provider widget's token. */
  captcha?: string | undefined;
  /** The visitor's address, which providers may check the token against. */
  ip?: string | undefined;
}

export interface HumanChallenge {
  captchaId: string;
  /** Base64 PNG; empty with a third-party provider. */
  image: string;
  expiresInSeconds: number;
  /** A third-party provider whose widget the form shows, and its site key (human-verifiers.ts). */
  provider?: 'image' | 'turnstile' | 'hcaptcha';
  siteKey?: string;
}

/**
 * Human verification. The built-in provider draws a captcha image; third-party providers (Turnstile, hCaptcha:
 * human-verifiers.ts, chosen by CAPTCHA_PROVIDER) implement the same two calls: `challenge` gives what the form shows, `verify` checks what the form sent.
 */
export interface HumanVerifier {
  challenge(db: Queryable, now: Date): Promise<HumanChallenge>;
  /** True once per challenge: a checked answer, right or wrong, cannot be used again. */
  verify(db: Queryable, answer: HumanAnswer, now: Date): Promise<boolean>;
}

const CAPTCHA_LENGTH = 4;
export const CAPTCHA_SECONDS = 300;
const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The built-in verifier: a server-drawn PNG of 4 characters, single use, valid for 5 minutes. */
export class ImageCaptcha implements HumanVerifier {
  constructor(private readonly rng: Rng) {}

  async challenge(db: Queryable, now: Date): Promise<HumanChallenge> {
    const answer = text(this.rng, CAPTCHA_LENGTH, CAPTCHA_ALPHABET);
    const id = uuid(this.rng);
    await store.insertCaptcha(db, id, answer, now, new Date(now.getTime() + CAPTCHA_SECONDS * 1000));
    return {
      captchaId: id,
      image: drawCaptcha(answer, this.rng).toString('base64'),
      expiresInSeconds: CAPTCHA_SECONDS,
    };
  }

  async verify(db: Queryable, answer: HumanAnswer, now: Date): Promise<boolean> {
    if (!answer.captchaId || !answer.captcha || !UUID.test(answer.captchaId)) return false;
    const found = await store.consumeCaptcha(db, answer.captchaId, now);
    return found !== null && found.expires_at > now && found.answer === answer.captcha.trim().toUpperCase();
  }
}

const WIDTH = 150;
const HEIGHT = 48;
const SCALE = 4;

/** Draws the text as an RGB PNG with jittered, sheared glyphs, noise dots and crossing lines. */
export function drawCaptcha(answer: string, rng: Rng): Buffer {
  const below = (max: number) => rng.int(0, max);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const put = (x: number, y: number, rgb: readonly number[]) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const at = (Math.floor(y) * WIDTH + Math.floor(x)) * 3;
    pixels[at] = rgb[0] as number;
    pixels[at + 1] = rgb[1] as number;
    pixels[at + 2] = rgb[2] as number;
  };
  const light = () => 215 + below(40);
  const dark = () => [below(110), below(110), below(130)];
  const background = [light(), light(), light()];
  for (let y = 0; y < HEIGHT; y += 1) for (let x = 0; x < WIDTH; x += 1) put(x, y, background);
  for (let dot = 0; dot < 350; dot += 1) {
    put(below(WIDTH), below(HEIGHT), [150 + below(80), 150 + below(80), 150 + below(80)]);
  }
  const step = Math.floor((WIDTH - 20) / answer.length);
  for (const [index, char] of [...answer].entries()) {
    const glyph = CAPTCHA_GLYPHS[char] ?? '';
    const colour = dark();
    const left = 12 + index * step + below(6);
    const top = 6 + below(HEIGHT - 7 * SCALE - 10);
    const shear = (below(7) - 3) / 10;
    for (let cell = 0; cell < glyph.length; cell += 1) {
      if (glyph[cell] !== '#') continue;
      const gx = cell % 5;
      const gy = Math.floor(cell / 5);
      for (let dy = 0; dy < SCALE; dy += 1) {
        for (let dx = 0; dx < SCALE; dx += 1) {
          const y = top + gy * SCALE + dy;
          put(left + gx * SCALE + dx + shear * (y - top - 14), y, colour);
        }
      }
    }
  }
  for (let line = 0; line < 4; line += 1) {
    const colour = dark();
    let y = below(HEIGHT);
    const slope = (below(21) - 10) / 20;
    for (let x = 0; x < WIDTH; x += 1) {
      put(x, y, colour);
      y = Math.min(HEIGHT - 1, Math.max(0, y + slope));
    }
  }
  return encodePng(WIDTH, HEIGHT, pixels);
}

/** A minimal PNG encoder: 8-bit RGB, filter 0 on every row, one IDAT chunk. */
function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
