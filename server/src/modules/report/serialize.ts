import type { ReportDetail, StudyDetail } from '@shared/schemas/report';
import type { hospital, report, study } from '../../db/schema';
import { fmt } from '../../lib/time';

type ReportRow = typeof report.$inferSelect;
type StudyRow = typeof study.$inferSelect;

export function toReportDetail(r: ReportRow): ReportDetail {
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
  };
}

export function toStudyDetail(
  s: StudyRow,
  main: ReportRow,
  h: Pick<typeof hospital.$inferSelect, 'name' | 'title1' | 'title2' | 'logo'> | null,
  collected: boolean,
): StudyDetail {
  return {
    pk: s.pk,
    study_iuid: s.study_iuid,
    hospital_code: s.hospital_code,
    hospital_name: h?.name ?? '',
    hospital_title1: h?.title1 ?? '',
    hospital_title2: h?.title2 ?? '',
    hospital_logo: h?.logo ?? '',
    patient_id: s.patient_id,
    patient_name: s.patient_name,
    patient_sex: s.patient_sex,
    patient_age: s.patient_age,
    patient_type: s.patient_type,
    accession_no: s.accession_no,
    modality: s.modality,
    study_desc: s.study_desc,
    study_desc_value: s.study_desc_value,
    study_datetime: fmt(s.study_datetime),
    create_time: fmt(s.create_time),
    department: s.department,
    bed_no: s.bed_no,
    card_no: s.card_no,
    patient_phone: s.patient_phone,
    has_dicom_file: s.has_dicom_file,
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
    can_report: s.can_report,
    file_count: s.file_count,
    lock_status: s.lock_status,
    collected,
    rpt_pk: main.third_party_pdf ? null : main.rpt_pk,
    rpt_status: main.rpt_status,
    rpt_good_status: main.rpt_good_status,
    report_datetime: fmt(main.report_datetime),
    report_doctor: main.report_doctor,
    sh_doctor: main.sh_doctor,
    sh_datetime: fmt(main.sh_datetime),
    print_status: main.print_status,
    image_quality: main.image_quality,
    is_critical: main.is_critical,
  };
}
