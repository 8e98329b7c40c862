import { randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuditAction } from '@shared/schemas/audit';
import type { HisOrderData, HisPatient } from '@shared/schemas/his';
import type { Db, Tx } from '../../platform/db/client';
import { hisOrder, report, study } from '../../platform/db/schema';
import { audit } from '../../platform/audit';
import { isUid, newUid } from '../../platform/core/uid';
import { HL7_ERROR } from './hl7-ack';
import { Refusal, type HisEvent } from './hl7-map';
import type { Fanout } from '../../platform/realtime/fanout';
import type { QueueEvent } from '../../platform/realtime/queue-events';
import { leaveQueue, publishQueueEvents } from '../queue';

/** Who placed the order: an HL7 interface or a third-party app (FHIR), of one hospital. */
export interface OrderSource {
  source: 'hl7' | 'fhir';
  hospital_code: string;
  peer_pk?: number;
  app_pk?: number;
  /** As the audit trail names it: 'HIS:<interface name>' or 'app:<name>'. */
  who: string;
  /** MSH-10 or the FHIR resource's id. */
  message_id: string;
  /** A signed-in user acting on the order (the registration desk's sync), for the audit trail. */
  user_pk?: number;
  now: Date;
}

export interface Applied {
  /** The study the event scheduled, changed or cancelled (none for a patient update). */
  study_pk?: number;
  /** Studies changed (patient update, merge). */
  studies?: number;
  /** Queue rooms to refresh (a cancelled order's patient left the queue), published after the commit. */
  queue?: QueueEvent[];
}

/** H + day + 6 random digits: an accession for an order the HIS sent without one. */
const newAccessionNo = (now: Date) =>
  `H${dayjs(now).format('YYYYMMDD')}${(randomBytes(4).readUInt32BE() % 1_000_000).toString().padStart(6, '0')}`;

