import { buildHl7, hl7Time, type Fields } from './hl7-message';

/** What an ORU^R01 carries of an audited report. */
export interface ResultFacts {
  control_id: string;
  hospital_code: string;
  /** The interface's MSH-4 (its facility), '' when it names none. */
  facility: string;
  charset: string;
  placer_no: string;
  accession_no: string;
  patient_id: string;
  patient_name: string;
  patient_sex: string;
  birth_date: string;
  patient_type: number | null;
  department: string;
  bed_no: string;
  procedure_code: string;
  study_desc: string;
  modality: string;
  study_datetime: Date;
  sq_doctor: string;
  report_doctor: string;
  sh_doctor: string;
  audited_at: Date;
  findings: string;
  impression: string;
  /** Addenda after the audit, as text (report addendumText), oldest first; optional for callers without any. */
  addenda?: string[];
  /** The critical value of a preliminary result (status P), its only observation. */
  critical?: string;
}

/**
 * F: the audit (final); C: a re-audit of a report whose earlier result the HIS took (correction); X: the
 * audit was cancelled (no result stands: OBR-25 X, each observation OBX-11 D, deleted); P: a critical value
 * told before sign-off (preliminary: one OBX with the value, OBX-8 AA "critically abnormal"; the order in
 * process, ORC-5 IP).
 */
export type ResultStatus = 'F' | 'C' | 'X' | 'P';

const CLASS: Record<number, string> = { 1: 'O', 2: 'I', 3: 'E', 4: 'T' };

/**
 * The report as HL7 v2.4 ORU^R01: PID, PV1, ORC (RE, the HIS's placer number and our accession as filler),
 * OBR (procedure, times, the auditor as principal interpreter, status), OBX 1 findings and OBX 2 impression
 * (TX; LOINC 59776-5 and 19005-8), line breaks as `\.br\`. A preliminary (P) carries the critical value alone.
 */
export function buildOru(f: ResultFacts, status: ResultStatus, now: Date): string {
  const audited = hl7Time(f.audited_at);
  const obx = (n: string, code: string, label: string, value: string, coding = 'LN', flag = ''): [string, Fields] => [
    'OBX',
    [
      n,
      'TX',
      [code, label, coding],
      '',
      status === 'X' ? '' : value,
      '',
      '',
      flag,
      '',
      '',
      status === 'X' ? 'D' : status,
      '',
      '',
      audited,
    ],
  ];
  return buildHl7(
    [
      'RXPACS',
      f.hospital_code,
      'HIS',
      f.facility,
      hl7Time(now),
      '',
      ['ORU', 'R01', 'ORU_R01'],
      f.control_id,
      'P',
      '2.4',
      '',
      '',
      'AL',
      'NE',
      '',
      f.charset,
    ],
    [
      ['PID', ['1', '', [f.patient_id, '', '', '', 'PI'], '', [f.patient_name], '', f.birth_date, f.patient_sex]],
      ['PV1', ['1', f.patient_type ? (CLASS[f.patient_type] ?? 'U') : 'U', [f.department, '', f.bed_no]]],
      ['ORC', ['RE', [f.placer_no], [f.accession_no, 'RXPACS'], '', status === 'P' ? 'IP' : 'CM']],
      [
        'OBR',
        [
          '1',
          [f.placer_no],
          [f.accession_no, 'RXPACS'],
          [f.procedure_code || f.study_desc, f.study_desc],
          '',
          '',
          hl7Time(f.study_datetime),
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          ['', f.sq_doctor],
          '',
          f.accession_no,
          '',
          '',
          '',
          audited,
          '',
          f.modality,
          status,
          '',
          '',
          '',
          '',
          '',
          '',
          [['', f.sh_doctor]],
          [['', f.report_doctor]],
        ],
      ],
      // A critical value: a local code (no LOINC names "critical result"), OBX-8 AA (critically abnormal).
      ...(status === 'P'
        ? [obx('1', 'CRITICAL', '危急值', f.critical ?? '', 'L', 'AA')]
        : [
            obx('1', '59776-5', '检查所见', f.findings),
            obx('2', '19005-8', '诊断印象', f.impression),
            // Addenda after the audit (LOINC 55107-7 Addendum), one OBX each, in a correction.
            ...(f.addenda ?? []).map((a, i) => obx(String(i + 3), '55107-7', '补充报告', a)),
          ]),
    ],
  );
}
