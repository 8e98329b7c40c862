import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { PERMISSIONS } from '@shared/permissions';
import type { EchoAnswer } from '@shared/schemas/dicom-forward';
import { device } from '../../db/schema';
import { echo } from '../../dicom/echo-scu';
import type { Caller } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/errors';
import { echoText } from './messages';
import { targetOf } from './service';

/** The guard of POST /device/echo, before validation: sys:device or patorder:fowardRpt. */
export const mayEcho: MiddlewareHandler<AppEnv> = async (c, next) => {
  const me = c.var.user;
  if (!me.isSuper && !me.perms.has(PERMISSIONS.SYS_DEVICE) && !me.perms.has(PERMISSIONS.FORWARD_RPT)) throw forbidden();
  await next();
};

/**
 * C-ECHO to a registered device (active or not: testing one before switching it on is the point) of the
 * caller's hospital, any hospital's for the super administrator; another hospital's device is 404.
 */
export async function echoDevice(
  { db, env }: Pick<AppDeps, 'db' | 'env'>,
  who: Caller,
  pk: number,
): Promise<EchoAnswer> {
  const { me } = who;
  const [d] = await db.select().from(device).where(eq(device.pk, pk));
  if (!d || (!me.isSuper && d.hospital_code !== me.hospital_code)) throw notFound();
  const target = targetOf(d, env.DICOM_AET);
  const r = await echo(target);
  return { ok: r.ok, ms: r.ms, msg: echoText(who.locale, r, target) };
}
