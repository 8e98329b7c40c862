import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RAY_MODALITIES,
  SERIES_CALLS,
  ZHANJIANG_COLUMNS,
  ZHANJIANG_TABS,
  type CountDetail,
  type FilmQualityRow,
  type MeetingCountRow,
  type SeriesPoint,
  type ZhanjiangRow,
} from '@shared/schemas/statistics';
import { consultation, hospital, qualityRecord, report, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor', 'doctor2'] });

/** Hospitals of their own, and a month the demo data (the last 60 days) never reaches. */
const X = { code: 'HMX', sn: 'MX-01', name: 'More X' };
const Y = { code: 'HMY', sn: 'MY-01', name: 'More Y' };
const RANGE = { startTime: '2026-07-01', endTime: '2026-07-31' };
const inRange = (day?: string) => !!day && day >= RANGE.startTime && day <= RANGE.endTime;
const at = (dayHour: string) => new Date(`${dayHour.length === 10 ? `${dayHour}T12` : dayHour}:00:00Z`);

interface Fx {
  h: string;
  modality: string;
  /** study_datetime, YYYY-MM-DDTHH */
  day: string;
  /** create_time (registration), YYYY-MM-DDTHH */
  registered: string;
  age: string;
  desc: string;
  phone: string;
  sq: string;
  type: number | null;
  parts: number;
  files: number;
  bytes: number;
  patient: string;
  writer?: string;
  written?: string;
  auditor?: string;
  audited?: string;
  status: number;
  good?: number;
  critical?: number;
  is_del?: number;
  /** quality records in the order written: image grade (null: none given) and when */
  grades?: [number | null, string][];
}

const base = { phone: '', sq: '', files: 1, bytes: 1, parts: 1, status: 1 };
const DATA: Fx[] = [
  {
    ...base,
    h: 'HMX',
    modality: 'CT',
    day: '2026-07-02T08',
    registered: '2026-07-01T20',
    age: '034Y',
    desc: 'Head',
    phone: '13800000000',
    sq: 'Dr Wu',
    type: 1,
    parts: 2,
    files: 100,
    bytes: 5_000_000,
    patient: 'P1',
    writer: 'Ann',
    written: '2026-07-02',
    auditor: 'Ben',
    audited: '2026-07-03',
    status: 2,
    good: 2,
    critical: 1,
    grades: [
      [3, '2026-07-03T10'],
      [4, '2026-07-04T10'],
    ],
  },
  {
    ...base,
    h: 'HMX',
    modality: 'CT',
    day: '2026-07-05T10',
    registered: '2026-07-05T09',
    age: '067Y',
    desc: 'Chest',
    phone: '   ',
    type: 3,
    files: 50,
    bytes: 1_000_000,
    patient: 'P1',
    writer: 'Ann',
    written: '2026-07-06',
    good: 1,
    // the latest record without an image grade does not hide the earlier grade
    grades: [
      [1, '2026-07-06T10'],
      [null, '2026-07-07T10'],
    ],
  },
  {
    ...base,
    h: 'HMX',
    modality: 'MR',
    day: '2026-07-10T14',
    registered: '2026-06-30T23',
    age: '005M',
    desc: 'Knee',
    phone: '139',
    sq: 'Dr Wu',
    type: 4,
    parts: 3,
    files: 200,
    bytes: 20_000_000,
    patient: 'P2',
    writer: 'Ben',
    written: '2026-07-11',
    auditor: 'Ann',
    audited: '2026-07-12',
    status: 2,
    good: 2,
  },
  {
    ...base,
    h: 'HMX',
    modality: 'DR',
    day: '2026-07-15T09',
    registered: '2026-07-15T08',
    age: '',
    desc: 'Chest',
    sq: 'Dr Li',
    type: null,
    files: 2,
    bytes: 300_000,
    patient: 'P3',
    writer: 'Cal',
    written: '2026-08-01',
    grades: [[2, '2026-07-16T10']],
  },
  {
    ...base,
    h: 'HMX',
    modality: 'US',
    day: '2026-07-20T16',
    registered: '2026-07-20T15',
    age: '090Y',
    desc: 'Abdomen',
    phone: '137',
    sq: 'Dr Li',
    type: 3,
    parts: 2,
    files: 30,
    bytes: 400_000,
    patient: 'P4',
    writer: 'Cal',
    written: '2026-07-20',
    auditor: 'Cal',
    audited: '2026-07-21',
    status: 2,
  },
  // deleted: never counted
  {
    ...base,
    h: 'HMX',
    modality: 'CT',
    day: '2026-07-21T10',
    registered: '2026-07-21T09',
    age: '050Y',
    desc: 'Head',
    type: 1,
    parts: 5,
    files: 9,
    bytes: 9,
    patient: 'P5',
    writer: 'Ann',
    written: '2026-07-21',
    good: 2,
    critical: 1,
    is_del: 1,
    grades: [[4, '2026-07-22T10']],
  },
  // the study is of August, its report written in July: a report count, not a study count
  {
    ...base,
    h: 'HMX',
    modality: 'CT',
    day: '2026-08-02T10',
    registered: '2026-08-02T09',
    age: '020Y',
    desc: 'Spine',
    type: 1,
    parts: 4,
    patient: 'P6',
    writer: 'Ann',
    written: '2026-07-31',
    grades: [[4, '2026-08-03T10']],
  },
  {
    ...base,
    h: 'HMY',
    modality: 'CT',
    day: '2026-07-03T11',
    registered: '2026-07-03T10',
    age: '045Y',
    desc: 'Head',
    phone: '1',
    sq: 'Dr Y',
    type: 1,
    files: 10,
    bytes: 100,
    patient: 'P1',
    writer: 'Yan',
    written: '2026-07-03',
    grades: [[3, '2026-07-04T10']],
  },
];
/** H001 data in the range that doctor2 (H002) must never see. */
const H001: Fx = { ...DATA[0]!, h: 'H001', writer: 'Only-H001', auditor: 'Only-H001-audit', desc: 'Only-H001-part' };

const CONSULTS: [string, string, number][] = [
  ['HMX', '2026-07-02T09', 1],
  ['HMX', '2026-07-05T09', 2],
  ['HMX', '2026-07-09T09', 3],
  ['HMX', '2026-07-10T09', 5],
  ['HMX', '2026-06-30T09', 1],
  ['HMY', '2026-07-04T09', 1],
  ['H001', '2026-07-04T09', 2],
];

async function insert(d: Fx, i: number) {
  const db = t.p.deps.db;
  const iuid = `1.2.826.0.1.3680043.97.${i}`;
  const [s] = await db
    .insert(study)
    .values({
      study_iuid: iuid,
      hospital_code: d.h,
      modality: d.modality,
      study_datetime: at(d.day),
      create_time: at(d.registered),
      patient_age: d.age,
      study_desc: d.desc,
      patient_phone: d.phone,
      sq_doctor: d.sq,
      patient_type: d.type,
      parts_count: d.parts,
      file_count: d.files,
      file_size: d.bytes,
      patient_id: d.patient,
      is_del: d.is_del ?? 0,
    })
    .returning({ pk: study.pk });
  await db.insert(report).values({
    study_pk: s!.pk,
    rpt_status: d.status,
    rpt_good_status: d.good ?? null,
    is_critical: d.critical ?? 0,
    report_doctor: d.writer ?? '',
    report_datetime: d.written ? at(d.written) : null,
    sh_doctor: d.auditor ?? '',
    sh_datetime: d.audited ? at(d.audited) : null,
  });
  for (const [grade, when] of d.grades ?? [])
    await db.insert(qualityRecord).values({
      hospital_code: d.h,
      study_iuid: iuid,
      modality: d.modality,
      image_quality: grade,
      create_time: at(when),
    });
}

beforeAll(async () => {
  const db = t.p.deps.db;
  await db.insert(hospital).values([X, Y]);
  for (const [i, d] of [...DATA, H001].entries()) await insert(d, i);
  await db
    .insert(consultation)
    .values(CONSULTS.map(([h, when, n]) => ({ hospital_code: h, consult_time: at(when), disciplines: n })));
});

const post = (user: 'admin' | 'doctor' | 'doctor2', path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });
const dataOf = async <T>(path: string, json: unknown, user: 'admin' | 'doctor' | 'doctor2' = 'admin') => {
  const r = await post(user, path, json);
  expect(r.status).toBe(200);
  return r.body.data as T;
};
const live = (h: string, registered = false) =>
  DATA.filter((d) => d.h === h && !d.is_del && inRange((registered ? d.registered : d.day).slice(0, 10)));
