import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATS_MODALITIES, type MonthCountRow, type WorkCountRow } from '@shared/schemas/statistics';
import { auditLog, hospital, report, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor', 'doctor2', 'register', 'hadmin'] });

/** A hospital of its own so the demo data never mixes into the numbers. */
const HOSP = { code: 'HSTAT', sn: 'ST-01', name: 'Stats hospital' };
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

interface Fixture {
  modality: string;
  parts: number;
  patient_type: number | null;
  study_desc: string;
  study_day: string;
  is_del?: number;
  writer?: string;
  written?: string;
  auditor?: string;
  audited?: string;
  status: number;
}

/** The known data set: writers and auditors on days in and out of the 2026-03-05..2026-03-20 range. */
const DATA: Fixture[] = [
  {
    modality: 'CT',
    parts: 2,
    patient_type: 1,
    study_desc: 'Head',
    study_day: '2026-03-02',
    writer: 'Alice',
    written: '2026-03-05',
    auditor: 'Bob',
    audited: '2026-03-06',
    status: 2,
  },
  {
    modality: 'CT',
    parts: 1,
    patient_type: 3,
    study_desc: 'Head',
    study_day: '2026-03-10',
    writer: 'Alice',
    written: '2026-03-20',
    status: 1,
  },
  {
    modality: 'DR',
    parts: 3,
    patient_type: 4,
    study_desc: 'Chest',
    study_day: '2026-03-11',
    writer: 'Alice',
    written: '2026-03-12',
    auditor: 'Alice',
    audited: '2026-03-12',
    status: 2,
  },
  {
    modality: 'MR',
    parts: 1,
    patient_type: 2,
    study_desc: 'Knee',
    study_day: '2026-03-12',
    writer: 'Bob',
    written: '2026-03-13',
    auditor: 'Carol',
    audited: '2026-03-21',
    status: 2,
  },
  {
    modality: 'US',
    parts: 4,
    patient_type: null,
    study_desc: 'Abdomen',
    study_day: '2026-03-15',
    writer: 'Carol',
    written: '2026-03-04',
    status: 1,
  },
  {
    modality: 'DX',
    parts: 2,
    patient_type: 3,
    study_desc: 'Hand',
    study_day: '2026-03-16',
    writer: 'Carol',
    written: '2026-03-16',
    auditor: 'Bob',
    audited: '2026-03-17',
    status: 2,
  },
  {
    modality: 'MG',
    parts: 1,
    patient_type: 1,
    study_desc: 'Breast',
    study_day: '2026-03-17',
    writer: 'Bob',
    written: '2026-03-18',
    status: 1,
  },
  // deleted study: never counted
  {
    modality: 'CT',
    parts: 5,
    patient_type: 1,
    study_desc: 'Head',
    study_day: '2026-03-18',
    writer: 'Alice',
    written: '2026-03-18',
    status: 1,
    is_del: 1,
  },
  // not yet written (status 0): neither a writer nor an auditor
  { modality: 'CT', parts: 1, patient_type: 1, study_desc: 'Spine', study_day: '2026-04-01', status: 0 },
];
const RANGE = { startTime: '2026-03-05', endTime: '2026-03-20' };
const inRange = (d?: string) => !!d && d >= RANGE.startTime && d <= RANGE.endTime;

/** The expected workload computed straight from DATA, independently of the server's SQL. */
function expectedWork(doctor?: string): Record<string, Partial<Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  const bump = (name: string, k: string, n: number) => {
    out[name] ??= {};
    out[name][k] = (out[name][k] ?? 0) + n;
  };
  for (const d of DATA) {
    if (d.is_del) continue;
    const m = d.modality.toLowerCase();
    const split = (STATS_MODALITIES as readonly string[]).includes(m);
    if (d.writer && d.status >= 1 && inRange(d.written) && (!doctor || doctor === d.writer)) {
      bump(d.writer, 'countrc', 1);
      bump(d.writer, 'countbc', d.parts);
      if (split) bump(d.writer, m, 1);
      if (split) bump(d.writer, `b_${m}`, d.parts);
    }
    if (d.auditor && d.status === 2 && inRange(d.audited) && (!doctor || doctor === d.auditor)) {
      bump(d.auditor, 'countrs', 1);
      bump(d.auditor, 'countbs', d.parts);
      if (split) bump(d.auditor, `s_${m}`, 1);
      if (split) bump(d.auditor, `sb_${m}`, d.parts);
    }
  }
  return out;
}

