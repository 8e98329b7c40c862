import { eq, sql, type SQL } from 'drizzle-orm';
import type { CriticalRow } from '@shared/schemas/critical';
import type { DbOrTx } from '../../platform/db/client';
import { criticalResult, study } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';

/** A critical result as lists and pushes show it: the loop and whose study it is. */
export const criticalColumns = {
  pk: criticalResult.pk,
  study_iuid: study.study_iuid,
  hospital_code: criticalResult.hospital_code,
  patient_id: study.patient_id,
  patient_name: study.patient_name,
  accession_no: study.accession_no,
  modality: study.modality,
  department: criticalResult.department,
  text: criticalResult.text,
  status: criticalResult.status,
  set_by_name: criticalResult.set_by_name,
  set_at: criticalResult.set_at,
  notified: criticalResult.notified,
  escalated_at: criticalResult.escalated_at,
  ack_by_name: criticalResult.ack_by_name,
  ack_at: criticalResult.ack_at,
  ack_note: criticalResult.ack_note,
};

type Selected = {
  [K in keyof typeof criticalColumns]: (typeof criticalColumns)[K]['_']['data'] | null;
};

export const selectCritical = (db: DbOrTx) =>
  db.select(criticalColumns).from(criticalResult).innerJoin(study, eq(study.pk, criticalResult.study_pk)).$dynamic();

/** Minutes from set to acknowledgement, to one decimal. */
const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 6000) / 10;

export function shownCritical(r: Selected): CriticalRow {
  const setAt = r.set_at as Date;
  return {
    pk: r.pk as number,
    study_iuid: r.study_iuid as string,
    hospital_code: r.hospital_code as string,
    patient_id: r.patient_id ?? '',
    patient_name: r.patient_name ?? '',
    accession_no: r.accession_no ?? '',
    modality: r.modality ?? '',
    department: r.department ?? '',
    text: r.text ?? '',
    status: r.status as number,
    set_by_name: r.set_by_name ?? '',
    set_at: fmt(setAt),
    notified: r.notified ?? 0,
    escalated_at: fmt(r.escalated_at),
    ack_by_name: r.ack_by_name ?? '',
    ack_at: fmt(r.ack_at),
    ack_note: r.ack_note ?? '',
    ack_minutes: r.ack_at ? minutesBetween(setAt, r.ack_at) : null,
  };
}

/** One loop as shown, or undefined. */
export async function criticalRow(db: DbOrTx, where: SQL): Promise<CriticalRow | undefined> {
  const [r] = await selectCritical(db).where(where).limit(1);
  return r ? shownCritical(r) : undefined;
}

export const withdrawnSince = (since: Date) =>
  sql`${criticalResult.status} = 2 and ${criticalResult.closed_at} >= ${since.toISOString()}::timestamptz`;
