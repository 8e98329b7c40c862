import { and, eq } from 'drizzle-orm';
import type { ShareRptInfo } from '@shared/schemas/patient-lookup';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { hospital, instance, study } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';
import { visibleStudy } from '../images';
import { reportsOf } from '../report';
import { isSharable } from './lookup';

/** The read-only shared report tab: the study and its audited reports; 404 outside the caller's scope. */
export async function shareRptInfo(db: Db, me: AuthUser, studyIuid: string): Promise<ShareRptInfo> {
  const { pk } = await visibleStudy(db, me, studyIuid);
  const [[s], reports, [img]] = await Promise.all([
    db
      .select({ s: study, hospital_name: hospital.name })
      .from(study)
      .leftJoin(hospital, eq(hospital.code, study.hospital_code))
      .where(eq(study.pk, pk)),
    reportsOf(db, pk),
    db
      .select({ pk: instance.pk })
      .from(instance)
      .where(and(eq(instance.study_pk, pk), eq(instance.del_image, 0)))
      .limit(1),
  ]);
  const st = s!.s;
  return {
    study_iuid: st.study_iuid,
    patient_name: st.patient_name,
    patient_id: st.patient_id,
    patient_sex: st.patient_sex,
    patient_age: st.patient_age,
    modality: st.modality,
    study_desc: st.study_desc,
    study_datetime: fmt(st.study_datetime),
    hospital_name: s!.hospital_name ?? '',
    has_images: !!img,
    reports: reports.filter(isSharable).map((r) => ({
      rpt_pk: r.rpt_pk,
      rpt_position: r.rpt_position,
      report_text1: r.report_text1,
      report_text2: r.report_text2,
      report_doctor: r.report_doctor,
      sh_doctor: r.sh_doctor,
      sh_datetime: fmt(r.sh_datetime),
    })),
  };
}
