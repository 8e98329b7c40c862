import type { Locale } from '@shared/constants';
import { sexCode } from '@shared/patient-sex';
import type { StudyRow } from '@shared/schemas/order';
import type { XlsxColumn } from '../../platform/list/xlsx-export';

type Words = Record<Locale, string>;
const w = (zh: string, en: string): Words => ({ 'zh-CN': zh, 'en-US': en });

const SEX: Record<ReturnType<typeof sexCode>, Words> = {
  M: w('男', 'Male'),
  F: w('女', 'Female'),
  O: w('其他', 'Other'),
  unknown: w('未知', 'Unknown'),
};
const STATUS: Record<number, Words> = {
  0: w('未写', 'Not written'),
  1: w('已保存', 'Saved'),
  2: w('已审核', 'Audited'),
  3: w('已取消审核', 'Review cancelled'),
  4: w('已作废', 'Voided'),
};

const text = (header: Words, key: keyof StudyRow, width?: number): XlsxColumn<StudyRow> => ({
  header,
  ...(width ? { width } : {}),
  value: (r) => {
    const v = r[key];
    return typeof v === 'string' || typeof v === 'number' ? v : null;
  },
});

/** The columns of a study list export (worklist, favourites), headers in the caller's language. */
export const STUDY_EXPORT_COLUMNS: XlsxColumn<StudyRow>[] = [
  text(w('姓名', 'Name'), 'patient_name'),
  text(w('患者编号', 'Patient ID'), 'patient_id'),
  { header: w('性别', 'Sex'), width: 8, value: (r, l) => SEX[sexCode(r.patient_sex)][l] },
  text(w('年龄', 'Age'), 'patient_age', 8),
  text(w('检查类型', 'Modality'), 'modality', 10),
  text(w('检查部位', 'Study'), 'study_desc', 24),
  text(w('检查时间', 'Study time'), 'study_datetime', 20),
  text(w('检查号', 'Accession no.'), 'accession_no'),
  text(w('医院', 'Hospital'), 'hospital_name', 24),
  text(w('科室', 'Department'), 'department'),
  { header: w('报告状态', 'Report status'), value: (r, l) => STATUS[r.rpt_status]?.[l] ?? String(r.rpt_status) },
  text(w('报告医生', 'Report doctor'), 'report_doctor'),
  text(w('报告时间', 'Report time'), 'report_datetime', 20),
  text(w('审核医生', 'Audit doctor'), 'sh_doctor'),
  text(w('审核时间', 'Audit time'), 'sh_datetime', 20),
  text(w('登记时间', 'Registered'), 'create_time', 20),
];
