import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HospitalCountRow, SeriesPoint, StorageRow } from '@shared/schemas/statistics';
import { hospital, report, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor2', 'hadmin'] });

const A = { code: 'HDA', sn: 'DA-01', name: 'Dash A' };
const B = { code: 'HDB', sn: 'DB-01', name: 'Dash B' };
const RANGE = { startTime: '2026-05-01', endTime: '2026-05-31' };

interface Fx {
  h: string;
  modality: string;
  day: string;
  hour: number;
  registered: string;
  sex: string;
  age: string;
  type: number | null;
  bytes: number;
  good: number | null;
  writer: string;
  auditor?: string;
}
const DATA: Fx[] = [
  {
    h: 'HDA',
    modality: 'CT',
    day: '2026-05-02',
    hour: 8,
    registered: '2026-05-02T07',
    sex: 'M',
    age: '045Y',
    type: 1,
    bytes: 2_048_000,
    good: 2,
    writer: 'Ann',
    auditor: 'Ben',
  },
  {
    h: 'HDA',
    modality: 'CT',
    day: '2026-05-02',
    hour: 9,
    registered: '2026-05-02T08',
    sex: 'F',
    age: '003M',
    type: 3,
    bytes: 1_024_000,
    good: 1,
    writer: 'Ann',
  },
  {
    h: 'HDA',
    modality: 'MR',
    day: '2026-05-03',
    hour: 9,
    registered: '2026-05-03T08',
    sex: 'F',
    age: '083Y',
    type: null,
    bytes: 512_000,
    good: null,
    writer: 'Ben',
  },
  {
    h: 'HDB',
    modality: 'US',
    day: '2026-05-04',
    hour: 14,
    registered: '2026-05-04T13',
    sex: 'M',
    age: '019Y',
    type: 4,
    bytes: 1_024_000_000,
    good: 2,
    writer: 'Cid',
    auditor: 'Cid',
  },
  // outside the range: never counted
  {
    h: 'HDA',
    modality: 'CT',
    day: '2026-06-01',
    hour: 8,
    registered: '2026-06-01T07',
    sex: 'M',
    age: '045Y',
    type: 1,
    bytes: 999,
    good: 2,
    writer: 'Ann',
  },
];
const inRange = DATA.filter((d) => d.day <= RANGE.endTime);

beforeAll(async () => {
  const db = t.p.deps.db;
  await db.insert(hospital).values([A, B]);
  for (const [i, d] of DATA.entries()) {
    const studyAt = new Date(`${d.day}T${String(d.hour).padStart(2, '0')}:30:00Z`);
    const [s] = await db
      .insert(study)
      .values({
        study_iuid: `1.2.826.0.1.3680043.98.${i}`,
        hospital_code: d.h,
        modality: d.modality,
        study_datetime: studyAt,
        create_time: new Date(`${d.registered}:10:00Z`),
        patient_sex: d.sex,
        patient_age: d.age,
        patient_type: d.type,
        file_size: d.bytes,
        parts_count: 1,
      })
      .returning({ pk: study.pk });
    await db.insert(report).values({
      study_pk: s!.pk,
      rpt_status: d.auditor ? 2 : 1,
      rpt_good_status: d.good,
      report_doctor: d.writer,
      report_datetime: studyAt,
      sh_doctor: d.auditor ?? '',
      sh_datetime: d.auditor ? studyAt : null,
    });
  }
});

const post = (user: 'admin' | 'doctor2' | 'hadmin', path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang: 'en-US' });
const countBy = (rows: Fx[], key: (d: Fx) => string) => {
  const m = new Map<string, number>();
  for (const d of rows) m.set(key(d), (m.get(key(d)) ?? 0) + 1);
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, value]) => ({ name, value }));
};
const seriesOf = async (name: string, sn = A.sn) =>
  (await post('admin', `/orderCount/${name}`, { ...RANGE, sn })).body.data as SeriesPoint[];

