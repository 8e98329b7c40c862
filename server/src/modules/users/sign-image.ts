import { and, eq, gt, inArray, lte, desc, asc } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { auditLog, sysUser } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import type { Caller } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import { checkedImage, imageUrls, privateImagePath, storeImage } from '../../platform/images/image-asset';
import { managedUser } from './admin-scope';

type Deps = Pick<AppDeps, 'db' | 'images'>;

/** Whose signature: the caller's own, or a user the caller manages (admin-scope.ts decides). */
export type SignOwner = 'self' | { pk: number };

/** The signature's row, locked: one's own always; another's only within the caller's scope (404 / 403 otherwise). */
async function ownerRow(tx: Tx, c: Caller, owner: SignOwner): Promise<{ pk: number; sign: string }> {
  if (owner !== 'self') return managedUser(tx, c.me, owner.pk);
  const [row] = await tx
    .select({ pk: sysUser.pk, sign: sysUser.sign })
    .from(sysUser)
    .where(eq(sysUser.pk, c.me.pk))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The address a user's signature image is shown from, signed for the caller ('' none). */
export async function userSignUrl(deps: Deps, c: Caller, owner: SignOwner): Promise<string> {
  const sign = await deps.db.transaction(async (tx) => (await ownerRow(tx, c, owner)).sign);
  return imageUrls(deps.db)(sign);
}

/**
 * Sets (an upload) or removes (null) a user's signature image. The image is checked first, then the caller's
 * scope; only then do the bytes go to the image store (under their hash) and sys_user.sign to their address.
 * Audited with the address before and after (which userSignAt reads back).
 */
export async function setUserSign(deps: Deps, c: Caller, owner: SignOwner, file: File | null): Promise<string> {
  const img = file ? await checkedImage(file, c.locale) : null;
  const sign = await deps.db.transaction(async (tx) => {
    const before = await ownerRow(tx, c, owner);
    if (img) await storeImage(deps.images, img);
    const after = img ? privateImagePath(img) : '';
    await tx.update(sysUser).set({ sign: after }).where(eq(sysUser.pk, before.pk));
    await auditChange(tx, c.me, {
      action: img ? 'user_sign_upload' : 'user_sign_remove',
      target: `sys_user:${before.pk}`,
      before: { sign: before.sign },
      after: img
        ? { sign: after, mime: img.mime, bytes: img.bytes.length, width: img.width, height: img.height }
        : { sign: '' },
      ip: c.ip,
    });
    return after;
  });
  return imageUrls(deps.db)(sign);
}

const SIGN_CHANGES = ['user_sign_upload', 'user_sign_remove'];

/**
 * A user's signature image address as it stood at `at`, from the audit trail of its changes (the last change
 * before, else what the first change after replaced); with no change recorded, as it is now.
 */
export async function userSignAt(db: DbOrTx, userPk: number, at: Date): Promise<string> {
  const changes = and(eq(auditLog.target, `sys_user:${userPk}`), inArray(auditLog.action, SIGN_CHANGES));
  const detail = { detail: auditLog.detail };
  const [last] = await db
    .select(detail)
    .from(auditLog)
    .where(and(changes, lte(auditLog.time, at)))
    .orderBy(desc(auditLog.time), desc(auditLog.pk))
    .limit(1);
  if (last) return signIn(last.detail, 'after');
  const [next] = await db
    .select(detail)
    .from(auditLog)
    .where(and(changes, gt(auditLog.time, at)))
    .orderBy(asc(auditLog.time), asc(auditLog.pk))
    .limit(1);
  if (next) return signIn(next.detail, 'before');
  const [now] = await db.select({ sign: sysUser.sign }).from(sysUser).where(eq(sysUser.pk, userPk));
  return now?.sign ?? '';
}

const signIn = (detail: unknown, side: 'before' | 'after') => {
  const sign = (detail as Record<string, { sign?: unknown } | null> | null)?.[side]?.sign;
  return typeof sign === 'string' ? sign : '';
};