const countBy = (rows: Fx[], key: (d: Fx) => string): SeriesPoint[] => {
  const m = new Map<string, number>();
  for (const d of rows) m.set(key(d), (m.get(key(d)) ?? 0) + 1);
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, value]) => ({ name, value }));
};
const decade = (age: string) => {
  if (/^\d+Y$/.test(age)) {
    const n = parseInt(age, 10);
    return n >= 80 ? '80+' : `${Math.floor(n / 10) * 10}-${Math.floor(n / 10) * 10 + 9}`;
  }
  return /^\d+[MDH]$/.test(age) ? '0-9' : '';
};

describe('the second part of the dashboard series', () => {
  it.each([
    ['descriptionCount', (d: Fx) => d.desc, false],
    ['ageRangeRegisterCount', (d: Fx) => decade(d.age), true],
    ['raycount', (d: Fx) => ((RAY_MODALITIES as readonly string[]).includes(d.modality) ? 'ray' : 'nonRay'), false],
    ['patientPhoneCount', (d: Fx) => (d.phone.trim() ? 'withPhone' : 'withoutPhone'), false],
    ['sqDoctorList', (d: Fx) => d.sq, false],
  ] as const)('%s counts the live studies of the range as docs/statistics.md says', async (name, key, registered) => {
    const got = await dataOf<SeriesPoint[]>(`/orderCount/${name}`, { ...RANGE, sn: X.sn });
    expect(got).toEqual(countBy(live('HMX', registered), key));
    expect(got.length).toBeGreaterThan(1);
  });

  it('exportExcel of every series: two columns, one row per point, then the total row', async () => {
    for (const type of SERIES_CALLS) {
      const points = await dataOf<SeriesPoint[]>(`/orderCount/${type}`, { ...RANGE, sn: X.sn });
      const { rows } = await sheet({ type, ...RANGE, sn: X.sn });
      expect(rows[0]).toHaveLength(2);
      expect(rows[0]![1]).toBe('Count');
      expect(rows.slice(1, -1)).toEqual(points.map((p) => [p.name, p.value]));
      expect(rows.at(-1)).toEqual(['Total', points.reduce((n, p) => n + p.value, 0)]);
    }
    const zh = await sheet({ type: 'descriptionCount', ...RANGE, sn: X.sn }, 'zh-CN');
    expect(zh.rows[0]).toEqual(['检查部位', '数量']);
    expect(zh.rows.at(-1)![0]).toBe('合计');
  });
});

