import { randomInt } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '@shared/constants';
import type { Db } from '../../platform/db/client';
import { captcha } from '../../platform/db/schema';
import { captchaPng } from '../../platform/captcha-image/render';

const TTL_MS = 5 * 60_000;
// Look-alike characters (0/O, 1/l/I) are left out so the 4 characters can be read.
const PRESETS: Record<number, string> = {
  0: 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789',
  1: 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz',
  2: '0123456789',
};

export function captchaText(type: number): string {
  const preset = PRESETS[type] ?? PRESETS[0]!;
  return Array.from({ length: CAPTCHA_LENGTH }, () => preset[randomInt(preset.length)]).join('');
}

/**
 * Creates (or replaces) the captcha for key `t` and returns its PNG image: pixels, not the text's paths
 * (an SVG of glyph paths is read by matching the path shapes), warped and crossed (lib/captcha-image).
 */
export async function issueCaptcha(db: Db, key: string, type: number): Promise<Buffer> {
  const text = captchaText(type);
  const png = captchaPng(text, { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
  const expires_at = new Date(Date.now() + TTL_MS);
  await db.delete(captcha).where(lt(captcha.expires_at, new Date()));
  await db
    .insert(captcha)
    .values({ key, code: text, expires_at })
    .onConflictDoUpdate({ target: captcha.key, set: { code: text, expires_at } });
  return png;
}

/** Single use: the captcha is consumed whether or not the answer is right. Case-insensitive. */
export async function consumeCaptcha(db: Db, key: string, answer: string): Promise<boolean> {
  if (!key || !answer) return false;
  const [row] = await db.delete(captcha).where(eq(captcha.key, key)).returning();
  return !!row && row.expires_at.getTime() > Date.now() && row.code.toLowerCase() === answer.trim().toLowerCase();
}
