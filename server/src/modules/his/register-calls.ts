import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { HisOrderData, HisOrderRow, QueryRegisterListSchema } from '@shared/schemas/his';
import type { Page } from '@shared/schemas/common';
import type { Locale } from '@shared/constants';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { hisOrder, study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { fmt } from '../../platform/core/time';
import { hospitalScope, inScope } from '../../platform/hospital-scope';
import { wildcardLike } from '../images';
import { HL7_ERROR } from './hl7-ack';
import { Refusal } from './hl7-map';
import { applyEvent } from './order-store';

type ListQuery = z.output<typeof QueryRegisterListSchema>;

const dayStart = (d: string) => new Date(`${d}T00:00:00`);
const nextDay = (d: string) => new Date(new Date(`${d}T00:00:00`).getTime() + 86_400_000);

/** POST /api/order/queryRegisterList: the orders the HIS placed, in the caller's hospitals, newest first. */
export async function queryRegisterList(db: Db, me: AuthUser, q: ListQuery): Promise<Page<HisOrderRow>> {
  const scope = await hospitalScope(db, me, q.sn);
  const like = q.keyword ? wildcardLike(`*${q.keyword}*`) : undefined;
  const where: (SQL | undefined)[] = [
    inScope(scope, hisOrder.hospital_code),
    q.status ? eq(hisOrder.status, q.status) : sql`${hisOrder.status} <> 'new'`,
    like
      ? or(
          ilike(hisOrder.patient_id, like),
          ilike(hisOrder.placer_no, like),
          ilike(hisOrder.accession_no, like),
          ilike(sql`${hisOrder.data}->'patient'->>'card_no'`, like),
          ilike(sql`${hisOrder.data}->'patient'->>'name'`, like),
        )
      : undefined,
    q.startDate ? gte(hisOrder.created_at, dayStart(q.startDate)) : undefined,
    q.endDate ? lt(hisOrder.created_at, nextDay(q.endDate)) : undefined,
  ];
  const [total] = await db
    .select({ n: count() })
    .from(hisOrder)
    .where(and(...where));
  const rows = await db
    .select({ o: hisOrder, iuid: study.study_iuid })
    .from(hisOrder)
    .leftJoin(study, eq(study.pk, hisOrder.study_pk))
    .where(and(...where))
    .orderBy(desc(hisOrder.created_at), desc(hisOrder.pk))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const totalRow = Number(total?.n ?? 0);
  return {
    list: rows.map(({ o, iuid }) => {
      const d = o.data as Partial<HisOrderData>;
      return {
        pk: o.pk,
        hospital_code: o.hospital_code,
        source: o.source,
        placer_no: o.placer_no,
        accession_no: o.accession_no,
        patient_id: o.patient_id,
        patient_name: d.patient?.name ?? '',
        modality: d.modality ?? '',
        study_desc: d.study_desc ?? '',
        scheduled_at: d.scheduled_at ? fmt(new Date(d.scheduled_at)) : '',
        status: o.status,
        study_iuid: iuid,
        created_at: fmt(o.created_at),
        updated_at: fmt(o.updated_at),
      };
    }),
    totalRow,
    totalPage: Math.ceil(totalRow / q.pageSize),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

export interface SyncResult {
  pk: number;
  ok: boolean;
  /** The study scheduled (ok). */
  study_iuid: string | null;
  /** Why not, in the caller's language. */
  reason: string;
}

/**
 * POST /api/order/syncRegisterInfo: the registration desk takes an order's details again as the HIS sent
 * them last, over what was edited since (a study deleted meanwhile comes back from the recycle bin). Orders
 * the HIS cancelled, or already performed (images, a report), are left as they are, with the reason.
 * Each order is its own transaction; an order outside the caller's hospitals is 404 for the whole call.
 */
export async function syncRegisterInfo(
  db: Db,
  who: { me: AuthUser; locale: Locale },
  pks: number[],
  now: Date,
): Promise<SyncResult[]> {
  const { me, locale } = who;
  const scope = await hospitalScope(db, me);
  const rows = await db
    .select()
    .from(hisOrder)
    .where(and(inScope(scope, hisOrder.hospital_code), inArray(hisOrder.pk, pks)));
  if (rows.length !== new Set(pks).size) throw notFound();
  const out: SyncResult[] = [];
  for (const o of rows) {
    if (o.status === 'cancelled') {
      out.push({ pk: o.pk, ok: false, study_iuid: null, reason: translate(locale, 'hisOrderCancelled') });
      continue;
    }
    const src = {
      source: o.source as 'hl7' | 'fhir',
      hospital_code: o.hospital_code,
      peer_pk: o.peer_pk ?? undefined,
      app_pk: o.app_pk ?? undefined,
      who: me.username,
      user_pk: me.pk,
      message_id: o.message_id,
      now,
    };
    try {
      const done = await applyEvent({ db }, src, {
        kind: 'order',
        action: 'change',
        order: o.data as unknown as HisOrderData,
      });
      const [s] = await db.select({ iuid: study.study_iuid }).from(study).where(eq(study.pk, done.study_pk!));
      out.push({ pk: o.pk, ok: true, study_iuid: s?.iuid ?? null, reason: '' });
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      const reason =
        e.answer.error === HL7_ERROR.recordLocked
          ? translate(locale, 'hisOrderPerformed')
          : e.forUser
            ? translate(locale, e.forUser.key, e.forUser.params)
            : translate(locale, 'hisOrderNotSynced', { why: e.message });
      out.push({ pk: o.pk, ok: false, study_iuid: null, reason });
    }
  }
  return out.sort((a, b) => pks.indexOf(a.pk) - pks.indexOf(b.pk));
}
