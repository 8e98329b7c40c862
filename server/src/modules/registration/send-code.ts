import { SMS_CODE_TTL_MINUTES, SMS_RESEND_SECONDS, type SendRegisterCaptcha } from '@shared/schemas/registration';
import type { Locale } from '@shared/constants';
import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { tooManyAttempts, countFailure, waitSeconds } from '../auth';
import { sendSms } from './sms-gateway';
import { dropSmsCode, newSmsCode, secondsUntilResend, storeSmsCode } from './sms-code';

export interface PublicCaller {
  ip: string;
  locale: Locale;
}

/** The sign-in throttle's name for a number: its sends and refused registrations count there (and per address). */
export const throttleName = (number: string) => `reg-sms:${number}`;

/** Back-off of the number or of the caller's address: 429 with the seconds left. */
export async function assertNotThrottled(deps: Pick<AppDeps, 'db'>, number: string, ip: string): Promise<void> {
  const wait = await waitSeconds(deps.db, throttleName(number), ip);
  if (wait) throw tooManyAttempts(wait);
}

/** POST /user/sendRegisterCaptcha: one code per number per 60 s, valid 5 minutes, over the SMS gateway. */
export async function sendRegisterCode(
  deps: Pick<AppDeps, 'db' | 'env' | 'log' | 'now'>,
  input: { mobile: string; prefix: SendRegisterCaptcha['prefix'] },
  caller: PublicCaller,
): Promise<{ resend_seconds: number }> {
  const now = deps.now?.() ?? new Date();
  const number = `${input.prefix}${input.mobile}`;
  await assertNotThrottled(deps, number, caller.ip);
  const left = await secondsUntilResend(deps.db, number, now);
  if (left) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'regSmsTooEarly', { seconds: left }, undefined, {
      retry_after: left,
    });
  }
  await countFailure(deps.db, throttleName(number), caller.ip);
  const code = newSmsCode();
  await storeSmsCode(deps.db, number, code, now);
  try {
    await sendSms(deps, number, translate(caller.locale, 'regSmsText', { code, minutes: SMS_CODE_TTL_MINUTES }));
  } catch (err) {
    await dropSmsCode(deps.db, number); // not sent: no code to check, and the next ask may come at once
    throw err;
  }
  return { resend_seconds: SMS_RESEND_SECONDS };
}
