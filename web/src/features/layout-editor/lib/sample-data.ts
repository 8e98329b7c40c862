import type { ReportDetail } from '@shared/schemas/report';

/**
 * A made-up study and report the editor draws a layout with while it is being built (the preview page
 * uses a real study). Field names are those of /report/info's study and report.
 */
export const SAMPLE_STUDY: Record<string, unknown> = {
  patient_name: '张三',
  patient_sex: 'M',
  patient_age: '45岁',
  patient_id: 'P0001234',
  accession_no: 'A20261127001',
  department: '呼吸内科',
  bed_no: '12',
  modality: 'CT',
  study_desc: '胸部CT平扫',
  study_datetime: '2026-11-27 09:30:00',
  diagnosis: '咳嗽两周',
  hospital_title1: '示例人民医院',
  hospital_title2: '医学影像诊断报告',
  hospital_logo: '',
};

export const SAMPLE_REPORT: ReportDetail = {
  rpt_pk: null,
  rpt_position: 1,
  rpt_status: 2,
  rpt_good_status: 1,
  image_quality: null,
  rpt_model_id: '',
  rpt_detail: null,
  report_text1: '双肺纹理清晰，未见明显实变影。纵隔居中，心影不大。',
  report_text2: '胸部CT平扫未见明显异常。',
  report_doctor: '张医生',
  report_datetime: '2026-11-27 10:00:00',
  sh_doctor: '李主任',
  sh_datetime: '2026-11-27 10:30:00',
  is_critical: 0,
  danger_val: '',
  print_status: 0,
  third_party_pdf: '',
  version: 1,
  updated_by: '',
  updated_at: '',
};

/** Fields a layout element can show (study, then report), for the editor's choice list. */
export const KNOWN_FIELDS = [
  'patient_name',
  'patient_sex',
  'patient_age',
  'patient_id',
  'accession_no',
  'department',
  'bed_no',
  'modality',
  'study_desc',
  'study_datetime',
  'diagnosis',
  'hospital_title1',
  'hospital_title2',
  'hospital_logo',
  'report_text1',
  'report_text2',
  'report_doctor',
  'report_datetime',
  'sh_doctor',
  'sh_datetime',
] as const;
