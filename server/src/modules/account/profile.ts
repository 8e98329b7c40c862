import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { BIRTHDAY_MIN, type UpdateProfileSchema } from '@shared/schemas/account';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { sysUser } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';

type Profile = z.output<typeof UpdateProfileSchema>;
const PROFILE_FIELDS = ['ch_name', 'en_name', 'gender', 'birthday', 'phone', 'email'] as const;

const pick = (row: Record<string, unknown>) => Object.fromEntries(PROFILE_FIELDS.map((k) => [k, row[k]]));

/** The caller's own profile fields, written with an audit row (before and after) in one transaction. */
export async function updateProfile(
  db: Db,
  me: AuthUser,
  input: Profile,
  meta: { ip: string; locale: Locale },
): Promise<void> {
  if (input.birthday < BIRTHDAY_MIN || input.birthday > dayjs().format('YYYY-MM-DD')) {
    const msg = translate(meta.locale, 'profileBirthday');
    throw AppError.validation('profileBirthday', [{ field: 'birthday', msg }]);
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(sysUser).where(eq(sysUser.pk, me.pk)).for('update');
    if (!before) throw notFound();
    const [after] = await tx.update(sysUser).set(input).where(eq(sysUser.pk, me.pk)).returning();
    await auditChange(tx, me, {
      action: 'profile_update',
      target: `sys_user:${me.pk}`,
      before: pick(before),
      after: pick(after!),
      ip: meta.ip,
    });
  });
}