const NUMBER_KEYS = [
  'countrc',
  'countrs',
  'countbc',
  'countbs',
  ...['', 's_', 'b_', 'sb_'].flatMap((p) => STATS_MODALITIES.map((m) => p + m)),
];
const numbersOf = (row: WorkCountRow) =>
  Object.fromEntries(
    NUMBER_KEYS.map((k) => [k, (row as unknown as Record<string, number>)[k]]).filter(([, v]) => v !== 0),
  );

async function insertStudy(code: string, d: Fixture, i: number) {
  const db = t.p.deps.db;
  const [s] = await db
    .insert(study)
    .values({
      study_iuid: `1.2.826.0.1.3680043.99.${code}.${i}`,
      hospital_code: code,
      modality: d.modality,
      parts_count: d.parts,
      patient_type: d.patient_type,
      study_desc: d.study_desc,
      study_datetime: at(d.study_day),
      is_del: d.is_del ?? 0,
    })
    .returning({ pk: study.pk });
  await db.insert(report).values({
    study_pk: s!.pk,
    rpt_status: d.status,
    report_doctor: d.writer ?? '',
    report_datetime: d.written ? at(d.written, 23) : null,
    sh_doctor: d.auditor ?? '',
    sh_datetime: d.audited ? at(d.audited, 0) : null,
  });
}

beforeAll(async () => {
  await t.p.deps.db.insert(hospital).values(HOSP);
  for (const [i, d] of DATA.entries()) await insertStudy(HOSP.code, d, i);
  // H001 data whose writer must never show up for doctor2 (H002)
  await insertStudy('H001', { ...DATA[0]!, writer: 'Only-H001', auditor: 'Only-H001-audit' }, 0);
});

const post = (user: Parameters<typeof t.token>[0], path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });

describe('POST /orderCount/userWorkCount', () => {
  it('counts per doctor exactly as the data set says, total row = sum of the rows', async () => {
    const r = await post('admin', '/orderCount/userWorkCount', { ...RANGE, sn: HOSP.sn });
    expect(r.status).toBe(200);
    const rows = r.body.data as WorkCountRow[];
    const total = rows.at(-1)!;
    expect(total.total).toBe(true);
    const doctors = rows.slice(0, -1);
    expect(doctors.every((d) => !d.total)).toBe(true);
    const expected = expectedWork();
    expect(doctors.map((d) => d.report_doctor)).toEqual(Object.keys(expected).sort());
    for (const d of doctors) expect(numbersOf(d)).toEqual(expected[d.report_doctor]);
    for (const k of NUMBER_KEYS) {
      const sum = doctors.reduce((n, d) => n + (d as unknown as Record<string, number>)[k]!, 0);
      expect((total as unknown as Record<string, number>)[k]).toBe(sum);
    }
    // spot checks of the rules themselves, not only of the model above
    expect(doctors.find((d) => d.report_doctor === 'Alice')).toMatchObject({
      countrc: 3,
      countrs: 1,
      countbc: 6,
      ct: 2,
      dr: 1,
      s_dr: 1,
      sb_dr: 3,
    });
    expect(doctors.find((d) => d.report_doctor === 'Bob')).toMatchObject({
      countrc: 2,
      countrs: 2,
      countbc: 2,
      ct: 0,
      mr: 1,
      s_ct: 1,
      s_dx: 1,
      sb_ct: 2,
      sb_dx: 2,
    });
    // both ends of the range are whole days: 03-20 23:00 counts, 03-04 23:00 and 03-21 00:00 do not
    expect(doctors.find((d) => d.report_doctor === 'Carol')).toMatchObject({ countrc: 1, countrs: 0, dx: 1 });
    expect(total.countrc).toBe(6); // MG counts in the total but in no modality column
    expect(total.ct + total.dr + total.dx + total.mr + total.us).toBe(5);
  });

  it('filters by doctor', async () => {
    const r = await post('admin', '/orderCount/userWorkCount', { ...RANGE, sn: HOSP.sn, doctor: 'Carol' });
    const rows = r.body.data as WorkCountRow[];
    expect(rows.map((d) => d.report_doctor)).toEqual(['Carol', '']);
    expect(numbersOf(rows[0]!)).toEqual(expectedWork('Carol').Carol);
  });

  it('answers only the total row (all zero) when nothing matches', async () => {
    const r = await post('admin', '/orderCount/userWorkCount', {
      startTime: '2020-01-01',
      endTime: '2020-01-31',
      sn: HOSP.sn,
    });
    const rows = r.body.data as WorkCountRow[];
    expect(rows).toHaveLength(1);
    expect(numbersOf(rows[0]!)).toEqual({});
  });

  it("keeps hospital staff to their own hospital: doctor2 (H002) never sees H001's numbers", async () => {
    const range = { startTime: '2026-03-01', endTime: '2026-03-31' };
    const own = await post('doctor2', '/orderCount/userWorkCount', range);
    expect(own.status).toBe(200);
    const names = (own.body.data as WorkCountRow[]).map((d) => d.report_doctor);
    expect(names).not.toContain('Only-H001');
    expect(names).not.toContain('Only-H001-audit');
    const h001 = await t.p.deps.db.select({ sn: hospital.sn }).from(hospital).where(eq(hospital.code, 'H001'));
    const other = await post('doctor2', '/orderCount/userWorkCount', { ...range, sn: h001[0]!.sn });
    expect(other.status).toBe(403);
    const mine = await post('doctor', '/orderCount/userWorkCount', range);
    expect((mine.body.data as WorkCountRow[]).map((d) => d.report_doctor)).toContain('Only-H001');
    expect((mine.body.data as WorkCountRow[]).map((d) => d.report_doctor)).not.toContain('Alice');
  });

  it('refuses registration staff and an end date before the start date', async () => {
    expect((await post('register', '/orderCount/userWorkCount', RANGE)).status).toBe(403);
    const bad = await post(
      'admin',
      '/orderCount/userWorkCount',
      { startTime: '2026-03-05', endTime: '2026-03-01' },
      'zh-CN',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'endTime', msg: '结束日期不能早于开始日期' }]);
  });
});

describe('POST /orderCount/monthCountByBodyPart', () => {
  it('counts the month per modality and body part by patient type, total row = sums', async () => {
    const r = await post('admin', '/orderCount/monthCountByBodyPart', { month: '2026-03', sn: HOSP.sn });
    expect(r.status).toBe(200);
    const rows = r.body.data as MonthCountRow[];
    const live = DATA.filter((d) => !d.is_del && d.study_day.startsWith('2026-03'));
    const keys = [...new Set(live.map((d) => `${d.modality}|${d.study_desc}`))].sort();
    expect(rows.slice(0, -1).map((x) => `${x.modality}|${x.body_part}`)).toEqual(keys);
    for (const row of rows.slice(0, -1)) {
      const mine = live.filter((d) => d.modality === row.modality && d.study_desc === row.body_part);
      expect(row).toMatchObject({
        emergency: mine.filter((d) => d.patient_type === 3).length,
        exam: mine.filter((d) => d.patient_type === 4).length,
        routine: mine.filter((d) => d.patient_type !== 3 && d.patient_type !== 4).length,
        total: mine.length,
        parts: mine.reduce((n, d) => n + d.parts, 0),
        is_total: false,
      });
    }
    expect(rows.at(-1)).toMatchObject({
      is_total: true,
      total: live.length,
      parts: live.reduce((n, d) => n + d.parts, 0),
    });
  });

  it.each([
    ['en-US', 'Choose the month and the hospital before querying'],
    ['zh-CN', '请先选择月份和医院再查询'],
  ])('without month or hospital answers 400 with the spec message (%s)', async (lang, text) => {
    for (const [json, fields] of [
      [{ sn: HOSP.sn }, ['month']],
      [{ month: '2026-03' }, ['sn']],
      [{ month: '', sn: '' }, ['month', 'sn']],
    ] as const) {
      const r = await post('admin', '/orderCount/monthCountByBodyPart', json, lang);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(text);
      expect((r.body.errors as { field: string }[]).map((e) => e.field)).toEqual(fields);
    }
    const ex = await post('admin', '/orderCount/exportExcel', { type: 'monthCountByBodyPart', sn: HOSP.sn }, lang);
    expect(ex.status).toBe(400);
    expect(ex.body.msg).toBe(text);
  });
});

