import {
  STATS_MODALITIES,
  ZHANJIANG_KINDS,
  ZHANJIANG_MODALITIES,
  ZHANJIANG_STAGES,
  type FilmQualityRow,
  type HospitalCountRow,
  type MeetingCountRow,
  type MonthCountRow,
  type SeriesCall,
  type SeriesPoint,
  type StorageRow,
  type WorkCountRow,
  type ZhanjiangRow,
  type ZhanjiangTab,
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

/** The heading of each series' name column (the export of a dashboard series). */
const SERIES_HEADINGS: Record<SeriesCall, Texts> = {
  rangeList: t('日期', 'Day'),
  hospitalmodalityCount: t('检查类型', 'Modality'),
  hourCount: t('检查时段', 'Hour of study'),
  hourRegisterCount: t('登记时段', 'Hour of registration'),
  ageRangeCount: t('年龄段', 'Age range'),
  countPatientSex: t('性别', 'Sex'),
  patientTypeCount: t('患者类型', 'Patient type'),
  positiveCount: t('阴阳性', 'Result'),
  descriptionCount: t('检查部位', 'Body part'),
  ageRangeRegisterCount: t('年龄段（登记）', 'Age range (registrations)'),
  raycount: t('射线类', 'Radiation'),
  patientPhoneCount: t('联系电话', 'Phone number'),
  sqDoctorList: t('申请医生', 'Requesting doctor'),
};

const SERIES_FILES: Record<SeriesCall, Texts> = Object.fromEntries(
  Object.entries(SERIES_HEADINGS).map(([call, h]) => [call, t(`统计-${h['zh-CN']}`, `statistics-${call}`)]),
) as Record<SeriesCall, Texts>;

type SeriesRow = SeriesPoint & { total: boolean };

/** A dashboard series as two columns (name, count), then the total row. */
export function seriesTable(call: SeriesCall, points: SeriesPoint[]): StatsTable<SeriesRow> {
  const rows: SeriesRow[] = [
    ...points.map((p) => ({ ...p, total: false })),
    { name: '', value: points.reduce((n, p) => n + p.value, 0), total: true },
  ];
  return {
    fileName: SERIES_FILES[call],
    groups: [
      {
        columns: [
          { header: SERIES_HEADINGS[call], value: (r, locale) => (r.total ? TOTAL[locale] : r.name) },
          num<SeriesRow>('value', t('数量', 'Count')),
        ],
      },
    ],
    rows,
  };
}

export function meetingCountTable(rows: MeetingCountRow[]): StatsTable<MeetingCountRow> {
  return {
    fileName: t('会诊统计', 'consultations'),
    groups: [
      {
        columns: [{ header: t('医院', 'Hospital'), value: (r, locale) => (r.total ? TOTAL[locale] : r.hospital_name) }],
      },
      {
        title: t('会诊数', 'Consultations'),
        columns: [
          num<MeetingCountRow>('count', TOTAL),
          num<MeetingCountRow>('single', t('单学科', 'One discipline')),
          num<MeetingCountRow>('dual', t('双学科', 'Two disciplines')),
          num<MeetingCountRow>('multi', t('多学科', 'Three or more')),
        ],
      },
    ],
    rows,
  };
}

export function filmQualityTable(rows: FilmQualityRow[]): StatsTable<FilmQualityRow> {
  return {
    fileName: t('胶片质量', 'film-quality'),
    groups: [
      {
        columns: [
          { header: t('医院', 'Hospital'), value: (r, locale) => (r.total ? TOTAL[locale] : r.hospital_name) },
          { header: t('检查类型', 'Modality'), value: (r) => r.modality },
          num<FilmQualityRow>('studies', t('检查数', 'Studies')),
          num<FilmQualityRow>('rated', t('已评级', 'Rated')),
        ],
      },
      {
        title: t('评级', 'Grade'),
        columns: [
          num<FilmQualityRow>('grade_a', t('甲级', 'A')),
          num<FilmQualityRow>('grade_b', t('乙级', 'B')),
          num<FilmQualityRow>('grade_c', t('丙级', 'C')),
          num<FilmQualityRow>('scrap', t('废片', 'Scrap')),
        ],
      },
      {
        title: t('比率（%）', 'Rate (%)'),
        columns: [
          num<FilmQualityRow>('a_rate', t('甲片率', 'Grade A')),
          num<FilmQualityRow>('good_rate', t('优良率', 'A or B')),
          num<FilmQualityRow>('scrap_rate', t('废片率', 'Scrap')),
        ],
      },
    ],
    rows,
  };
}

const ZJ_STAGES: Record<(typeof ZHANJIANG_STAGES)[number], Texts> = {
  c: t('初诊', 'First diagnosis'),
  s: t('审核', 'Audit'),
};
const ZJ_KINDS: Record<(typeof ZHANJIANG_KINDS)[number], Texts> = {
  routine: t('常规', 'Routine'),
  emergency: t('急诊', 'Emergency'),
  exam: t('体检', 'Physical exam'),
};
const ZJ_NAMES: Record<ZhanjiangTab, { name: Texts; file: Texts }> = {
  part: { name: t('检查部位', 'Body part'), file: t('分类统计-部位', 'category-statistics-body-parts') },
  report: { name: t('医生', 'Doctor'), file: t('分类统计-报告', 'category-statistics-reports') },
  work: { name: t('医生', 'Doctor'), file: t('分类统计-工作量', 'category-statistics-workload') },
};

/** The three-tab page's table: three header rows (modality, stage, patient kind) merged. */
export function zhanjiangTable(tab: ZhanjiangTab, rows: ZhanjiangRow[]): StatsTable<ZhanjiangRow> {
  return {
    fileName: ZJ_NAMES[tab].file,
    groups: [
      {
        columns: [{ header: ZJ_NAMES[tab].name, value: (r, locale) => (r.total ? TOTAL[locale] : r.name) }],
      },
      ...ZHANJIANG_MODALITIES.map((m) => ({
        title: t(m.toUpperCase(), m.toUpperCase()),
        columns: [],
        groups: ZHANJIANG_STAGES.map((st) => ({
          title: ZJ_STAGES[st],
          columns: ZHANJIANG_KINDS.map((k) => num<ZhanjiangRow>(`${m}_${st}_${k}`, ZJ_KINDS[k])),
        })),
      })),
      { columns: [num<ZhanjiangRow>('sum', TOTAL)] },
    ],
    rows,
  };
}