/** An age as the platform writes it (45Y, 7M, 12D) at a time, from a YYYYMMDD birth date; '' when unknown. */
export function ageAt(birth: string, at: Date): string {
  if (!/^\d{8}$/.test(birth)) return '';
  const b = dayjs(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`);
  if (!b.isValid() || b.isAfter(at)) return '';
  const years = dayjs(at).diff(b, 'year');
  if (years >= 1) return `${Math.min(years, 150)}Y`;
  const months = dayjs(at).diff(b, 'month');
  return months >= 1 ? `${months}M` : `${dayjs(at).diff(b, 'day')}D`;
}

const performed = (s: { has_dicom_file: number; file_count: number }) => s.has_dicom_file !== 0 || s.file_count > 0;

/** Whether any report of the study is past a draft (saved, audited): the HIS can no longer change or cancel it. */
async function reported(tx: Tx, studyPk: number): Promise<boolean> {
  const [r] = await tx
    .select({ pk: report.rpt_pk })
    .from(report)
    .where(and(eq(report.study_pk, studyPk), sql`${report.rpt_status} >= 1`))
    .limit(1);
  return !!r;
}

function studyFields(o: HisOrderData, at: Date) {
  return {
    patient_id: o.patient.id,
    patient_name: o.patient.name,
    patient_sex: o.patient.sex,
    patient_age: ageAt(o.patient.birth_date, at),
    patient_phone: o.patient.phone,
    card_no: o.patient.card_no,
    patient_type: o.patient_type,
    modality: o.modality,
    study_desc: o.study_desc,
    study_desc_value: o.study_desc ? [{ key: o.procedure_code || o.study_desc, label: o.study_desc }] : [],
    study_datetime: at,
    department: o.department,
    bed_no: o.bed_no,
    price: o.price || null,
    sq_doctor: o.sq_doctor,
    diagnosis: o.diagnosis,
  };
}

async function assertAccessionFree(tx: Tx, hospital: string, accession: string, own: number | null) {
  const [other] = await tx
    .select({ pk: study.pk })
    .from(study)
    .where(
      and(
        eq(study.hospital_code, hospital),
        eq(study.accession_no, accession),
        eq(study.is_del, 0),
        own ? ne(study.pk, own) : undefined,
      ),
    )
    .limit(1);
  if (other)
    throw new Refusal(
      { code: 'AE', error: HL7_ERROR.unknownKey, text: `accession number ${accession} belongs to another study` },
      { key: 'hisAccessionTaken', params: { accession } },
    );
}

const trail = (tx: Tx, src: OrderSource, action: AuditAction, target: string, detail: Record<string, unknown>) =>
  audit(tx, { user_pk: src.user_pk ?? null, username: src.who.slice(0, 64), action, target, detail });

/** Locks the order row (placer number in the hospital), making it first when it is new. */
async function lockOrder(tx: Tx, src: OrderSource, placer: string) {
  await tx
    .insert(hisOrder)
    .values({
      hospital_code: src.hospital_code,
      source: src.source,
      peer_pk: src.peer_pk ?? null,
      app_pk: src.app_pk ?? null,
      placer_no: placer,
      status: 'new',
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(hisOrder)
    .where(and(eq(hisOrder.hospital_code, src.hospital_code), eq(hisOrder.placer_no, placer)))
    .for('update');
  return row!;
}

/**
 * An order is changed or cancelled only by the kind of system that placed it: an HIS interface (any of the
 * hospital's) or the app that placed it. Another app cannot cancel the HIS's order, nor the HIS an app's.
 */
function assertOwnOrder(row: typeof hisOrder.$inferSelect, src: OrderSource) {
  if (row.status === 'new') return;
  if (row.source === src.source && (src.source === 'hl7' || row.app_pk === src.app_pk)) return;
  throw new Refusal({
    code: 'AE',
    error: HL7_ERROR.unknownKey,
    text: `order ${row.placer_no} was placed by another system of the hospital`,
  });
}

async function schedule(tx: Tx, src: OrderSource, o: HisOrderData, change: boolean): Promise<Applied> {
  const row = await lockOrder(tx, src, o.placer_no);
  assertOwnOrder(row, src);
  const known = row.status !== 'new';
  if (change && !known)
    throw new Refusal({ code: 'AE', error: HL7_ERROR.unknownKey, text: `no order ${o.placer_no} to change` });
  const at = o.scheduled_at ? new Date(o.scheduled_at) : src.now;
  const [current] = row.study_pk ? await tx.select().from(study).where(eq(study.pk, row.study_pk)).for('update') : [];
  if (current && (performed(current) || (await reported(tx, current.pk))))
    throw new Refusal({
      code: 'AE',
      error: HL7_ERROR.recordLocked,
      text: `order ${o.placer_no} has been performed (images or a report): change it at the radiology department`,
    });
  const accession = o.accession_no || current?.accession_no || newAccessionNo(src.now);
  await assertAccessionFree(tx, src.hospital_code, accession, current?.pk ?? null);
  const fields = { ...studyFields(o, at), accession_no: accession };
  let studyPk: number;
  if (current) {
    // A cancelled order placed again comes back from the recycle bin with the new details.
    await tx
      .update(study)
      .set({ ...fields, is_del: 0, deleted_at: null, deleted_by: '', delete_reason: '' })
      .where(eq(study.pk, current.pk));
    studyPk = current.pk;
  } else {
    const uid = isUid(o.study_iuid) ? o.study_iuid : newUid();
    const [taken] = await tx.select({ pk: study.pk }).from(study).where(eq(study.study_iuid, uid));
    const [made] = await tx
      .insert(study)
      .values({ ...fields, study_iuid: taken ? newUid() : uid, hospital_code: src.hospital_code })
      .returning({ pk: study.pk });
    studyPk = made!.pk;
    await tx.insert(report).values({ study_pk: studyPk, rpt_position: 1 });
  }
  await tx
    .update(hisOrder)
    .set({
      status: 'scheduled',
      study_pk: studyPk,
      accession_no: accession,
      patient_id: o.patient.id,
      data: o as unknown as Record<string, unknown>,
      message_id: src.message_id,
      updated_at: src.now,
    })
    .where(eq(hisOrder.pk, row.pk));
  await trail(tx, src, known ? 'his.order_change' : 'his.order_new', `study:${studyPk}`, {
    placer_no: o.placer_no,
    accession_no: accession,
    message_id: src.message_id,
  });
  return { study_pk: studyPk };
}

async function cancel(tx: Tx, src: OrderSource, o: HisOrderData): Promise<Applied> {
  const row = await lockOrder(tx, src, o.placer_no);
  if (row.status === 'new')
    throw new Refusal({ code: 'AE', error: HL7_ERROR.unknownKey, text: `no order ${o.placer_no} to cancel` });
  assertOwnOrder(row, src);
  if (row.status === 'cancelled') return { study_pk: row.study_pk ?? undefined };
  const [s] = row.study_pk ? await tx.select().from(study).where(eq(study.pk, row.study_pk)).for('update') : [];
  if (s && (performed(s) || (await reported(tx, s.pk))))
    throw new Refusal({
      code: 'AE',
      error: HL7_ERROR.recordLocked,
      text: `order ${o.placer_no} has been performed (images or a report): it cannot be cancelled from the HIS`,
    });
  const queue =
    s && !s.is_del ? await leaveQueue(tx, [s.pk], { pk: null, username: src.who.slice(0, 64), ip: '' }) : [];
  if (s && !s.is_del)
    await tx
      .update(study)
      .set({
        is_del: 1,
        deleted_at: src.now,
        deleted_by: src.who.slice(0, 64),
        delete_reason: `order ${o.placer_no} cancelled by the HIS`.slice(0, 256),
      })
      .where(eq(study.pk, s.pk));
  await tx
    .update(hisOrder)
    .set({ status: 'cancelled', message_id: src.message_id, updated_at: src.now })
    .where(eq(hisOrder.pk, row.pk));
  await trail(tx, src, 'his.order_cancel', s ? `study:${s.pk}` : `his_order:${row.pk}`, {
    placer_no: o.placer_no,
    message_id: src.message_id,
  });
  return { study_pk: s?.pk, queue };
}

/**
 * A patient's details changed at the HIS: every live study of that patient id in the hospital takes them,
 * except those with an audited report (what was signed off stays as it was signed off).
 */
async function updatePatient(tx: Tx, src: OrderSource, p: HisPatient, visit: { patient_type: number | null }) {
  const rows = await tx
    .select({ pk: study.pk, at: study.study_datetime })
    .from(study)
    .where(
      and(
        eq(study.hospital_code, src.hospital_code),
        eq(study.patient_id, p.id),
        eq(study.is_del, 0),
        sql`not exists (select 1 from ${report} r where r.study_pk = ${study.pk} and r.rpt_status = 2)`,
      ),
    )
    .for('update');
  for (const r of rows)
    await tx
      .update(study)
      .set({
        patient_name: p.name,
        patient_sex: p.sex,
        ...(p.birth_date ? { patient_age: ageAt(p.birth_date, r.at) } : {}),
        ...(p.phone ? { patient_phone: p.phone } : {}),
        ...(p.card_no ? { card_no: p.card_no } : {}),
        ...(visit.patient_type ? { patient_type: visit.patient_type } : {}),
      })
      .where(eq(study.pk, r.pk));
  await trail(tx, src, 'his.patient_update', `patient:${p.id}`, {
    studies: rows.map((r) => r.pk),
    message_id: src.message_id,
  });
  return { studies: rows.length };
}

/** ADT^A40: the prior patient id's studies (all of them, audited too: they are this patient's) move to the surviving id. */
async function merge(tx: Tx, src: OrderSource, p: HisPatient, fromId: string): Promise<Applied> {
  const moved = await tx
    .update(study)
    .set({ patient_id: p.id })
    .where(and(eq(study.hospital_code, src.hospital_code), eq(study.patient_id, fromId)))
    .returning({ pk: study.pk });
  await tx
    .update(hisOrder)
    .set({ patient_id: p.id, updated_at: src.now })
    .where(and(eq(hisOrder.hospital_code, src.hospital_code), eq(hisOrder.patient_id, fromId)));
  await trail(tx, src, 'his.patient_merge', `patient:${p.id}`, {
    from: fromId,
    studies: moved.map((r) => r.pk),
    message_id: src.message_id,
  });
  const updated = await updatePatient(tx, src, p, { patient_type: null });
  return { studies: Math.max(moved.length, updated.studies) };
}

/**
 * Applies one HIS event in one transaction: all of it or nothing. Throws Refusal for what cannot be taken.
 * Queue screens are told (`fanout`) once it committed.
 */
export async function applyEvent(deps: { db: Db; fanout?: Fanout }, src: OrderSource, e: HisEvent): Promise<Applied> {
  const applied: Applied = await deps.db.transaction(async (tx): Promise<Applied> => {
    if (e.kind === 'order')
      return e.action === 'cancel' ? cancel(tx, src, e.order) : schedule(tx, src, e.order, e.action === 'change');
    if (e.kind === 'merge') return merge(tx, src, e.patient, e.from_id);
    return updatePatient(tx, src, e.patient, e.visit);
  });
  if (deps.fanout && applied.queue?.length) await publishQueueEvents({ fanout: deps.fanout }, applied.queue);
  return applied;
}

/** The studies (pks) of HIS orders, for the spec's calls: rows of the hospitals given. */
export const ordersOf = (db: Db, pks: number[]) => db.select().from(hisOrder).where(inArray(hisOrder.pk, pks));