async function exportSheet(json: unknown, user: Parameters<typeof t.token>[0] = 'admin') {
  const res = await t.p.app.request('/orderCount/exportExcel', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.token(user)}`,
      'accept-language': 'en-US',
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
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, merges: (ws.model as unknown as { merges: string[] }).merges };
}

describe('POST /orderCount/exportExcel', () => {
  it('userWorkCount: exactly the table, groups as merged headers, total row last, audited', async () => {
    const table = (await post('admin', '/orderCount/userWorkCount', { ...RANGE, sn: HOSP.sn })).body
      .data as WorkCountRow[];
    const { rows, merges } = await exportSheet({ type: 'userWorkCount', ...RANGE, sn: HOSP.sn });
    expect(rows[0]!.slice(0, 2)).toEqual(['Doctor', 'Reports (first diagnosis)']);
    expect(rows[1]!.slice(1, 7)).toEqual(['Total', 'CT', 'DR', 'DX', 'MR', 'US']);
    expect(merges).toEqual(expect.arrayContaining(['A1:A2', 'B1:G1', 'H1:M1', 'N1:S1', 'T1:Y1']));
    const body = rows.slice(2);
    expect(body).toHaveLength(table.length);
    for (const [i, row] of table.entries()) {
      expect(body[i]![0]).toBe(row.total ? 'Total' : row.report_doctor);
      expect(body[i]!.slice(1)).toEqual([
        row.countrc,
        ...STATS_MODALITIES.map((m) => row[m]),
        row.countrs,
        ...STATS_MODALITIES.map((m) => row[`s_${m}`]),
        row.countbc,
        ...STATS_MODALITIES.map((m) => row[`b_${m}`]),
        row.countbs,
        ...STATS_MODALITIES.map((m) => row[`sb_${m}`]),
      ]);
    }
    const audits = await t.p.deps.db.select().from(auditLog).where(eq(auditLog.target, 'statistics:userWorkCount'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('monthCountByBodyPart: the same rows as the call', async () => {
    const table = (await post('admin', '/orderCount/monthCountByBodyPart', { month: '2026-03', sn: HOSP.sn })).body
      .data as MonthCountRow[];
    const { rows } = await exportSheet({ type: 'monthCountByBodyPart', month: '2026-03', sn: HOSP.sn });
    expect(rows.slice(2).map((r) => r[5])).toEqual(table.map((r) => r.total));
    expect(rows.at(-1)![0]).toBe('Total');
  });

  it("checks the call's own parameters and scope", async () => {
    const bad = await post('admin', '/orderCount/exportExcel', { type: 'userWorkCount', startTime: '2026-03-05' });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toContain('endTime');
    const other = await post('doctor2', '/orderCount/exportExcel', { type: 'userWorkCount', ...RANGE, sn: HOSP.sn });
    expect(other.status).toBe(403);
  });
});
