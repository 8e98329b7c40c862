import { randomInt } from 'node:crypto';
import { STRONG_PASSWORD_RE, type Locale } from '@shared/constants';
import type { Db } from '../../platform/db/client';
import { getConfigs } from '../../platform/config';
import { fieldError } from '../../platform/http/field-error';

/**
 * The configured password policy for a password an administrator sets: use_password_check Y wants a
 * lowercase letter, an uppercase letter and a digit; the length (6 to 16) is the schema's.
 */
export async function assertPasswordPolicy(db: Db, locale: Locale, password: string): Promise<void> {
  const { use_password_check } = await getConfigs(db, ['use_password_check']);
  if (use_password_check === 'Y' && !STRONG_PASSWORD_RE.test(password)) {
    throw fieldError(locale, 'password', 'passwordPolicy');
  }
}

// No 0/O, 1/l/I: the password is read off a screen and typed in.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGIT = '23456789';
const pick = (set: string) => set[randomInt(set.length)]!;

/** A random one-time password of 12 characters that meets either policy (one of each kind at least). */
export function oneTimePassword(length = 12): string {
  const all = LOWER + UPPER + DIGIT;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGIT), ...Array.from({ length: length - 3 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
