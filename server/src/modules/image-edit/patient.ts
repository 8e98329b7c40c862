import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { RPT_STATUS } from '@shared/constants';
import type { MergePatientResult } from '@shared/schemas/image-edit';
import type { AppDeps } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { hisOrder, instance, report, study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { revisedKey } from '../../platform/storage/store';
import { addressable, type StudyRecord, type Who } from '../recycle';
import { lockedInstances, rekey, sameRows } from './move';
import { rewriteAll, targetIdentity } from './rewrite';

export interface PatientMergeOrder {
  /** A study of the patient who goes (every study under its patient ID in its hospital changes). */
  from: string;
  /** A study of the patient who stays. */
  to: string;
}

/**
 * The patient's studies (in the recycle bin too) and the target study, locked in pk order in one statement. Both
 * named studies live and in scope (404 otherwise); one hospital; two patient IDs, the source's not empty; every
 * study of the patient in the caller's modalities and none with an audited report (409, nothing changed).
 */
async function lockPatient(tx: Tx, who: Who, o: PatientMergeOrder) {
  const named = await tx
    .select()
    .from(study)
    .where(inArray(study.study_iuid, [o.from, o.to]));
  const from = named.find((s) => s.study_iuid === o.from);
  const to = named.find((s) => s.study_iuid === o.to);
  if (!from || !to || [from, to].some((s) => s.is_del || !addressable(who.me, s))) throw notFound();
  if (from.hospital_code !== to.hospital_code) throw new AppError(409, 'CONFLICT', 'imageEditOtherHospital');
  if (!from.patient_id) throw new AppError(409, 'CONFLICT', 'imageEditNoPatientId');
  if (from.patient_id === to.patient_id) throw new AppError(409, 'CONFLICT', 'imageEditSamePatient');
  const rows = await tx
    .select()
    .from(study)
    .where(
      and(eq(study.hospital_code, from.hospital_code), or(eq(study.patient_id, from.patient_id), eq(study.pk, to.pk))),
    )
    .orderBy(asc(study.pk))
    .for('update');
  const target = rows.find((s) => s.pk === to.pk);
  const studies = rows.filter((s) => s.pk !== to.pk);
  // Changed between the read and the lock (another merge, an HIS update): nothing is guessed.
  if (!target || target.is_del || target.patient_id !== to.patient_id || !studies.some((s) => s.pk === from.pk))
    throw new AppError(409, 'CONFLICT', 'imageEditChanged');
  if (studies.some((s) => !addressable(who.me, s)))
    throw new AppError(409, 'CONFLICT', 'imageEditPatientScope', { patient: from.patient_name || from.patient_id });
  const [audited] = await tx
    .select({ study_pk: report.study_pk })
    .from(report)
    .where(
      and(
        inArray(
          report.study_pk,
          studies.map((s) => s.pk),
        ),
        eq(report.rpt_status, RPT_STATUS.AUDITED),
      ),
    )
    .orderBy(asc(report.rpt_pk))
    .for('update');
  if (audited)
    throw new AppError(409, 'REPORT_STATE', 'imageEditAudited', { patient: from.patient_name || from.patient_id });
  return { from, to: target, studies };
}

/** Every instance of the studies, oldest row first, locked. */
const instancesOf = (tx: Tx, studies: StudyRecord[]) =>
  lockedInstances(
    tx,
    inArray(
      instance.study_pk,
      studies.map((s) => s.pk),
    ),
  );

/**
 * A patient registered twice (two IDs) made one, by hand: every study under the source's patient ID in its
 * hospital takes the target's patient ID, name and sex, and its images are written again with them (the target
 * patient's own name groups and birth date where one of their images has them). The study UIDs and accessions
 * stay, so each image takes a revision key (store.ts revisedKey). The order of writes is image edit's: new bytes,
 * then one transaction that finds the same rows and moves them, then the old bytes go.
 */
export async function mergePatient(deps: AppDeps, who: Who, o: PatientMergeOrder): Promise<MergePatientResult> {
  const planned = await deps.db.transaction(async (tx) => {
    const locked = await lockPatient(tx, who, o);
    const items = await instancesOf(tx, locked.studies);
    const [sample] = await tx
      .select({ storage_key: instance.storage_key, sop_iuid: instance.sop_iuid })
      .from(instance)
      .where(eq(instance.study_pk, locked.to.pk))
      .orderBy(asc(instance.pk))
      .limit(1);
    return { ...locked, items, sample };
  });
  const { patientId, patientName, patientSex, patientBirthDate } = await targetIdentity(
    deps,
    planned.to,
    planned.sample,
  );
  const identity = { patientId, patientName, patientSex, ...(patientBirthDate ? { patientBirthDate } : {}) };
  const files = await rewriteAll(deps, planned.items, identity, (i) => revisedKey(i.storage_key));
  let result: MergePatientResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      const { from, to, studies } = await lockPatient(tx, who, o);
      const items = await instancesOf(tx, studies);
      if (!sameRows(items, planned.items)) throw new AppError(409, 'CONFLICT', 'imageEditChanged');
      await retag(tx, studies, to, from.patient_id);
      await rekey(tx, files.rewritten);
      await auditChange(tx, who.me, {
        action: 'patient.merge',
        target: `study:${to.pk}`,
        before: {
          patient_id: from.patient_id,
          patient_name: from.patient_name,
          studies: studies.map((s) => s.study_iuid),
        },
        after: { patient_id: to.patient_id, patient_name: to.patient_name, instances: items.length },
        ip: who.ip,
      });
      return {
        patient_id: from.patient_id,
        to_patient_id: to.patient_id,
        studies: studies.length,
        instances: items.length,
      };
    });
  } catch (err) {
    await files.abandon();
    throw err;
  }
  await files.commit();
  return result;
}

/** The studies (and the HIS orders of the old ID) take the target's patient; the target's phone and card where it has them. */
async function retag(tx: Tx, studies: StudyRecord[], to: StudyRecord, fromId: string) {
  await tx
    .update(study)
    .set({
      patient_id: to.patient_id,
      patient_name: to.patient_name,
      patient_pn: to.patient_pn,
      patient_sex: to.patient_sex,
      ...(to.patient_phone ? { patient_phone: to.patient_phone } : {}),
      ...(to.card_no ? { card_no: to.card_no } : {}),
    })
    .where(
      inArray(
        study.pk,
        studies.map((s) => s.pk),
      ),
    );
  await tx
    .update(hisOrder)
    .set({ patient_id: to.patient_id })
    .where(and(eq(hisOrder.hospital_code, to.hospital_code), eq(hisOrder.patient_id, fromId)));
}
