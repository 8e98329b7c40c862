import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../platform/context';
import { PERMISSIONS } from '@shared/permissions';
import type { EchoAnswer } from '@shared/schemas/dicom-forward';
import { device } from '../../platform/db/schema';
import { echo, type EchoResult } from './echo-scu';
import type { Caller } from '../../platform/http/caller';
import { forbidden, notFound } from '../../platform/core/errors';
import { OutboundRefused, OutboundUnresolved, outboundPolicy } from '../../platform/core/outbound';
import { refusedAddress } from '../../platform/core/outbound-refusal';
import { echoText } from './forward-messages';
import { targetOf } from './forward-service';

/** The guard of POST /device/echo, before validation: sys:device or patorder:fowardRpt. */
export const mayEcho: MiddlewareHandler<AppEnv> = async (c, next) => {
  const me = c.var.user;
  if (!me.isSuper && !me.perms.has(PERMISSIONS.SYS_DEVICE) && !me.perms.has(PERMISSIONS.FORWARD_RPT)) throw forbidden();
  await next();
};

/**
 * C-ECHO to a registered device (active or not: testing one before switching it on is the point) of the
 * caller's hospital, any hospital's for the super administrator; another hospital's device is 404, an
 * address the outbound policy refuses 400. The answer says only whether a DICOM device answered, rejected
 * the association, or no DICOM device is there: what else the peer did (refused, hung up, stayed silent,
 * answered another protocol) goes to the server log, never to the caller.
 */
export async function echoDevice(
  { db, env, log }: Pick<AppDeps, 'db' | 'env' | 'log'>,
  who: Caller,
  pk: number,
): Promise<EchoAnswer> {
  const { me } = who;
  const [d] = await db.select().from(device).where(eq(device.pk, pk));
  if (!d || (!me.isSuper && d.hospital_code !== me.hospital_code)) throw notFound();
  const target = targetOf(d, env.DICOM_AET);
  const started = performance.now();
  let r: EchoResult;
  try {
    const [address] = await outboundPolicy(env).resolve(d.ip);
    r = await echo({ ...target, host: address! });
  } catch (err) {
    if (err instanceof OutboundRefused) throw refusedAddress(who.locale, 'ip', err.reason);
    if (!(err instanceof OutboundUnresolved)) throw err;
    r = { ok: false, ms: Math.round(performance.now() - started), failure: 'unreachable', detail: err.message };
  }
  if (!r.ok)
    log.info({ device: d.pk, port: d.port, failure: r.failure, detail: r.detail.slice(0, 200) }, 'C-ECHO failed');
  return { ok: r.ok, ms: r.ms, msg: echoText(who.locale, r, target) };
}
