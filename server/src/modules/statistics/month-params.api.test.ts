import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MonthCountRow } from '@shared/schemas/statistics';
import { hospital, report, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor'] });
const HOSP = { code: 'HMONTH', sn: 'MP-01', name: 'Month params hospital' };
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

/** id, modality, body part, patient type, study day, written day, audited day, status. */
const DATA = [
  {
    id: 1,
    modality: 'CT',
    desc: 'Head',
    type: 1,
    day: '2026-03-02',
    written: '2026-03-05',
    audited: '2026-04-02',
    status: 2,
  },
  { id: 2, modality: 'CT', desc: 'Head', type: 3, day: '2026-03-10', written: '2026-04-01', audited: '', status: 1 },
  {
    id: 3,
    modality: 'DR',
    desc: 'Chest',
    type: 4,
    day: '2026-03-11',
    written: '2026-03-12',
    audited: '2026-03-12',
    status: 2,
  },
  { id: 4, modality: 'MR', desc: 'Knee', type: 2, day: '2026-02-27', written: '2026-03-01', audited: '', status: 1 },
  { id: 5, modality: 'US', desc: 'Abdomen', type: 1, day: '2026-03-31', written: '', audited: '', status: 0 },
];

beforeAll(async () => {
  const db = t.p.deps.db;
  await db.insert(hospital).values(HOSP);
  for (const d of DATA) {
    const [s] = await db
      .insert(study)
      .values({
        study_iuid: `1.2.826.0.1.3680043.98.${d.id}`,
        hospital_code: HOSP.code,
        modality: d.modality,
        study_desc: d.desc,
        patient_type: d.type,
        study_datetime: at(d.day),
      })
      .returning({ pk: study.pk });
    await db.insert(report).values({
      study_pk: s!.pk,
      rpt_status: d.status,
      report_doctor: d.written ? 'Alice' : '',
      report_datetime: d.written ? at(d.written, 10) : null,
      sh_doctor: d.audited ? 'Bob' : '',
      sh_datetime: d.audited ? at(d.audited, 11) : null,
    });
  }
});

const post = (who: DemoUser, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', '/orderCount/monthCountByBodyPart', { token: t.token(who), json, lang });
/** The counted studies as `modality|body part` per study (from the rows' totals). */
async function counted(json: Record<string, unknown>): Promise<string[]> {
  const r = await post('admin', { sn: HOSP.sn, ...json });
  expect(r.status, r.text).toBe(200);
  const rows = r.body.data as MonthCountRow[];
  expect(rows.at(-1)).toMatchObject({ is_total: true, total: rows.slice(0, -1).reduce((n, x) => n + x.total, 0) });
  return rows.slice(0, -1).flatMap((x) => Array<string>(x.total).fill(`${x.modality}|${x.body_part}`));
}
const keys = (ids: number[]) =>
  DATA.filter((d) => ids.includes(d.id))
    .map((d) => `${d.modality}|${d.desc}`)
    .sort();

describe('POST /orderCount/monthCountByBodyPart with the spec’s parameters', () => {
  it('still takes {month, sn} as the web page sends it', async () => {
    expect(await counted({ month: '2026-03' })).toEqual(keys([1, 2, 3, 5]));
  });

  it('takes startTime..endTime (both days included) instead of a month; the range wins over a month', async () => {
    expect(await counted({ startTime: '2026-03-10', endTime: '2026-03-11' })).toEqual(keys([2, 3]));
    expect(await counted({ month: '2026-02', startTime: '2026-03-10', endTime: '2026-03-11' })).toEqual(keys([2, 3]));
    expect(await counted({ startTime: '2026-02-01', endTime: '2026-03-31' })).toEqual(keys([1, 2, 3, 4, 5]));
  });

  it('queryType puts a study in the period by its study, report or audit date', async () => {
    expect(await counted({ month: '2026-03', queryType: 'study' })).toEqual(keys([1, 2, 3, 5]));
    expect(await counted({ month: '2026-03', queryType: 'report' })).toEqual(keys([1, 3, 4]));
    expect(await counted({ month: '2026-04', queryType: 'report' })).toEqual(keys([2]));
    expect(await counted({ month: '2026-03', queryType: 'audit' })).toEqual(keys([3]));
    expect(await counted({ month: '2026-04', queryType: 'audit' })).toEqual(keys([1]));
    expect(await counted({ month: '2026-03', queryType: '' })).toEqual(keys([1, 2, 3, 5]));
  });

  it('patient_type and modality narrow the studies counted; empty values mean no filter', async () => {
    expect(await counted({ month: '2026-03', patient_type: 3 })).toEqual(keys([2]));
    expect(await counted({ month: '2026-03', patient_type: '1' })).toEqual(keys([1, 5]));
    expect(await counted({ month: '2026-03', modality: 'CT' })).toEqual(keys([1, 2]));
    expect(await counted({ month: '2026-03', modality: 'CT', patient_type: 4 })).toEqual([]);
    expect(await counted({ month: '2026-03', modality: '', patient_type: '' })).toEqual(keys([1, 2, 3, 5]));
  });

  it('exports the same table with the same parameters', async () => {
    const res = await t.p.app.request('/orderCount/exportExcel', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token('admin')}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'monthCountByBodyPart',
        sn: HOSP.sn,
        month: '2026-03',
        queryType: 'report',
        patient_type: 2,
      }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const text = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(text).toContain('Knee');
    expect(text).not.toContain('Chest');
  });

  it.each([
    [
      'only one end of the range',
      { startTime: '2026-03-01' },
      'endTime',
      'Give both the start and the end date, or neither',
      '开始日期和结束日期须同时填写',
    ],
    [
      'an end before the start',
      { startTime: '2026-03-10', endTime: '2026-03-01' },
      'endTime',
      'The end date cannot be before the start date',
      '结束日期不能早于开始日期',
    ],
    ['no period at all', {}, 'month', 'Choose the month and the hospital before querying', '请先选择月份和医院再查询'],
  ])('answers 400 for %s, in the caller’s language', async (_, json, field, en, zh) => {
    for (const [lang, text] of [
      ['en-US', en],
      ['zh-CN', zh],
    ] as const) {
      const r = await post('admin', { sn: HOSP.sn, ...json }, lang);
      expect(r.status, r.text).toBe(400);
      expect(JSON.stringify(r.body)).toContain(text);
      expect((r.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
    }
  });

  it.each([
    ['an unknown queryType', { queryType: 'billing' }],
    ['a patient type out of 1-6', { patient_type: 7 }],
    ['a patient type that is not a number', { patient_type: 'er' }],
    ['an unknown modality', { modality: 'XX' }],
    ['a date that is not one', { startTime: '2026-02-30', endTime: '2026-03-01' }],
  ])('answers 400 (never 500) for %s', async (_, json) => {
    const r = await post('admin', { sn: HOSP.sn, month: '2026-03', ...json }, 'zh-CN');
    expect(r.status, r.text).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'VALIDATION' });
  });

  it("stays in the caller's hospital: naming another is 403", async () => {
    const r = await post('doctor', { sn: HOSP.sn, month: '2026-03', modality: 'CT' });
    expect(r.status).toBe(403);
  });
});
