import { and, eq, isNull, ne } from 'drizzle-orm';
import type { UpdatePassword } from '@shared/schemas/account';
import { STRONG_PASSWORD_RE } from '@shared/constants';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { session, sysUser } from '../../platform/db/schema';
import { hashPassword } from '../../platform/core/crypto';
import { AppError, notFound } from '../../platform/core/errors';
import { audit } from '../../platform/audit';
import { findUser } from './find-user';
import { checkOwnPassword } from './own-password';

/**
 * Changes the signed-in user's password. A wrong old password counts as on the lock screen.
 * Other sessions of the user end: whoever knew the old password is signed out.
 */
export async function updatePassword(
  db: Db,
  me: AuthUser,
  body: UpdatePassword,
  from: { ip: string; device: string },
): Promise<void> {
  if (!STRONG_PASSWORD_RE.test(body.new_password)) throw new AppError(400, 'PASSWORD_POLICY', 'passwordPolicy');
  if (body.new_password !== body.repeat_password) throw new AppError(400, 'VALIDATION', 'passwordMismatch');
  if (body.new_password === body.old_password) throw new AppError(400, 'VALIDATION', 'passwordUnchanged');
  const found = await findUser(db, { pk: me.pk });
  if (!found) throw notFound();
  const caller = { user: found.u, sessionPk: me.sessionPk, ...from };
  await checkOwnPassword(db, caller, body.old_password, 'password_change');
  await db
    .update(sysUser)
    .set({
      password_hash: await hashPassword(body.new_password),
      update_password_time: new Date(),
      must_change_password: 0,
    })
    .where(eq(sysUser.pk, me.pk));
  await db
    .update(session)
    .set({ revoked_at: new Date() })
    .where(and(eq(session.user_pk, me.pk), ne(session.pk, me.sessionPk), isNull(session.revoked_at)));
  await audit(db, { user_pk: me.pk, username: me.username, action: 'password_change' });
}
