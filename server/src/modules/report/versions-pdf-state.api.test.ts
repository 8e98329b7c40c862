import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { VersionRow } from '@shared/schemas/report';
import { reportJob, reportVersion } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

// The worker is off here (REPORT_JOBS=off): each archive job stays as this file sets it.
const t = useTestPlatform({ users: ['doctor', 'auditor'] });
let pool: StudyRow[] = [];
beforeAll(async () => {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
    token: t.token('doctor'),
    json: { rpt_status: [0], pageSize: 20 },
  });
  pool = (r.body.data as { list: StudyRow[] }).list;
});

const req = (user: DemoUser, path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token: t.token(user), json });
const texts = {
  rpt_good_status: 1,
  study_desc: '胸部CT平扫',
  report_text1: '双肺纹理清晰。',
  report_text2: '胸部CT平扫未见明显异常。',
};

/** A fresh study saved, audited, cancelled and audited again: two audit version rows, newest first. */
async function twiceAudited(): Promise<{ s: StudyRow; audits: VersionRow[] }> {
  const s = pool.shift();
  if (!s) throw new Error('out of fresh studies');
  const steps: [DemoUser, string, number][] = [
    ['doctor', '/report/save', 1],
    ['auditor', '/report/audit', 2],
    ['auditor', '/report/cancelAudit', 3],
    ['auditor', '/report/audit', 4],
  ];
  for (const [user, path, version] of steps) {
    const r = await req(user, path, { study_iuid: s.study_iuid, version, ...texts });
    expect(r.status, `${path} ${r.text}`).toBe(200);
  }
  return { s, audits: (await versions(s)).filter((v) => v.rpt_status === 2) };
}
async function versions(s: StudyRow): Promise<VersionRow[]> {
  const r = await req('doctor', '/report/versions', { study_iuid: s.study_iuid });
  expect(r.status, r.text).toBe(200);
  return r.body.data as VersionRow[];
}
const setArchive = (versionPk: number, set: Partial<typeof reportJob.$inferInsert>) =>
  t.p.deps.db
    .update(reportJob)
    .set(set)
    .where(and(eq(reportJob.version_pk, versionPk), eq(reportJob.kind, 'archive')));
const pdfOf = (v: VersionRow | undefined) => v && [v.pdf_state, v.pdf_attempts, v.pdf_error];

describe('POST /report/versions: the archive state of each audit', () => {
  it('answers pending, failed (also for superseded) and done per audit row, null for the other rows', async () => {
    const { s, audits } = await twiceAudited();
    const [newest, older] = audits;
    expect(audits).toHaveLength(2);
    // Just audited, the worker not yet there.
    expect(audits.map(pdfOf)).toEqual([
      ['pending', 0, ''],
      ['pending', 0, ''],
    ]);
    const others = (await versions(s)).filter((v) => v.rpt_status !== 2);
    expect(others.map((v) => v.rpt_status).sort()).toEqual([1, 3]);
    expect(others.map(pdfOf)).toEqual([
      [null, 0, ''],
      [null, 0, ''],
    ]);

    await setArchive(newest!.pk, { attempts: 3, last_error: 'render: TimeoutError' });
    await setArchive(older!.pk, { state: 'failed', attempts: 12, last_error: 'seal: Error' });
    const byPk = async () => new Map((await versions(s)).map((v) => [v.pk, v]));
    let now = await byPk();
    expect(pdfOf(now.get(newest!.pk))).toEqual(['pending', 3, 'render: TimeoutError']);
    expect(pdfOf(now.get(older!.pk))).toEqual(['failed', 12, 'seal: Error']);

    // Superseded: no PDF is coming either, and the retry button runs it again, so the list says failed.
    await setArchive(older!.pk, { state: 'superseded', last_error: 'report removed' });
    const sha = 'a'.repeat(64);
    await setArchive(newest!.pk, { state: 'done', last_error: '' });
    await t.p.deps.db.update(reportVersion).set({ pdf_sha256: sha }).where(eq(reportVersion.pk, newest!.pk));
    now = await byPk();
    expect(pdfOf(now.get(older!.pk))).toEqual(['failed', 12, 'report removed']);
    expect(pdfOf(now.get(newest!.pk))).toEqual(['done', 3, '']);
    expect(now.get(newest!.pk)!.pdf_sha256).toBe(sha);
  });

  it('an audit with no archive job (from before the archive) answers null, or done when it has a PDF', async () => {
    const { s, audits } = await twiceAudited();
    const [newest, older] = audits;
    await t.p.deps.db.delete(reportJob).where(eq(reportJob.rpt_pk, newest!.rpt_pk));
    await t.p.deps.db
      .update(reportVersion)
      .set({ pdf_sha256: 'b'.repeat(64) })
      .where(eq(reportVersion.pk, older!.pk));
    const now = new Map((await versions(s)).map((v) => [v.pk, v]));
    expect(pdfOf(now.get(newest!.pk))).toEqual([null, 0, '']);
    expect(pdfOf(now.get(older!.pk))).toEqual(['done', 0, '']);
  });
});