describe('POST /orderCount/countDatail', () => {
  const expected = (h: string[]): CountDetail => {
    const studies = DATA.filter((d) => h.includes(d.h) && !d.is_del && inRange(d.day.slice(0, 10)));
    const reports = DATA.filter((d) => h.includes(d.h) && !d.is_del);
    const written = reports.filter((d) => d.writer && d.status >= 1 && inRange(d.written));
    return {
      studies: studies.length,
      patients: new Set(studies.map((d) => `${d.h}|${d.patient}`)).size,
      images: studies.reduce((n, d) => n + d.files, 0),
      file_size: studies.reduce((n, d) => n + d.bytes, 0),
      written: written.length,
      audited: reports.filter((d) => d.auditor && d.status === 2 && inRange(d.audited)).length,
      positive: written.filter((d) => d.good === 2).length,
      critical: written.filter((d) => d.critical === 1).length,
    };
  };

  it("answers the hospital's headline figures computed from the data set", async () => {
    const got = await dataOf<CountDetail>('/orderCount/countDatail', { ...RANGE, sn: X.sn });
    expect(got).toEqual(expected(['HMX']));
    // spot checks of the rules: the August study's July report is written, not a study; P1 counts once
    expect(got).toMatchObject({ studies: 5, patients: 4, written: 5, audited: 3, positive: 2, critical: 1 });
  });

  it('counts a patient once per hospital over every hospital', async () => {
    const got = await dataOf<CountDetail>('/orderCount/countDatail', RANGE);
    // every hospital also holds H001's one study in the range (the H001 fixture)
    const all = expected(['HMX', 'HMY']);
    expect(got.patients).toBe(all.patients + 1);
    expect(all.patients).toBe(5);
    expect(got.studies).toBe(all.studies + 1);
  });
});