describe('per-hospital statistics and storage', () => {
  it('doctorCount: one row per hospital with the workload columns, total row = sum', async () => {
    const rows = (await post('admin', '/orderCount/doctorCount', RANGE)).body.data as HospitalCountRow[];
    const mine = rows.filter((r) => r.sn === A.sn || r.sn === B.sn);
    expect(mine.map((r) => r.hospital_name)).toEqual(['Dash A', 'Dash B']);
    const a = inRange.filter((d) => d.h === 'HDA');
    expect(mine[0]).toMatchObject({
      countrc: a.length,
      countrs: a.filter((d) => d.auditor).length,
      ct: 2,
      mr: 1,
      s_ct: 1,
    });
    expect(mine[1]).toMatchObject({ countrc: 1, countrs: 1, us: 1, s_us: 1, b_us: 1, sb_us: 1 });
    const total = rows.at(-1)!;
    expect(total.total).toBe(true);
    expect(total.countrc).toBe(rows.slice(0, -1).reduce((n, r) => n + r.countrc, 0));
  });

  it('fileUseCount: bytes per hospital, MB = bytes/1024000, GB = MB/1024, total row', async () => {
    const rows = (await post('admin', '/orderCount/fileUseCount', RANGE)).body.data as StorageRow[];
    const b = rows.find((r) => r.sn === B.sn)!;
    expect(b).toMatchObject({ hospital_name: 'Dash B', file_size: 1_024_000_000, mb: 1000, gb: 0.98 });
    const a = rows.find((r) => r.sn === A.sn)!;
    expect(a.file_size).toBe(2_048_000 + 1_024_000 + 512_000);
    expect(a.mb).toBe(3.5);
    const total = rows.at(-1)!;
    expect(total.total).toBe(true);
    expect(total.file_size).toBe(rows.slice(0, -1).reduce((n, r) => n + r.file_size, 0));
    const one = (await post('admin', '/orderCount/fileUseCount', { ...RANGE, sn: B.sn })).body.data as StorageRow[];
    expect(one.map((r) => r.file_size)).toEqual([1_024_000_000, 1_024_000_000]);
  });

  it('keeps staff to their own hospital (doctor2 of H002 asking for another is refused)', async () => {
    const [h001] = await t.p.deps.db.select({ sn: hospital.sn }).from(hospital).where(eq(hospital.code, 'H001'));
    for (const path of ['/orderCount/doctorCount', '/orderCount/fileUseCount', '/orderCount/hourCount'])
      expect((await post('doctor2', path, { ...RANGE, sn: h001!.sn })).status).toBe(403);
    const own = (await post('hadmin', '/orderCount/fileUseCount', RANGE)).body.data as StorageRow[];
    expect(own.some((r) => r.sn === A.sn || r.sn === B.sn)).toBe(false);
  });
});

async function sheetOf(json: unknown) {
  const res = await t.p.app.request('/orderCount/exportExcel', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.token('admin')}`,
      'accept-language': 'zh-CN',
      'content-type': 'application/json',
    },
    body: JSON.stringify(json),
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('exportExcel of the per-hospital tables', () => {
  it('doctorCount and fileUseCount: the rows of the call, total row last, zh-CN headers', async () => {
    const hosp = (await post('admin', '/orderCount/doctorCount', RANGE)).body.data as HospitalCountRow[];
    const h = await sheetOf({ type: 'doctorCount', ...RANGE });
    expect(h[0]![0]).toBe('医院');
    expect(h.slice(2).map((r) => r[1])).toEqual(hosp.map((r) => r.countrc));
    expect(h.at(-1)![0]).toBe('合计');
    const store = (await post('admin', '/orderCount/fileUseCount', { ...RANGE, sn: B.sn })).body.data as StorageRow[];
    const f = await sheetOf({ type: 'fileUseCount', ...RANGE, sn: B.sn });
    expect(f.slice(1).map((r) => [r[1], r[2]])).toEqual(store.map((r) => [r.mb, r.gb]));
  });
});

describe('dashboard series', () => {
  const a = inRange.filter((d) => d.h === 'HDA');
  it.each([
    ['rangeList', (d: Fx) => d.day],
    ['hospitalmodalityCount', (d: Fx) => d.modality],
    ['hourCount', (d: Fx) => String(d.hour).padStart(2, '0')],
    ['hourRegisterCount', (d: Fx) => d.registered.slice(-2)],
    ['countPatientSex', (d: Fx) => d.sex],
    ['patientTypeCount', (d: Fx) => (d.type === null ? '' : String(d.type))],
  ] as const)('%s counts the studies of the range', async (name, key) => {
    expect(await seriesOf(name)).toEqual(countBy(a, key));
  });

  it('ageRangeCount: decades, under a year in 0-9, 80 and over together', async () => {
    expect(await seriesOf('ageRangeCount')).toEqual([
      { name: '0-9', value: 1 },
      { name: '40-49', value: 1 },
      { name: '80+', value: 1 },
    ]);
  });

  it('positiveCount: reports written in the range by their flag (2 positive, 1 negative)', async () => {
    expect(await seriesOf('positiveCount')).toEqual([
      { name: 'negative', value: 1 },
      { name: 'positive', value: 1 },
      { name: 'unmarked', value: 1 },
    ]);
  });
});
