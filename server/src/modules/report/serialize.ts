import { printedLookupCode } from '@shared/schemas/patient-lookup';
import type { ReportDetail, StudyDetail } from '@shared/schemas/report';
import type { hospital, report, study } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';
import { toStudyRow } from '../order';

type ReportRow = typeof report.$inferSelect;
type StudyRow = typeof study.$inferSelect;

/** The images an audited report shows (report/sign-images.ts): addresses as the reader is given them. */
export interface ReportImages {
  report_doctor_sign: string;
  sh_doctor_sign: string;
  hospital_seal: string;
}
export const NO_REPORT_IMAGES: ReportImages = { report_doctor_sign: '', sh_doctor_sign: '', hospital_seal: '' };

/** A report as the client sees it; the signature images and the seal only while it is audited. */
export function toReportDetail(r: ReportRow, images: ReportImages = NO_REPORT_IMAGES): ReportDetail {
  return {
    rpt_pk: r.third_party_pdf ? null : r.rpt_pk,
    rpt_position: r.rpt_position,
    rpt_status: r.rpt_status,
    rpt_good_status: r.rpt_good_status,
    image_quality: r.image_quality,
    rpt_model_id: r.rpt_model_id,
    rpt_detail: r.rpt_detail ?? null,
    report_text1: r.report_text1,
    report_text2: r.report_text2,
    report_doctor: r.report_doctor,
    report_datetime: fmt(r.report_datetime),
    sh_doctor: r.sh_doctor,
    sh_datetime: fmt(r.sh_datetime),
    is_critical: r.is_critical,
    danger_val: r.danger_val,
    print_status: r.print_status,
    third_party_pdf: r.third_party_pdf,
    version: r.version,
    updated_by: r.updated_by,
    updated_at: fmt(r.updated_at),
    ...(r.rpt_status === 2 && !r.third_party_pdf ? images : NO_REPORT_IMAGES),
  };
}

export function toStudyDetail(
  s: StudyRow,
  main: ReportRow,
  h: Pick<typeof hospital.$inferSelect, 'name' | 'title1' | 'title2' | 'logo' | 'head'> | null,
  collected: boolean,
  qcRecorded: boolean,
): StudyDetail {
  return {
    ...toStudyRow({ s, r: main, hospital_name: h?.name ?? null, collected }),
    study_desc_value: s.study_desc_value,
    diagnosis: s.diagnosis,
    note: s.note,
    infection_note: s.infection_note,
    sq_doctor: s.sq_doctor,
    study_department: s.study_department,
    scan_mode: s.scan_mode,
    study_style: s.study_style,
    parts_count: s.parts_count,
    secord_study: s.secord_study,
    use_qc: s.use_qc,
    qc_recorded: qcRecorded,
    can_report: s.can_report,
    file_count: s.file_count,
    hospital_title1: h?.title1 ?? '',
    hospital_title2: h?.title2 ?? '',
    hospital_logo: h?.logo ?? '',
    hospital_head: h?.head ?? '',
    lookup_code: printedLookupCode(s.lookup_code),
  };
}
