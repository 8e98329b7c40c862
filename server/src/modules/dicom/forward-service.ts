import { and, asc, eq } from 'drizzle-orm';
import type { ForwardImage, ForwardRequest, ForwardResult } from '@shared/schemas/dicom-forward';
import type { AppDeps } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { device, instance, series } from '../../platform/db/schema';
import { storeInstances, type StoreFailure, type StoreItem, type StoreOutcome, type StoreTarget } from './store-scu';
import { visibleStudy } from '../images';
import type { Caller } from '../../platform/http/caller';
import { AppError, forbidden } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { OutboundRefused, OutboundUnresolved, type OutboundPolicy } from '../../platform/core/outbound';
import { refusedAddress } from '../../platform/core/outbound-refusal';
import { auditChange } from '../../platform/audit';
import { failureText } from './forward-messages';

type DeviceRecord = typeof device.$inferSelect;

/** Where a device listens, called with our AE title (the listener's: the DICOM_AET setting). */
export const targetOf = (d: DeviceRecord, ourAet: string): StoreTarget => ({
  host: d.ip,
  port: d.port,
  callingAet: ourAet,
  calledAet: d.aet,
  connectTimeoutMs: 5000,
  idleTimeoutMs: 30_000,
});

const sameHost = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The device a forward may go to: registered, active, of the caller's hospital (any for the super
 * administrator), and matching the request's AE title, address and port all three. Decided before any
 * connection, so the route cannot be used to reach an arbitrary address.
 */
export async function forwardDevice(db: Db, who: Caller, req: Pick<ForwardRequest, 'aet' | 'ip' | 'port'>) {
  const [d] = await db.select().from(device).where(eq(device.aet, req.aet));
  const refused = () =>
    new AppError(400, 'VALIDATION', 'fwdNotRegistered', { aet: req.aet, ip: req.ip, port: String(req.port) });
  if (!d || d.status !== 1 || !sameHost(d.ip, req.ip) || d.port !== Number(req.port)) throw refused();
  if (!who.me.isSuper && d.hospital_code !== who.me.hospital_code) throw forbidden('fwdOtherHospital');
  return d;
}

/** The study's images to send (not deleted), in series and instance order. */
async function studyImages(db: Db, studyPk: number) {
  return db
    .select({
      sop_iuid: instance.sop_iuid,
      sop_class_uid: instance.sop_class_uid,
      transfer_syntax: instance.transfer_syntax,
      storage_key: instance.storage_key,
    })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(and(eq(instance.study_pk, studyPk), eq(instance.del_image, 0)))
    .orderBy(asc(series.series_number), asc(series.pk), asc(instance.instance_number), asc(instance.pk));
}

export interface ForwardJob {
  device: DeviceRecord;
  /** The device's address as the outbound policy checked it; null when its name does not resolve now. */
  address: string | null;
  studyPk: number;
  studyIuid: string;
  images: Awaited<ReturnType<typeof studyImages>>;
}

/** The address to connect to: refused by the outbound policy is 400 naming ip; a name without address null. */
async function deviceAddress(outbound: OutboundPolicy, who: Caller, host: string): Promise<string | null> {
  try {
    return (await outbound.resolve(host))[0]!;
  } catch (err) {
    if (err instanceof OutboundRefused) throw refusedAddress(who.locale, 'ip', err.reason);
    if (err instanceof OutboundUnresolved) return null;
    throw err;
  }
}

/**
 * Every refusal of a forward (scope 404, device 400/403, an address the outbound policy refuses 400, no
 * images 400), checked before anything is sent.
 */
export async function prepareForward(
  db: Db,
  who: Caller,
  req: ForwardRequest,
  outbound: OutboundPolicy,
): Promise<ForwardJob> {
  const study = await visibleStudy(db, who.me, req.study_iuid);
  const d = await forwardDevice(db, who, req);
  const address = await deviceAddress(outbound, who, d.ip);
  const images = await studyImages(db, study.pk);
  if (!images.length) throw new AppError(400, 'VALIDATION', 'fwdNoImages');
  return { device: d, address, studyPk: study.pk, studyIuid: req.study_iuid, images };
}

export interface ForwardAnswer {
  success: boolean;
  msg: string;
  data: ForwardResult;
}

/**
 * Sends the study over one association, reporting each image as it is done, then writes the audit row
 * `study.forward` in the caller's name. success only when every image was sent.
 */
export async function runForward(
  deps: Pick<AppDeps, 'db' | 'images' | 'env'>,
  who: Caller,
  job: ForwardJob,
  onImage: (image: ForwardImage, done: number) => void | Promise<void>,
): Promise<ForwardAnswer> {
  const target = targetOf(job.device, deps.env.DICOM_AET);
  const results: ForwardImage[] = [];
  const sopClassOf = new Map(job.images.map((i) => [i.sop_iuid, i.sop_class_uid]));
  const items: StoreItem[] = job.images.map((i) => ({
    sopIuid: i.sop_iuid,
    sopClass: i.sop_class_uid,
    transferSyntax: i.transfer_syntax,
    open: async () => (await deps.images.get(i.storage_key))?.body ?? null,
  }));
  const pending: Promise<void>[] = [];
  const report = (o: StoreOutcome) => {
    const image: ForwardImage = o.ok
      ? { sop_iuid: o.sopIuid, status: 'sent', msg: translate(who.locale, 'fwdSent') }
      : {
          sop_iuid: o.sopIuid,
          status: 'failed',
          msg: failureText(who.locale, o.failure, target, sopClassOf.get(o.sopIuid)),
        };
    results.push(image);
    pending.push(Promise.resolve(onImage(image, results.length)));
  };
  if (job.address) await storeInstances({ ...target, host: job.address }, items, report);
  else {
    const failure: StoreFailure = { kind: 'net', failure: 'unreachable', detail: 'the host name does not resolve' };
    for (const i of items) report({ sopIuid: i.sopIuid, ok: false, failure });
  }
  await Promise.all(pending);
  const sent = results.filter((r) => r.status === 'sent').length;
  const failed = results.length - sent;
  const d = job.device;
  await deps.db.transaction((tx) =>
    auditChange(tx, who.me, {
      action: 'study.forward',
      target: `study:${job.studyPk}`,
      before: null,
      after: {
        study_iuid: job.studyIuid,
        device: { pk: d.pk, name: d.name, aet: d.aet, ip: d.ip, port: d.port, hospital_code: d.hospital_code },
        total: results.length,
        sent,
        failed,
      },
      ip: who.ip,
    }),
  );
  return {
    success: failed === 0,
    msg: translate(who.locale, 'fwdDone', { device: `${d.name} (${d.aet})`, sent, failed }),
    data: { device: { pk: d.pk, name: d.name, aet: d.aet }, total: results.length, sent, failed, images: results },
  };
}
