import { and, eq, ne, sql } from 'drizzle-orm';
import { RPT_STATUS } from '@shared/constants';
import type { PatientEditSchema } from '@shared/schemas/patient';
import type { StudyDetail } from '@shared/schemas/report';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import type { Caller } from '../report';
import { reportInfo, reportsOf, studyInScope } from '../report';
import { audit } from '../../platform/audit';
import { scanItemsFor } from './scan-items';

type PatientEditInput = z.output<typeof PatientEditSchema>;

const sameName = (a: string, b: string) => a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/**
 * A new patient ID that other studies of the hospital already carry under another name would file this study
 * with another person's reports: refused with how many there are (the screen offers to show them), so the
 * user checks them first. The same ID under the same name (the patient's own reports) is fine.
 */
async function refuseOtherPatientsId(
  db: Db,
  s: { pk: number; hospital_code: string },
  input: PatientEditInput,
): Promise<void> {
  const rows = await db
    .select({ patient_name: study.patient_name })
    .from(study)
    .where(
      and(
        eq(study.hospital_code, s.hospital_code),
        eq(study.patient_id, input.patient_id),
        ne(study.pk, s.pk),
        sql`${study.is_del} = 0`,
      ),
    );
  const others = rows.filter((r) => !sameName(r.patient_name, input.patient_name));
  if (!others.length) return;
  throw new AppError(
    409,
    'PATIENT_HAS_REPORTS',
    'patHasReports',
    { id: input.patient_id, count: rows.length, name: others[0]!.patient_name },
    undefined,
    { patient_id: input.patient_id, count: rows.length },
  );
}

/**
 * Corrects the patient and study fields of a study in the caller's hospital. Refused while a report of
 * the study is audited: the audited report shows these fields, so the audit is cancelled first.
 */
export async function editPatient(db: Db, caller: Caller, input: PatientEditInput): Promise<StudyDetail> {
  const me: AuthUser = caller.me;
  const s = await studyInScope(db, me, input.study_iuid);
  const reports = await reportsOf(db, s.pk);
  if (reports.some((r) => r.rpt_status === RPT_STATUS.AUDITED)) {
    throw new AppError(409, 'REPORT_STATE', 'patAudited');
  }
  if (input.patient_id !== s.patient_id) await refuseOtherPatientsId(db, s, input);
  const items = await scanItemsFor(db, s.hospital_code, input.modality, input.select_bodys);
  if (!items) {
    throw AppError.validation('validation', [
      { field: 'select_bodys', msg: translate(caller.locale, 'patUnknownBody') },
    ]);
  }
  await db
    .update(study)
    .set({
      patient_id: input.patient_id,
      patient_name: input.patient_name,
      patient_sex: input.patient_sex,
      patient_age: `${Number(input.patient_age)}${input.age_unit}`,
      modality: input.modality,
      can_report: input.can_report,
      parts_count: input.parts_count,
      study_desc: items.map((i) => i.description).join(','),
      study_desc_value: items.map((i) => ({ key: String(i.scanp_id), label: i.description })),
      ...(input.patient_type !== undefined ? { patient_type: input.patient_type } : {}),
      ...(input.department !== undefined ? { department: input.department } : {}),
      ...(input.bed_no !== undefined ? { bed_no: input.bed_no } : {}),
      ...(input.diagnosis !== undefined ? { diagnosis: input.diagnosis } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
    })
    .where(eq(study.pk, s.pk));
  await audit(db, { user_pk: me.pk, username: me.username, action: 'patient.edit', target: s.study_iuid });
  return (await reportInfo(db, me, s.study_iuid)).study;
}
