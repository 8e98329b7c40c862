import {
  STATS_MODALITIES,
  type HospitalCountRow,
  type MonthCountRow,
  type StorageRow,
  type WorkCountRow,
} from '@shared/schemas/statistics';
import type { StatsTable, TableColumn, TableGroup, Texts } from './xlsx-table';

const TOTAL: Texts = { 'zh-CN': '合计', 'en-US': 'Total' };
const t = (zh: string, en: string): Texts => ({ 'zh-CN': zh, 'en-US': en });
const num = <T>(key: keyof T, header: Texts): TableColumn<T> => ({ header, value: (r) => r[key] as number });

function workGroup(title: Texts, count: keyof WorkCountRow, prefix: string): TableGroup<WorkCountRow> {
  return {
    title,
    columns: [
      num<WorkCountRow>(count, TOTAL),
      ...STATS_MODALITIES.map((m) =>
        num<WorkCountRow>(`${prefix}${m}` as keyof WorkCountRow, t(m.toUpperCase(), m.toUpperCase())),
      ),
    ],
  };
}

const WORK_GROUPS = [
  workGroup(t('报告数（初诊）', 'Reports (first diagnosis)'), 'countrc', ''),
  workGroup(t('报告数（审核）', 'Reports (audit)'), 'countrs', 's_'),
  workGroup(t('部位数（初诊）', 'Body parts (first diagnosis)'), 'countbc', 'b_'),
  workGroup(t('部位数（审核）', 'Body parts (audit)'), 'countbs', 'sb_'),
];

export function hospitalCountTable(rows: HospitalCountRow[]): StatsTable<HospitalCountRow> {
  return {
    fileName: t('医院统计', 'hospital-statistics'),
    groups: [
      {
        columns: [{ header: t('医院', 'Hospital'), value: (r, locale) => (r.total ? TOTAL[locale] : r.hospital_name) }],
      },
      ...(WORK_GROUPS as TableGroup<HospitalCountRow>[]),
    ],
    rows,
  };
}

export function storageTable(rows: StorageRow[]): StatsTable<StorageRow> {
  return {
    fileName: t('存储统计', 'storage-usage'),
    groups: [
      {
        columns: [{ header: t('医院', 'Hospital'), value: (r, locale) => (r.total ? TOTAL[locale] : r.hospital_name) }],
      },
      { columns: [num<StorageRow>('mb', t('空间（MB）', 'Space (MB)'))] },
      { columns: [num<StorageRow>('gb', t('空间（GB）', 'Space (GB)'))] },
    ],
    rows,
  };
}

export function workCountTable(rows: WorkCountRow[]): StatsTable<WorkCountRow> {
  return {
    fileName: t('工作量统计', 'doctor-workload'),
    groups: [
      {
        columns: [{ header: t('医生', 'Doctor'), value: (r, locale) => (r.total ? TOTAL[locale] : r.report_doctor) }],
      },
      ...WORK_GROUPS,
    ],
    rows,
  };
}

export function monthCountTable(rows: MonthCountRow[]): StatsTable<MonthCountRow> {
  return {
    fileName: t('月度统计', 'monthly-count'),
    groups: [
      {
        columns: [
          { header: t('检查类型', 'Modality'), value: (r, locale) => (r.is_total ? TOTAL[locale] : r.modality) },
        ],
      },
      { columns: [{ header: t('检查部位', 'Body part'), value: (r) => r.body_part }] },
      {
        title: t('检查人次', 'Studies'),
        columns: [
          num<MonthCountRow>('routine', t('常规', 'Routine')),
          num<MonthCountRow>('emergency', t('急诊', 'Emergency')),
          num<MonthCountRow>('exam', t('体检', 'Physical exam')),
          num<MonthCountRow>('total', TOTAL),
        ],
      },
      { columns: [num<MonthCountRow>('parts', t('部位数', 'Body parts'))] },
    ],
    rows,
  };
}
