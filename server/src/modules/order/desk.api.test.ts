import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportInfo } from '@shared/schemas/report';
import { report, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/** The desk at speed (issue 41): priority, time waited, and the next study to report. */
const t = useTestPlatform({ users: ['doctor', 'auditor'] });
const db = () => t.p.deps.db;
const post = (url: string, json: unknown, who: 'doctor' | 'auditor' = 'doctor') =>
  call(t.p.app, 'POST', url, { token: t.token(who), json });
const list = async (json: Record<string, unknown>) =>
  (await post('/api/order/OrderList', { pageSize: 100, ...json })).body.data as { list: StudyRow[]; totalRow: number };
const next = async (json: Record<string, unknown> = {}) => {
  const r = await post('/api/order/next', json);
  expect(r.status, r.text).toBe(200);
  return r.body.data as StudyRow | null;
};

let emergency: StudyRow;
let titled: StudyRow;
beforeAll(async () => {
  // One unwritten CT study of an emergency patient, one whose report is titled bedside emergency; none other urgent.
  await db().update(study).set({ patient_type: 1 }).where(eq(study.patient_type, 3));
  const unwritten = (await list({ rpt_status: [0], modalitys: ['CT'], sort: 'study_datetime desc' })).list;
  [emergency, titled] = unwritten.slice(-2) as [StudyRow, StudyRow];
  await db().update(study).set({ patient_type: 3 }).where(eq(study.pk, emergency.pk));
  await db()
    .update(report)
    .set({ rpt_detail: { values: {}, title_suffix: 4, images: [] } })
    .where(and(eq(report.study_pk, titled.pk), eq(report.rpt_position, 1)));
});

describe('priority', () => {
  it('is urgent for an emergency patient or a report titled (bedside) emergency; filtered and sorted by it', async () => {
    const urgent = await list({ priority: '1' });
    expect(urgent.list.map((r) => r.pk).sort()).toEqual([emergency.pk, titled.pk].sort());
    expect(urgent.list.every((r) => r.priority === 1)).toBe(true);
    const all = await list({ sort: 'priority desc', rpt_status: [0] });
    expect(all.list.slice(0, 2).map((r) => r.priority)).toEqual([1, 1]);
    expect(all.list.slice(2).every((r) => r.priority === 0)).toBe(true);
    // Among equals, the longest waiting first.
    const rest = all.list.slice(2).map((r) => r.study_datetime);
    expect(rest).toEqual([...rest].sort());
    // The report screen's study says the same (the rule in SQL and in code agree).
    for (const r of [emergency, titled, all.list.at(-1)!]) {
      const info = (await post('/report/info', { study_iuid: r.study_iuid })).body.data as ReportInfo;
      expect(info.study.priority).toBe(r.pk === emergency.pk || r.pk === titled.pk ? 1 : 0);
    }
  });

  it('waited: minutes from the exam to now while not audited, to the audit once audited', async () => {
    const rows = (await list({ pageSize: 50 })).list;
    const result = (await db().execute(sql`select now() as now`)) as unknown as { rows: { now: string | Date }[] };
    const [now] = result.rows as [{ now: string | Date }];
    const at = new Date(now.now).getTime();
    for (const r of rows) {
      const [s] = await db()
        .select({ at: study.study_datetime, st: report.rpt_status, sh: report.sh_datetime })
        .from(study)
        .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
        .where(eq(study.pk, r.pk));
      const end = s!.st === 2 && s!.sh ? s!.sh.getTime() : at;
      const expected = Math.max(0, Math.floor((end - s!.at.getTime()) / 60_000));
      expect(Math.abs(r.waited_minutes - expected)).toBeLessThanOrEqual(1);
    }
  });
});

describe('the next study', () => {
  it('is the urgent unwritten study first, then the longest waiting, skipping the one just done', async () => {
    const first = await next({ modalitys: ['CT'] });
    expect([emergency.pk, titled.pk]).toContain(first!.pk);
    const second = await next({ modalitys: ['CT'], after: first!.study_iuid });
    expect([emergency.pk, titled.pk].filter((pk) => pk !== first!.pk)).toEqual([second!.pk]);
    const third = await next({ modalitys: ['CT'], after: titled.study_iuid, priority: '' });
    expect(third!.rpt_status).toBe(0);
  });

  it("skips a study another user is writing, keeps the caller's own, and is null when none is left", async () => {
    const first = (await next({ modalitys: ['CT'] }))!;
    const lock = (to: 'auditor' | 'doctor') => post('/report/lock', { study_iuid: first.study_iuid }, to);
    expect((await lock('auditor')).status).toBe(200);
    expect((await next({ modalitys: ['CT'] }))!.pk).not.toBe(first.pk);
    await post('/report/cleanLock', { study_iuid: first.study_iuid }, 'auditor');
    expect((await lock('doctor')).status).toBe(200);
    expect((await next({ modalitys: ['CT'] }))!.pk).toBe(first.pk);
    expect(await next({ patient_id: 'NOBODY-HAS-THIS' })).toBeNull();
    const bad = await post('/api/order/next', { modalitys: ['XX'] });
    expect(bad.status).toBe(400);
  });
});