describe('POST /orderCount/zhanJiangCount', () => {
  const kind = (d: Fx) => (d.type === 3 ? 'emergency' : d.type === 4 ? 'exam' : 'routine');
  function expected(tab: (typeof ZHANJIANG_TABS)[number], h: string): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    const bump = (name: string, col: string, d: Fx) => {
      const n = tab === 'work' ? d.parts : 1;
      out[name] ??= {};
      out[name][col] = (out[name][col] ?? 0) + n;
      out[name].sum = (out[name].sum ?? 0) + n;
    };
    for (const d of DATA.filter((x) => x.h === h && !x.is_del && ['CT', 'DR', 'MR'].includes(x.modality))) {
      const m = d.modality.toLowerCase();
      if (d.writer && d.status >= 1 && inRange(d.written))
        bump(tab === 'part' ? d.desc : d.writer, `${m}_c_${kind(d)}`, d);
      if (d.auditor && d.status === 2 && inRange(d.audited))
        bump(tab === 'part' ? d.desc : d.auditor, `${m}_s_${kind(d)}`, d);
    }
    return out;
  }
  const nonZero = (r: ZhanjiangRow) =>
    Object.fromEntries(
      [...ZHANJIANG_COLUMNS, 'sum' as const].map((c) => [c, r[c]]).filter(([, v]) => v !== 0),
    ) as Record<string, number>;

  it.each(ZHANJIANG_TABS)('tab %s: rows, columns and total row from the data set', async (tab) => {
    const rows = await dataOf<ZhanjiangRow[]>('/orderCount/zhanJiangCount', { ...RANGE, sn: X.sn, tab });
    const want = expected(tab, 'HMX');
    const body = rows.slice(0, -1);
    expect(body.map((r) => r.name)).toEqual(Object.keys(want).sort());
    for (const r of body) expect(nonZero(r)).toEqual(want[r.name]);
    const total = rows.at(-1)!;
    expect(total).toMatchObject({ name: '', total: true });
    for (const c of [...ZHANJIANG_COLUMNS, 'sum' as const]) expect(total[c]).toBe(body.reduce((n, r) => n + r[c], 0));
  });

  it('spot checks: Ann wrote three CT reports, audited one MR exam; US is not counted', async () => {
    const work = await dataOf<ZhanjiangRow[]>('/orderCount/zhanJiangCount', { ...RANGE, sn: X.sn, tab: 'work' });
    expect(work.find((r) => r.name === 'Ann')).toMatchObject({ ct_c_routine: 6, ct_c_emergency: 1, mr_s_exam: 3 });
    const rep = await dataOf<ZhanjiangRow[]>('/orderCount/zhanJiangCount', { ...RANGE, sn: X.sn, tab: 'report' });
    expect(rep.find((r) => r.name === 'Ann')).toMatchObject({
      ct_c_routine: 2,
      ct_c_emergency: 1,
      mr_s_exam: 1,
      sum: 4,
    });
    expect(rep.map((r) => r.name)).not.toContain('Cal'); // US only, and a DR report written in August
  });

  it('exportExcel: three header rows (modality, stage, kind) merged, the rows of the call', async () => {
    const rows = await dataOf<ZhanjiangRow[]>('/orderCount/zhanJiangCount', { ...RANGE, sn: X.sn, tab: 'part' });
    const x = await sheet({ type: 'zhanJiangCount', ...RANGE, sn: X.sn, tab: 'part' });
    expect(x.rows[0]!.slice(0, 2)).toEqual(['Body part', 'CT']);
    expect(x.rows[1]!.slice(1, 5)).toEqual(['First diagnosis', 'First diagnosis', 'First diagnosis', 'Audit']);
    expect(x.rows[2]!.slice(1, 4)).toEqual(['Routine', 'Emergency', 'Physical exam']);
    expect(x.merges).toEqual(expect.arrayContaining(['A1:A3', 'B1:G1', 'H1:M1', 'N1:S1', 'B2:D2', 'E2:G2', 'T1:T3']));
    const body = x.rows.slice(3);
    expect(body).toHaveLength(rows.length);
    for (const [i, r] of rows.entries())
      expect(body[i]).toEqual([r.total ? 'Total' : r.name, ...ZHANJIANG_COLUMNS.map((c) => r[c]), r.sum]);
  });

  it('refuses a missing or unknown tab (400 naming tab)', async () => {
    for (const json of [RANGE, { ...RANGE, tab: 'other' }]) {
      const r = await post('admin', '/orderCount/zhanJiangCount', json);
      expect(r.status).toBe(400);
      expect((r.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['tab']);
    }
  });
});

