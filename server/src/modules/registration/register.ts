import { eq, sql } from 'drizzle-orm';
import { PHONE_RE } from '@shared/schemas/admin-user';
import { ACTIVATION_TTL_HOURS, REG_STATE, type RegisterInput, type RegisterResult } from '@shared/schemas/registration';
import type { AppDeps } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { sysUser } from '../../platform/db/schema';
import { hashPassword } from '../../platform/core/crypto';
import { AppError } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import { countFailure } from '../auth';
import { isUniqueViolation } from '../../platform/conflict';
import { fieldError } from '../../platform/http/field-error';
import { assertPasswordPolicy } from '../users';
import { activationLink, issueActivation } from './activation-token';
import { mailerOf, type SendMail } from './mailer';
import { assertNotThrottled, throttleName, type PublicCaller } from './send-code';
import { checkSmsCode } from './sms-code';

export interface RegisterCaller extends PublicCaller {
  /** The public base of links in mails (lib/public-origin.ts linkOrigin: never a request header). */
  origin: string;
}

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ pk: sysUser.pk })
    .from(sysUser)
    .where(sql`lower(${sysUser.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return !!row;
}

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, username)).limit(1);
  return !!row;
}

/** The account's rules that need the database: unique username and e-mail, then the SMS code. */
async function assertAcceptable(deps: Pick<AppDeps, 'db'>, input: RegisterInput, caller: PublicCaller, now: Date) {
  const { db } = deps;
  const number = `${input.prefix}${input.mobile}`;
  const refuse = async (field: string, key: Parameters<typeof translate>[1]) => {
    await countFailure(db, throttleName(number), caller.ip);
    return fieldError(caller.locale, field, key);
  };
  await assertPasswordPolicy(db, caller.locale, input.password);
  if (await usernameTaken(db, input.username)) throw await refuse('username', 'userExists');
  if (await emailTaken(db, input.email)) throw await refuse('email', 'regEmailExists');
  const code = await checkSmsCode(db, number, input.captcha, now);
  if (code === 'wrong') throw await refuse('captcha', 'regCaptchaWrong');
  if (code === 'expired') throw await refuse('captcha', 'regCaptchaExpired');
}

/** Creates the inactive account (no hospital, no role, reg_state 1) and its activation token, audited. */
async function createAccount(db: Db, input: RegisterInput, caller: PublicCaller, now: Date) {
  const password_hash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(sysUser)
        .values({
          username: input.username,
          ch_name: input.username,
          password_hash,
          email: input.email,
          // The users screen keeps its own phone rule (1[34578]); a number outside it stays in the registration.
          phone: PHONE_RE.test(input.mobile) ? input.mobile : '',
          hospital_code: '',
          role_pk: null,
          status: 0,
          reg_state: REG_STATE.pendingActivation,
          update_password_time: now,
        })
        .returning();
      const user = created!;
      const token = await issueActivation(tx, { pk: user.pk, prefix: input.prefix, mobile: input.mobile }, now);
      const who = { pk: user.pk, username: user.username };
      await auditChange(tx, who, {
        action: 'user_register',
        target: `sys_user:${user.pk}`,
        after: user,
        ip: caller.ip,
      });
      return { user, token };
    });
  } catch (err) {
    // Two registrations of one username at the same instant: the unique index decides.
    throw isUniqueViolation(err) ? fieldError(caller.locale, 'username', 'userExists') : err;
  }
}

export async function sendActivationMail(
  send: SendMail,
  to: { email: string; username: string },
  token: string,
  caller: RegisterCaller,
): Promise<void> {
  await send({
    to: to.email,
    subject: translate(caller.locale, 'regMailSubject'),
    text: translate(caller.locale, 'regMailText', {
      username: to.username,
      hours: ACTIVATION_TTL_HOURS,
      link: activationLink(caller.origin, token),
    }),
  });
}

/**
 * POST /user/register: every rule again, the SMS code consumed, an inactive account, the activation mail.
 * The mail goes after the account is committed: when it fails the account waits for resendActivation.
 */
export async function register(
  deps: Pick<AppDeps, 'db' | 'env' | 'log' | 'now'>,
  input: RegisterInput,
  caller: RegisterCaller,
): Promise<RegisterResult> {
  const send = mailerOf(deps.env);
  if (!send) throw new AppError(503, 'UNAVAILABLE', 'regMailNotConfigured');
  const now = deps.now?.() ?? new Date();
  await assertNotThrottled(deps, `${input.prefix}${input.mobile}`, caller.ip);
  await assertAcceptable(deps, input, caller, now);
  const { user, token } = await createAccount(deps.db, input, caller, now);
  try {
    await sendActivationMail(send, user, token, caller);
  } catch (err) {
    deps.log.warn(
      { event: 'activation_mail_failed', user_pk: user.pk, code: mailErrorCode(err) },
      'activation mail not sent',
    );
    throw new AppError(503, 'UNAVAILABLE', 'regMailFailed');
  }
  return { email: user.email, expires_hours: ACTIVATION_TTL_HOURS };
}

/** The mailer's error code only: its message may quote the recipient or the message. */
export const mailErrorCode = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? 'unknown');
