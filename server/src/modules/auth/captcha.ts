import { randomInt } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH, type Locale } from '@shared/constants';
import type { Db } from '../../platform/db/client';
import { captcha } from '../../platform/db/schema';
import { captchaPng } from '../../platform/captcha-image/render';
import { readWav, speak, writeWav } from '../../platform/speech/espeak';

const TTL_MS = 5 * 60_000;
// Capitals and digits without look-alikes (shared CAPTCHA_ALPHABET); digits only: 2-9, no letter to mistake them for.
const PRESETS: Record<number, string> = {
  0: CAPTCHA_ALPHABET,
  1: CAPTCHA_ALPHABET.replace(/\d/g, ''),
  2: '23456789',
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

/** The characters one by one, each a sentence: espeak-ng says a capital by its name ("A" as "ay", not "a"). */
const spelled = (code: string) => [...code.toUpperCase()].join('. ') + '.';

/**
 * The captcha of key `t` spoken (WAV), in the page's language, slowly, letter by letter; null when the key has no
 * live captcha (unknown, used or expired). The row stays: listening is not answering.
 */
export async function captchaAudio(db: Db, key: string, locale: Locale): Promise<Buffer | null> {
  const [row] = await db.select().from(captcha).where(eq(captcha.key, key));
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  const wav = await speak(spelled(row.code), { voice: locale === 'zh-CN' ? 'cmn' : 'en', speed: 120, wordGap: 40 });
  return writeWav(readWav(wav));
}
