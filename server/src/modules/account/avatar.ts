import { eq } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { AVATAR_MAX_BYTES } from '@shared/schemas/account';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { sysUser, userAvatar } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import { imageType } from '../../platform/images/image-bytes';

function fileError(locale: Locale, key: 'avatarType' | 'avatarTooLarge'): AppError {
  const params = { kib: AVATAR_MAX_BYTES / 1024 };
  const e = new AppError(400, 'VALIDATION', key, params);
  e.errors = [{ field: 'file', msg: translate(locale, key, params) }];
  return e;
}

/** The avatar's address: the owner's uuid, and a version so a new upload is a new URL (cached for good). */
export const avatarPath = (uuid: string, version: Date) => `/user/avatar/${uuid}?v=${version.getTime()}`;

/** Stores the caller's avatar (jpg or png by magic bytes, at most 512 KiB) and points head_photo at it. */
export async function saveAvatar(db: Db, me: AuthUser, file: File, meta: { ip: string; locale: Locale }) {
  if (file.size > AVATAR_MAX_BYTES) throw fileError(meta.locale, 'avatarTooLarge');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mime = imageType(bytes);
  if (!mime) throw fileError(meta.locale, 'avatarType');
  const now = new Date();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ head_photo: sysUser.head_photo, uuid: sysUser.uuid })
      .from(sysUser)
      .where(eq(sysUser.pk, me.pk))
      .for('update');
    if (!before) throw notFound();
    const data = Buffer.from(bytes).toString('base64');
    await tx
      .insert(userAvatar)
      .values({ user_pk: me.pk, mime, data, update_time: now })
      .onConflictDoUpdate({ target: userAvatar.user_pk, set: { mime, data, update_time: now } });
    const head_photo = avatarPath(before.uuid, now);
    await tx.update(sysUser).set({ head_photo }).where(eq(sysUser.pk, me.pk));
    await auditChange(tx, me, {
      action: 'avatar_upload',
      target: `sys_user:${me.pk}`,
      before: { head_photo: before.head_photo },
      after: { head_photo, mime, bytes: bytes.length },
      ip: meta.ip,
    });
  });
}

/** A user's avatar by their uuid, or null. */
export async function readAvatar(db: Db, uuid: string) {
  const [row] = await db
    .select({ mime: userAvatar.mime, data: userAvatar.data, update_time: userAvatar.update_time })
    .from(userAvatar)
    .innerJoin(sysUser, eq(sysUser.pk, userAvatar.user_pk))
    .where(eq(sysUser.uuid, uuid))
    .limit(1);
  return row ?? null;
}