describe('POST /orderCount/imgProportionCount', () => {
  const GRADE = { 4: 'grade_a', 3: 'grade_b', 2: 'grade_c', 1: 'scrap' } as const;
  const pct = (n: number, of: number) => (of ? Math.round((n / of) * 10000) / 100 : 0);
  function expected(h: string, modality?: string) {
    const out = new Map<string, Record<string, number>>();
    for (const d of live(h).filter((x) => !modality || x.modality === modality)) {
      const row = out.get(d.modality) ?? { studies: 0, rated: 0, grade_a: 0, grade_b: 0, grade_c: 0, scrap: 0 };
      out.set(d.modality, row);
      row.studies! += 1;
      const graded = (d.grades ?? []).filter(([g]) => g !== null);
      const latest = graded.at(-1)?.[0] as 1 | 2 | 3 | 4 | undefined;
      if (latest) {
        row.rated! += 1;
        row[GRADE[latest]]! += 1;
      }
    }
    return out;
  }

  it('grades each study by its latest image grade, rates of the rated, sorted by modality, total row', async () => {
    const rows = await dataOf<FilmQualityRow[]>('/orderCount/imgProportionCount', { ...RANGE, sn: X.sn });
    const want = expected('HMX');
    const body = rows.slice(0, -1);
    expect(body.map((r) => r.modality)).toEqual([...want.keys()].sort());
    for (const r of body) {
      const w = want.get(r.modality)!;
      expect(r).toMatchObject({ ...w, sn: X.sn, hospital_name: X.name, total: false });
      expect(r.a_rate).toBe(pct(w.grade_a!, w.rated!));
      expect(r.good_rate).toBe(pct(w.grade_a! + w.grade_b!, w.rated!));
      expect(r.scrap_rate).toBe(pct(w.scrap!, w.rated!));
    }
    expect(body.find((r) => r.modality === 'CT')).toMatchObject({
      studies: 2,
      rated: 2,
      grade_a: 1,
      scrap: 1,
      a_rate: 50,
    });
    expect(body.find((r) => r.modality === 'MR')).toMatchObject({ rated: 0, a_rate: 0, good_rate: 0 });
    const total = rows.at(-1)!;
    expect(total).toMatchObject({ total: true, studies: 5, rated: 3, grade_a: 1, grade_c: 1, scrap: 1 });
    expect(total.a_rate).toBe(33.33);
    expect(total.good_rate).toBe(33.33);
  });

  it('one modality; every hospital sorted by name', async () => {
    const ct = await dataOf<FilmQualityRow[]>('/orderCount/imgProportionCount', { ...RANGE, sn: X.sn, modality: 'CT' });
    expect(ct.map((r) => r.modality)).toEqual(['CT', '']);
    const all = await dataOf<FilmQualityRow[]>('/orderCount/imgProportionCount', { ...RANGE, modality: 'CT' });
    expect(all.filter((r) => !r.total).map((r) => r.hospital_name)).toEqual(
      [X.name, Y.name, '第一人民医院'].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('exportExcel: the rows of the call, grade and rate groups merged', async () => {
    const rows = await dataOf<FilmQualityRow[]>('/orderCount/imgProportionCount', { ...RANGE, sn: X.sn });
    const x = await sheet({ type: 'imgProportionCount', ...RANGE, sn: X.sn });
    expect(x.merges).toEqual(expect.arrayContaining(['A1:A2', 'E1:H1', 'I1:K1']));
    expect(x.rows.slice(2)).toEqual(
      rows.map((r) => [
        r.total ? 'Total' : r.hospital_name,
        r.modality,
        r.studies,
        r.rated,
        r.grade_a,
        r.grade_b,
        r.grade_c,
        r.scrap,
        r.a_rate,
        r.good_rate,
        r.scrap_rate,
      ]),
    );
  });

  it('a grade written through POST /report/quality counts (latest one wins)', async () => {
    const iuid = '1.2.826.0.1.3680043.97.1'; // DATA[1]: scrap so far
    const r = await call(t.p.app, 'POST', '/report/quality', {
      token: t.token('admin'),
      json: { study_iuid: iuid, image_quality: 4 },
    });
    expect(r.status).toBe(200);
    // written now (not in July): the study's grade is its latest record whatever the record's date
    const rows = await dataOf<FilmQualityRow[]>('/orderCount/imgProportionCount', {
      ...RANGE,
      sn: X.sn,
      modality: 'CT',
    });
    expect(rows[0]).toMatchObject({ grade_a: 2, scrap: 0, a_rate: 100 });
  });
});

describe('POST /meeting/userMeetingCount', () => {
  function expected(h: string) {
    const mine = CONSULTS.filter(([code, when]) => code === h && inRange(when.slice(0, 10))).map(([, , n]) => n);
    return {
      count: mine.length,
      single: mine.filter((n) => n === 1).length,
      dual: mine.filter((n) => n === 2).length,
      multi: mine.filter((n) => n >= 3).length,
    };
  }

  it('counts consultations per hospital by disciplines, sorted by hospital name, total row', async () => {
    const rows = await dataOf<MeetingCountRow[]>('/meeting/userMeetingCount', RANGE);
    const body = rows.slice(0, -1);
    expect(body.map((r) => r.hospital_name)).toEqual(
      [X.name, Y.name, '第一人民医院'].sort((a, b) => a.localeCompare(b)),
    );
    expect(body.find((r) => r.sn === X.sn)).toMatchObject({ ...expected('HMX'), hospital_name: X.name, total: false });
    expect(body.find((r) => r.sn === Y.sn)).toMatchObject(expected('HMY'));
    expect(expected('HMX')).toEqual({ count: 4, single: 1, dual: 1, multi: 2 });
    const total = rows.at(-1)!;
    expect(total.total).toBe(true);
    for (const k of ['count', 'single', 'dual', 'multi'] as const)
      expect(total[k]).toBe(body.reduce((n, r) => n + r[k], 0));
  });

  it('one hospital; exportExcel holds the rows of the call', async () => {
    const rows = await dataOf<MeetingCountRow[]>('/meeting/userMeetingCount', { ...RANGE, sn: X.sn });
    expect(rows.map((r) => r.sn)).toEqual([X.sn, '']);
    const x = await sheet({ type: 'userMeetingCount', ...RANGE, sn: X.sn });
    expect(x.rows.slice(2)).toEqual(
      rows.map((r) => [r.total ? 'Total' : r.hospital_name, r.count, r.single, r.dual, r.multi]),
    );
  });
});

describe('demo consultations', () => {
  it('the demo seed writes a few for H001 and H002 in the current month', async () => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    const rows = await dataOf<MeetingCountRow[]>('/meeting/userMeetingCount', {
      startTime: `${today.slice(0, 7)}-01`,
      endTime: today,
    });
    expect(rows.filter((r) => !r.total).map((r) => [r.sn, r.count])).toEqual([
      ['H001', 4],
      ['H002', 2],
    ]);
  });
});

describe("hospital scope: doctor2 (H002) never sees H001's numbers", () => {
  const CALLS: [string, Record<string, unknown>][] = [
    ['/orderCount/countDatail', RANGE],
    ['/orderCount/zhanJiangCount', { ...RANGE, tab: 'report' }],
    ['/orderCount/zhanJiangCount', { ...RANGE, tab: 'part' }],
    ['/orderCount/imgProportionCount', RANGE],
    ['/meeting/userMeetingCount', RANGE],
    ['/orderCount/descriptionCount', RANGE],
    ['/orderCount/ageRangeRegisterCount', RANGE],
    ['/orderCount/raycount', RANGE],
    ['/orderCount/patientPhoneCount', RANGE],
    ['/orderCount/sqDoctorList', RANGE],
  ];

  it.each(CALLS)('%s: own hospital only, naming H001 is refused', async (path, json) => {
    const mine = await dataOf<unknown>(path, json, 'doctor2');
    expect(mine).toEqual(await dataOf<unknown>(path, { ...json, sn: 'H002' }));
    expect(mine).not.toEqual(await dataOf<unknown>(path, { ...json, sn: 'H001' }));
    expect(JSON.stringify(mine)).not.toMatch(/Only-H001|"sn":"H001"|第一人民医院/);
    expect((await post('doctor2', path, { ...json, sn: 'H001' })).status).toBe(403);
    expect(await dataOf<unknown>(path, json, 'doctor')).toEqual(await dataOf<unknown>(path, { ...json, sn: 'H001' }));
  });

  it('exportExcel of the new tables is scoped the same way', async () => {
    for (const type of ['zhanJiangCount', 'imgProportionCount', 'userMeetingCount', 'raycount']) {
      const tab = type === 'zhanJiangCount' ? { tab: 'part' } : {};
      const r = await post('doctor2', '/orderCount/exportExcel', { type, ...RANGE, ...tab, sn: 'H001' });
      expect(r.status).toBe(403);
    }
    const [h] = await t.p.deps.db.select().from(hospital).where(eq(hospital.code, 'H001'));
    expect(h?.sn).toBe('H001');
  });
});

async function sheet(json: Record<string, unknown>, lang = 'en-US') {
  const res = await t.p.app.request('/orderCount/exportExcel', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.token('admin')}`,
      'accept-language': lang,
      'content-type': 'application/json',
    },
    body: JSON.stringify(json),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  // an empty cell reads back as undefined
  ws.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? '')));
  return { rows, merges: (ws.model as unknown as { merges: string[] }).merges };
}
