import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, reportShare } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { tokenHash } from './tokens';
import { examsOfHospital } from './test-data';

const t = useTestPlatform({ users: ['doctor', 'doctor2', 'register', 'auditor'] });
type Who = 'doctor' | 'doctor2' | 'register' | 'auditor';
const as = (who: Who, path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang: 'en-US' });
const opens = (token: string) => call(t.p.app, 'POST', '/report/shared/info', { json: { token }, lang: 'en-US' });

async function studies() {
  const exams = await examsOfHospital(t.p.deps.db, 'H001');
  return {
    audited: exams.filter((e) => e.rpt_status === 2),
    unaudited: exams.find((e) => e.rpt_status !== 2)!,
  };
}

async function link(study_iuid: string, days?: number) {
  const r = await as('doctor', '/report/shareLink', days === undefined ? { study_iuid } : { study_iuid, days });
  expect(r.status).toBe(200);
  return r.body.data as { pk: number; token: string; path: string; expires_at: string };
}

describe('patient links', () => {
  it('a link opens the audited report without a session; only its hash is stored; create is audited', async () => {
    const { audited } = await studies();
    const s = audited[0]!;
    const l = await link(s.study_iuid);
    expect(l.path).toBe(`/rptPrint?study_iuid=${encodeURIComponent(s.study_iuid)}&share=${l.token}`);
    const opened = await opens(l.token);
    expect(opened.status).toBe(200);
    expect((opened.body.data as { info: { study: { study_iuid: string } } }).info.study.study_iuid).toBe(s.study_iuid);

    const [row] = await t.p.deps.db.select().from(reportShare).where(eq(reportShare.pk, l.pk));
    expect(row!.token_hash).toBe(tokenHash(l.token));
    expect(JSON.stringify(row)).not.toContain(l.token);
    const [audit] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `report_share:${l.pk}`));
    expect(audit).toMatchObject({ action: 'shareLink.create', username: 'doctor' });
    expect(JSON.stringify(audit)).not.toContain(l.token);
    expect(JSON.stringify(audit)).not.toContain(row!.token_hash);
  });

  it('7 days unless chosen; 1-30 only', async () => {
    const { audited } = await studies();
    const s = audited[1]!;
    const l = await link(s.study_iuid);
    const days = (new Date(l.expires_at.replace(' ', 'T')).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    for (const bad of [0, 31, 'x']) {
      const r = await as('doctor', '/report/shareLink', { study_iuid: s.study_iuid, days: bad });
      expect(r.status).toBe(400);
      expect((r.body.errors as { field: string }[])[0]!.field).toBe('days');
    }
  });

  it('an unaudited report gets no link (409); a cancelled audit stops a link from opening', async () => {
    const { audited, unaudited } = await studies();
    const refused = await as('doctor', '/report/shareLink', { study_iuid: unaudited.study_iuid });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('The report is not audited');

    const s = audited[2]!;
    const l = await link(s.study_iuid);
    await t.p.deps.db.execute(sql`update report set rpt_status = 3 where study_pk = ${s.pk} and rpt_position = 1`);
    try {
      const r = await opens(l.token);
      expect(r.status).toBe(404);
      expect(r.body.msg).toBe('This link has expired or was revoked');
    } finally {
      await t.p.deps.db.execute(sql`update report set rpt_status = 2 where study_pk = ${s.pk} and rpt_position = 1`);
    }
    expect((await opens(l.token)).status).toBe(200);
  });

  it('the list shows open links (no token); revoke stops the link at once and is audited', async () => {
    const { audited } = await studies();
    const s = audited[3]!;
    const l = await link(s.study_iuid, 2);
    const listed = await as('doctor', '/report/shareLink/list', { study_iuid: s.study_iuid });
    expect((listed.body.data as { pk: number }[]).map((x) => x.pk)).toContain(l.pk);
    expect(listed.text).not.toContain(l.token);

    const revoked = await as('auditor', '/report/shareLink/revoke', { pk: l.pk });
    expect(revoked.status).toBe(200);
    const gone = await opens(l.token);
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('This link has expired or was revoked');
    const after = await as('doctor', '/report/shareLink/list', { study_iuid: s.study_iuid });
    expect((after.body.data as { pk: number }[]).map((x) => x.pk)).not.toContain(l.pk);
    expect((await as('doctor', '/report/shareLink/revoke', { pk: l.pk })).status).toBe(404);
    const rows = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `report_share:${l.pk}`));
    const detail = rows.find((r) => r.action === 'shareLink.revoke')!.detail as Record<string, Record<string, unknown>>;
    expect(detail.before).toMatchObject({ pk: l.pk, revoked_at: null });
    expect(detail.after!.revoked_at).toEqual(expect.any(String));
  });

  it('an expired link is refused like a revoked one', async () => {
    const { audited } = await studies();
    const l = await link(audited[4]!.study_iuid, 1);
    t.p.deps.now = () => new Date(Date.now() + 86_400_000 + 60_000);
    try {
      expect((await opens(l.token)).status).toBe(404);
      expect((await as('doctor', '/report/shareLink/revoke', { pk: l.pk })).status).toBe(404);
    } finally {
      t.p.deps.now = undefined;
    }
  });

  it("another hospital's doctor can neither make, list nor revoke links of the study (404)", async () => {
    const { audited } = await studies();
    const s = audited[5]!;
    const l = await link(s.study_iuid);
    expect((await as('doctor2', '/report/shareLink', { study_iuid: s.study_iuid })).status).toBe(404);
    expect((await as('doctor2', '/report/shareLink/list', { study_iuid: s.study_iuid })).status).toBe(404);
    expect((await as('doctor2', '/report/shareLink/revoke', { pk: l.pk })).status).toBe(404);
    expect((await opens(l.token)).status).toBe(200);
    expect((await as('register', '/report/shareLink', { study_iuid: s.study_iuid })).status).toBe(403);
  });

  it('a link token reaches no other route', async () => {
    const { audited } = await studies();
    const s = audited[6]!;
    const { token } = await link(s.study_iuid);
    const bearer = { token };
    expect(
      (await call(t.p.app, 'POST', '/report/info', { ...bearer, json: { study_iuid: s.study_iuid } })).status,
    ).toBe(401);
    expect(
      (await call(t.p.app, 'POST', '/report/shareLink/list', { ...bearer, json: { study_iuid: s.study_iuid } })).status,
    ).toBe(401);
    expect((await call(t.p.app, 'GET', `/report/shareRptInfo?study_iuid=${s.study_iuid}`, bearer)).status).toBe(401);
    expect((await call(t.p.app, 'GET', `/wado/viewerStudy?studyUID=${s.study_iuid}&token=${token}`)).status).toBe(401);
    expect((await call(t.p.app, 'GET', `/wado/viewerPreview?studyUID=${s.study_iuid}&token=${token}`)).status).toBe(
      401,
    );
  });
});

describe('GET /report/shareRptInfo', () => {
  const tab = (who: Who, study_iuid: string) =>
    call(t.p.app, 'GET', `/report/shareRptInfo?study_iuid=${encodeURIComponent(study_iuid)}`, {
      token: t.token(who),
    });

  it('answers the study and its audited reports within the hospital; 404 outside; 403 without dashboard', async () => {
    const { audited, unaudited } = await studies();
    const r = await tab('doctor', audited[0]!.study_iuid);
    expect(r.status).toBe(200);
    const data = r.body.data as { study_iuid: string; reports: { rpt_position: number }[] };
    expect(data.study_iuid).toBe(audited[0]!.study_iuid);
    expect(data.reports.length).toBeGreaterThan(0);
    const none = await tab('doctor', unaudited.study_iuid);
    expect((none.body.data as { reports: [] }).reports).toEqual([]);
    const other = await tab('doctor2', audited[0]!.study_iuid);
    expect(other.status).toBe(404);
    expect(other.body.data).toBeNull();
    expect((await tab('register', audited[0]!.study_iuid)).status).toBe(403);
  });
});
