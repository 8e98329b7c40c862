import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
} from '@shared/schemas/registration';
import type { Db } from '../../platform/db/client';
import { registerSmsCode } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';

const codeHash = (number: string, code: string) => sha256Hex(`${number}:${code}`);

export const newSmsCode = () => Array.from({ length: SMS_CODE_LENGTH }, () => String(randomInt(10))).join('');

/** Seconds before another code may go to the number (the page's resend countdown); 0: now. */
export async function secondsUntilResend(db: Db, number: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ sent_at: registerSmsCode.sent_at })
    .from(registerSmsCode)
    .where(eq(registerSmsCode.number, number));
  if (!row) return 0;
  const left = row.sent_at.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Keeps the code (hashed) for the number, replacing an earlier one; old codes of any number go. */
export async function storeSmsCode(db: Db, number: string, code: string, now: Date): Promise<void> {
  const values = {
    code_hash: codeHash(number, code),
    sent_at: now,
    expires_at: new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000),
    tries: 0,
  };
  await db.delete(registerSmsCode).where(lt(registerSmsCode.expires_at, new Date(now.getTime() - 3600_000)));
  await db
    .insert(registerSmsCode)
    .values({ number, ...values })
    .onConflictDoUpdate({ target: registerSmsCode.number, set: values });
}

export const dropSmsCode = (db: Db, number: string) =>
  db.delete(registerSmsCode).where(eq(registerSmsCode.number, number));

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/**
 * Checks the code sent to the number: right once (then it is gone), wrong counts a try and the
 * SMS_CODE_MAX_TRIES-th wrong one burns it; none, expired or burnt is 'expired'. Its own transaction:
 * a wrong try counts even though the registration then fails.
 */
export async function checkSmsCode(db: Db, number: string, code: string, now: Date): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(registerSmsCode).where(eq(registerSmsCode.number, number)).for('update');
    if (!row || row.expires_at <= now || row.tries >= SMS_CODE_MAX_TRIES) return 'expired';
    const given = Buffer.from(codeHash(number, code));
    if (given.length === row.code_hash.length && timingSafeEqual(given, Buffer.from(row.code_hash))) {
      await tx.delete(registerSmsCode).where(eq(registerSmsCode.number, number));
      return 'ok';
    }
    await tx
      .update(registerSmsCode)
      .set({ tries: row.tries + 1 })
      .where(eq(registerSmsCode.number, number));
    return 'wrong';
  });
}
