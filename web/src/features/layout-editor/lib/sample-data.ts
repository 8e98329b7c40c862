import type { ReportDetail } from '@shared/schemas/report';
import { newReport } from '@web/lib/new-report';

const svg = (body: string, w: number, h: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`)}`;
/** Made-up signature and seal images, so the editor shows where an audited report's images go. */
const SAMPLE_SIGN = svg(
  '<path d="M4 30 C20 4 30 44 46 18 S70 8 80 30 S110 34 116 14" fill="none" stroke="#1d2b6b" stroke-width="3"/>',
  120,
  40,
);
const SAMPLE_SEAL = svg(
  '<circle cx="50" cy="50" r="44" fill="none" stroke="#d4202c" stroke-width="4"/><path d="M50 28 l6 18 h19 l-15 11 6 18 -16 -11 -16 11 6 -18 -15 -11 h19z" fill="#d4202c"/>',
  100,
  100,
);

const STUDY_ZH: Record<string, unknown> = {
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
  hospital_head: '',
  lookup_code: '3F9A1-C04B7',
};

const STUDY_EN: Record<string, unknown> = {
  ...STUDY_ZH,
  patient_name: 'John Smith',
  patient_age: '45Y',
  department: 'Respiratory medicine',
  study_desc: 'CT chest without contrast',
  diagnosis: 'Cough for two weeks',
  hospital_title1: 'Example General Hospital',
  hospital_title2: 'Diagnostic imaging report',
};

const REPORT_ZH: ReportDetail = {
  ...newReport(1),
  rpt_status: 2,
  rpt_good_status: 1,
  report_text1: '双肺纹理清晰，未见明显实变影。纵隔居中，心影不大。',
  report_text2: '胸部CT平扫未见明显异常。',
  report_doctor: '张医生',
  report_datetime: '2026-11-27 10:00:00',
  sh_doctor: '李主任',
  sh_datetime: '2026-11-27 10:30:00',
  version: 1,
  report_doctor_sign: SAMPLE_SIGN,
  sh_doctor_sign: SAMPLE_SIGN,
  hospital_seal: SAMPLE_SEAL,
};

const REPORT_EN: ReportDetail = {
  ...REPORT_ZH,
  report_text1: 'Both lungs are clear, with no consolidation. The mediastinum is central; the heart is not enlarged.',
  report_text2: 'No abnormality on the non-contrast CT of the chest.',
  report_doctor: 'Dr Brown',
  sh_doctor: 'Dr Wilson',
};

/**
 * A made-up study and report the editor draws a layout with while it is being built, in the editor's
 * language (the preview page uses a real study). Field names are those of /report/info's study and report.
 */
export const sampleData = (language: string) =>
  language.startsWith('en') ? { study: STUDY_EN, report: REPORT_EN } : { study: STUDY_ZH, report: REPORT_ZH };

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
  'hospital_head',
  'lookup_code',
  'report_text1',
  'report_text2',
  'report_doctor',
  'report_datetime',
  'sh_doctor',
  'sh_datetime',
  'report_doctor_sign',
  'sh_doctor_sign',
  'hospital_seal',
] as const;
