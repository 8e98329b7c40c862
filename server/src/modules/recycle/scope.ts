import { asc, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Tx } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';

export type StudyRecord = typeof study.$inferSelect;

/** The caller may address the study: their hospital (any for the super administrator) and modalities (data2). */
export const addressable = (me: AuthUser, s: Pick<StudyRecord, 'hospital_code' | 'modality'>) =>
  (me.isSuper || s.hospital_code === me.hospital_code) && (!me.modalities.length || me.modalities.includes(s.modality));

/** In the recycle bin: deleted by deleteStudy (a registration the desk deleted has no deleted_at and stays the desk's). */
export const inBin = (s: Pick<StudyRecord, 'is_del' | 'deleted_at'>) => s.is_del === 1 && s.deleted_at !== null;
export const inBinSql = sql`${study.is_del} = 1 and ${study.deleted_at} is not null`;

/**
 * The named studies, locked for the transaction (in pk order, so two calls cannot deadlock), each one the caller
 * may address and in the wanted state; otherwise 404 for the whole call, as for an unknown study: an address
 * tells nothing of another hospital's studies, and a call moves all it names or none.
 */
export async function lockStudies(
  tx: Tx,
  me: AuthUser,
  uids: string[],
  wanted: (s: StudyRecord) => boolean,
): Promise<StudyRecord[]> {
  const rows = await tx
    .select()
    .from(study)
    .where(inArray(study.study_iuid, uids))
    .orderBy(asc(study.pk))
    .for('update');
  if (rows.length !== uids.length || rows.some((s) => !addressable(me, s) || !wanted(s))) throw notFound();
  return rows;
}

/** What the audit trail keeps of a study that moves: who it is, and its bin columns. */
export const auditedStudy = (s: StudyRecord) => ({
  study_iuid: s.study_iuid,
  hospital_code: s.hospital_code,
  patient_id: s.patient_id,
  patient_name: s.patient_name,
  accession_no: s.accession_no,
  modality: s.modality,
  study_datetime: s.study_datetime,
  file_count: s.file_count,
  is_del: s.is_del,
  deleted_at: s.deleted_at,
  deleted_by: s.deleted_by,
  delete_reason: s.delete_reason,
});
