import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@answer/contract';
import type { KV } from '../../infra/kv.ts';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphInk } from './captcha-font.ts';
import { encodePng, Raster } from './png.ts';

/**
 * The characters drawn: capitals and digits that cannot be taken for one another once rotated and scaled. JeecgBoot
 * draws 59 (only o, O and I left out), so 1/l/i, 0/O/Q/D-like shapes, 2/Z, 5/S, 6/G/b, 8/B and U/V cost people
 * retries; here one of each look-alike group is kept (the answer is case-insensitive, so capitals alone lose
 * nothing), which still leaves 25⁴ ≈ 390 000 codes for a single-use, rate-limited answer.
 */
export const CAPTCHA_CHARS = '234589ACDEFGHJKLMNPRTUWXY';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_WIDTH = 105;
export const CAPTCHA_HEIGHT = 35;
/** the client's `key` / `checkKey` (it uses the epoch milliseconds) */
export const CHECK_KEY_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function randomCaptchaCode(length = CAPTCHA_LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  return s;
}

// ---------- image ----------

type Rgb = [number, number, number];
const between = (min: number, max: number) => min + Math.random() * (max - min);
const intBetween = (min: number, max: number) => Math.floor(between(min, max + 1));
const colour = (min: number, max: number): Rgb => [intBetween(min, max), intBetween(min, max), intBetween(min, max)];

/** Draws one glyph rotated by `angle` around (cx, cy), scaled by sx × sy, with 3×3 supersampled edges. */
function drawGlyph(r: Raster, ch: string, cx: number, cy: number, angle: number, sx: number, sy: number, ink: Rgb) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // glyph-space centre: middle column, between cap height and descender
  const u0 = GLYPH_WIDTH / 2;
  const v0 = 3.5; // the drawn characters are capitals and digits (rows 0–6): centre on their middle row
  const reach = Math.ceil(Math.hypot(u0 * sx, (GLYPH_HEIGHT - v0) * sy)) + 1;
  const SS = 3;
  for (let py = Math.floor(cy - reach); py <= Math.ceil(cy + reach); py++) {
    for (let px = Math.floor(cx - reach); px <= Math.ceil(cx + reach); px++) {
      let hits = 0;
      for (let a = 0; a < SS; a++) {
        for (let b = 0; b < SS; b++) {
          const dx = px + (a + 0.5) / SS - cx;
          const dy = py + (b + 0.5) / SS - cy;
          const u = (dx * cos + dy * sin) / sx + u0;
          const v = (-dx * sin + dy * cos) / sy + v0;
          if (glyphInk(ch, Math.floor(u), Math.floor(v))) hits++;
        }
      }
      if (hits) r.blend(px, py, ink, hits / (SS * SS));
    }
  }
}

function drawLine(r: Raster, x0: number, y0: number, x1: number, y1: number, ink: Rgb, alpha: number) {
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    r.blend(Math.round(x0 + (x1 - x0) * t), Math.round(y0 + (y1 - y0) * t), ink, alpha);
  }
}

/**
 * Renders the captcha as a 105×35 PNG: light background speckle, four glyphs each with its own colour, rotation,
 * scale and offset, then interference lines and dots over the text.
 */
export function renderCaptcha(code: string): Buffer {
  const r = new Raster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, colour(228, 250));
  for (let i = 0; i < 90; i++)
    r.blend(intBetween(0, CAPTCHA_WIDTH - 1), intBetween(0, CAPTCHA_HEIGHT - 1), colour(150, 215));
  for (let i = 0; i < 3; i++) {
    drawLine(r, 0, between(0, CAPTCHA_HEIGHT), CAPTCHA_WIDTH, between(0, CAPTCHA_HEIGHT), colour(160, 220), 0.9);
  }
  const cell = (CAPTCHA_WIDTH - 10) / code.length;
  [...code].forEach((ch, i) => {
    drawGlyph(
      r,
      ch,
      5 + cell * (i + 0.5) + between(-2, 2),
      17.5 + between(-1.5, 1.5),
      between(-0.25, 0.25),
      between(2.8, 3.3),
      between(2.8, 3.1),
      colour(20, 120),
    );
  });
  for (let i = 0; i < 4; i++) {
    drawLine(
      r,
      between(0, 20),
      between(0, CAPTCHA_HEIGHT),
      between(85, 105),
      between(0, CAPTCHA_HEIGHT),
      colour(60, 170),
      0.55,
    );
  }
  for (let i = 0; i < 60; i++)
    r.blend(intBetween(0, CAPTCHA_WIDTH - 1), intBetween(0, CAPTCHA_HEIGHT - 1), colour(40, 180), 0.8);
  return encodePng(r);
}

// ---------- answers in the kv ----------

/** JeecgBoot's Redis key for an answer: lower-case hex MD5 of lowercase(code) + key (contract §2.1). */
export function captchaAnswerKey(code: string, checkKey: string): string {
  return `captcha:${createHash('md5')
    .update(code.toLowerCase() + checkKey, 'utf8')
    .digest('hex')}`;
}

/**
 * The answer issued for a checkKey. JeecgBoot only has the MD5 key, so a wrong guess never touches the real answer
 * and the same image could be guessed again and again; this slot lets every attempt consume it (security rule 12).
 */
export function captchaSlotKey(checkKey: string): string {
  return `captcha:key:${checkKey}`;
}

/** Issues a new captcha for `checkKey` (valid 60 s) and answers the image as a data URL. */
export async function issueCaptcha(kv: KV, checkKey: string, code = randomCaptchaCode()): Promise<string> {
  const answer = code.toLowerCase();
  // a refreshed image under the same key replaces the previous answer
  const previous = await kv.get(captchaSlotKey(checkKey));
  if (previous) await kv.del(captchaAnswerKey(previous, checkKey));
  await kv.set(captchaAnswerKey(answer, checkKey), answer, CAPTCHA_TTL_MS);
  await kv.set(captchaSlotKey(checkKey), answer, CAPTCHA_TTL_MS);
  return `data:image/png;base64,${renderCaptcha(code).toString('base64')}`;
}

export type CaptchaOutcome = 'ok' | 'invalid' | 'wrong';

/**
 * Checks a captcha answer and consumes it whatever the outcome: one image, one attempt.
 * 'invalid' = no answer given (验证码无效), 'wrong' = unknown/expired key or a wrong answer (验证码错误).
 */
export async function consumeCaptcha(
  kv: KV,
  captcha: string | null | undefined,
  checkKey: string | null | undefined,
): Promise<CaptchaOutcome> {
  if (captcha === null || captcha === undefined || captcha === '') return 'invalid';
  if (!checkKey || !CHECK_KEY_RE.test(checkKey)) return 'wrong';
  const given = captcha.toLowerCase();
  const expected = await kv.take(captchaSlotKey(checkKey));
  if (expected === null) return 'wrong';
  const stored = await kv.take(captchaAnswerKey(expected, checkKey));
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return stored === expected && a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'wrong';
}

export const CAPTCHA_MESSAGES = { invalid: '验证码无效', wrong: '验证码错误' } as const;
