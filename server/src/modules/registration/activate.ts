import { and, eq, sql } from 'drizzle-orm';
import { REG_STATE, type ActivateResult } from '@shared/schemas/registration';
import type { AppDeps } from '../../platform/context';
import { sysUser, userActivation } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import { countFailure, waitSeconds, tooManyAttempts } from '../auth';
import { issueActivation, tokenMatches } from './activation-token';
import { mailerOf } from './mailer';
import { mailErrorCode, sendActivationMail, type RegisterCaller } from './register';
import type { PublicCaller } from './send-code';

type LinkProblem = 'unknown' | 'used' | 'expired';
const PROBLEM_KEY: Record<LinkProblem, MessageKey> = {
  unknown: 'regLinkUnknown',
  used: 'regLinkUsed',
  expired: 'regLinkExpired',
};

/** 400 naming the token, with `data.reason` so the page can offer a new mail (expired, unknown) or sign-in (used). */
function linkRefused(caller: PublicCaller, reason: LinkProblem): AppError {
  const e = new AppError(400, 'VALIDATION', PROBLEM_KEY[reason], undefined, undefined, { reason });
  e.errors = [{ field: 'token', msg: translate(caller.locale, PROBLEM_KEY[reason]) }];
  return e;
}

/**
 * POST|GET /user/activate: the mail's link, once and within 24 hours. The account then waits for an
 * administrator (reg_state 2), or is active at once when one already gave it a hospital and a role.
 */
export async function activate(
  deps: Pick<AppDeps, 'db' | 'now'>,
  token: string,
  caller: PublicCaller,
): Promise<ActivateResult> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ a: userActivation, u: sysUser })
      .from(userActivation)
      .innerJoin(sysUser, eq(sysUser.pk, userActivation.user_pk))
      .where(eq(userActivation.token_hash, sha256Hex(token)))
      .for('update');
    if (!row || !tokenMatches(token, row.a.token_hash)) throw linkRefused(caller, 'unknown');
    if (row.a.used_at || row.u.reg_state !== REG_STATE.pendingActivation) throw linkRefused(caller, 'used');
    if (row.a.expires_at <= now) throw linkRefused(caller, 'expired');
    await tx.update(userActivation).set({ used_at: now }).where(eq(userActivation.user_pk, row.u.pk));
    const assigned = row.u.role_pk !== null && row.u.hospital_code !== '';
    const [after] = await tx
      .update(sysUser)
      .set(assigned ? { reg_state: REG_STATE.none, status: 1 } : { reg_state: REG_STATE.awaitingAssignment })
      .where(eq(sysUser.pk, row.u.pk))
      .returning();
    const who = { pk: row.u.pk, username: row.u.username };
    const target = `sys_user:${row.u.pk}`;
    await auditChange(tx, who, { action: 'user_activate', target, before: row.u, after, ip: caller.ip });
    return { username: row.u.username, state: assigned ? 'active' : 'awaiting_assignment' };
  });
}

const resendName = (email: string) => `reg-mail:${sha256Hex(email.toLowerCase()).slice(0, 40)}`;

/**
 * POST /user/resendActivation: a new link for an account still waiting for its mail. The answer is the
 * same whether or not there is one, and the mail goes out after the answer (its time tells nothing either).
 */
export async function resendActivation(
  deps: Pick<AppDeps, 'db' | 'env' | 'log' | 'now'>,
  email: string,
  caller: RegisterCaller,
): Promise<void> {
  const wait = await waitSeconds(deps.db, resendName(email), caller.ip);
  if (wait) throw tooManyAttempts(wait);
  await countFailure(deps.db, resendName(email), caller.ip);
  // Without mail the answer stays the same (it must not tell whether the address waits for activation).
  const now = deps.now?.() ?? new Date();
  const issued = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ u: sysUser, a: userActivation })
      .from(sysUser)
      .innerJoin(userActivation, eq(userActivation.user_pk, sysUser.pk))
      .where(
        and(eq(sysUser.reg_state, REG_STATE.pendingActivation), sql`lower(${sysUser.email}) = ${email.toLowerCase()}`),
      )
      .limit(1)
      .for('update');
    if (!row) return null;
    const token = await issueActivation(tx, { pk: row.u.pk, prefix: row.a.prefix, mobile: row.a.mobile }, now);
    return { user: row.u, token };
  });
  const send = mailerOf(deps.env);
  if (!send) deps.log.warn({ event: 'mail_not_configured' }, 'mail not configured: no activation mail sent');
  if (!issued || !send) return;
  sendActivationMail(send, issued.user, issued.token, caller).catch((err: unknown) => {
    deps.log.warn({ event: 'activation_mail_failed', user_pk: issued.user.pk, code: mailErrorCode(err) }, 'mail');
  });
}
