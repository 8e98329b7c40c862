import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH, type RealtimeServerMessage } from '@shared/protocol/realtime';
import type { Page } from '@shared/schemas/common';
import type { CriticalRow, CriticalSummary } from '@shared/schemas/critical';
import { auditLog, criticalResult, report, study, sysConfig, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { uid } from '../../../../tests/support/dicom-builder';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { escalateDue } from '.';

const t = useTestPlatform({ users: ['doctor', 'auditor', 'register', 'doctor2', 'admin'] });
const db = () => t.p.deps.db;
const post = (who: DemoUser, path: string, json: unknown = {}, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
const ER = '急诊科';
let server: ReturnType<typeof serve>;
let origin: string;

/** A socket as the web app opens one, collecting what it is sent. */
async function socketOf(who: DemoUser) {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers: { origin } });
  const messages: RealtimeServerMessage[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d)) as RealtimeServerMessage));
  await once(ws, 'open');
  ws.send(JSON.stringify({ type: 'auth', token: t.token(who) }));
  await until(() => messages.some((m) => m.type === 'ready'));
  return { ws, critical: () => messages.filter((m) => m.type === 'critical_result') };
}
async function until(ok: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

let seq = 0;
/** A study of H001 requested by the department, its report written (version 1). */
async function requested(department = ER) {
  const n = ++seq;
  const [s] = await db()
    .insert(study)
    .values({
      study_iuid: uid(970, n),
      hospital_code: 'H001',
      patient_id: `CR${n}`,
      patient_name: `危急${n}`,
      modality: 'CT',
      department,
      study_datetime: new Date(),
    })
    .returning();
  await db().insert(report).values({ study_pk: s!.pk, rpt_position: 1, rpt_status: 1, report_text1: 'findings' });
  return s!;
}
const setCritical = (study_iuid: string, version: number, text: string) =>
  post('doctor', '/report/critical', { study_iuid, version, is_critical: text ? 1 : 0, danger_val: text });
const loopsOf = async (studyPk: number) =>
  db().select().from(criticalResult).where(eq(criticalResult.study_pk, studyPk)).orderBy(criticalResult.pk);

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.p.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  t.p.deps.realtime.attach(server);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The registration clerk works in the emergency department (the requesting one); the doctor in radiology.
  await db().update(sysUser).set({ department: ER }).where(eq(sysUser.username, 'register'));
  await db()
    .update(sysUser)
    .set({ department: '放射科' })
    .where(inArray(sysUser.username, ['doctor', 'auditor']));
});
afterAll(() => server?.close());

describe('a critical result set on a report', () => {
  it('opens a loop in the same write, pushed to the signed-in users of the requesting department only', async () => {
    const er = await socketOf('register');
    const other = await socketOf('doctor2');
    try {
      const s = await requested();
      const r = await setCritical(s.study_iuid, 1, '大面积脑梗死');
      expect(r.status).toBe(200);
      const [loop] = await loopsOf(s.pk);
      expect(loop).toMatchObject({ status: 0, text: '大面积脑梗死', department: ER, hospital_code: 'H001' });
      await until(() => er.critical().length > 0);
      expect(er.critical()[0]).toMatchObject({
        pk: loop!.pk,
        study_iuid: s.study_iuid,
        text: '大面积脑梗死',
        escalated: false,
        closed: false,
      });
      await until(async () => (await loopsOf(s.pk))[0]!.notified === 1);
      expect(other.critical()).toHaveLength(0);
      // Saying the same again opens nothing new; a changed text withdraws the loop and opens another.
      await setCritical(s.study_iuid, 2, '大面积脑梗死');
      expect(await loopsOf(s.pk)).toHaveLength(1);
      await setCritical(s.study_iuid, 3, '脑疝');
      const loops = await loopsOf(s.pk);
      expect(loops.map((l) => [l.status, l.text])).toEqual([
        [2, '大面积脑梗死'],
        [0, '脑疝'],
      ]);
      // Deleted: the open loop is withdrawn and the reminder closes.
      await setCritical(s.study_iuid, 4, '');
      expect((await loopsOf(s.pk)).map((l) => l.status)).toEqual([2, 2]);
      await until(() => er.critical().some((m) => m.type === 'critical_result' && m.closed && m.text === '脑疝'));
    } finally {
      er.ws.close();
      other.ws.close();
    }
  });

  it('is acknowledged once, by a named person of the department, with the time; audited', async () => {
    const s = await requested();
    await setCritical(s.study_iuid, 1, '主动脉夹层');
    const [loop] = await loopsOf(s.pk);
    const mine = (await post('register', '/api/critical/mine')).body.data as CriticalRow[];
    expect(mine.map((m) => m.pk)).toContain(loop!.pk);
    expect((await post('doctor', '/api/critical/mine')).body.data).toEqual([]);
    // Someone of another department without the permission may not.
    const refused = await post('doctor', '/api/critical/acknowledge', { pk: loop!.pk }, 'zh-CN');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('其他科室');
    const ack = await post('register', '/api/critical/acknowledge', { pk: loop!.pk });
    expect(ack.status).toBe(200);
    expect(ack.body.data).toMatchObject({ status: 1, ack_by_name: '王登记' });
    expect((ack.body.data as CriticalRow).ack_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await post('register', '/api/critical/acknowledge', { pk: loop!.pk });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('王登记');
    const [a] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'critical.acknowledge'))
      .orderBy(desc(auditLog.pk))
      .limit(1);
    expect(a).toMatchObject({ username: 'register', target: `report:${loop!.rpt_pk}` });
    // Another hospital's user: 404, as for a loop that does not exist.
    expect((await post('doctor2', '/api/critical/acknowledge', { pk: loop!.pk })).status).toBe(404);
  });

  it('a manager acknowledges for the department only naming who was told', async () => {
    const s = await requested('心内科');
    await setCritical(s.study_iuid, 1, '急性心梗');
    const [loop] = await loopsOf(s.pk);
    const bare = await post('auditor', '/api/critical/acknowledge', { pk: loop!.pk });
    expect(bare.status).toBe(400);
    expect((await loopsOf(s.pk))[0]!.status).toBe(0);
    const told = await post('auditor', '/api/critical/acknowledge', { pk: loop!.pk, note: '电话通知心内科张医生' });
    expect(told.body.data).toMatchObject({ status: 1, ack_note: '电话通知心内科张医生' });
  });
});

describe('escalation', () => {
  it('escalates a loop nobody acknowledged within critical_ack_minutes, once, to the managers and the one who set it', async () => {
    const manager = await socketOf('auditor');
    const setter = await socketOf('doctor');
    try {
      await db().update(sysConfig).set({ value: '5' }).where(eq(sysConfig.name, 'critical_ack_minutes'));
      const s = await requested('无人科室');
      await setCritical(s.study_iuid, 1, '张力性气胸');
      const [loop] = await loopsOf(s.pk);
      expect(loop!.notified).toBe(0);
      const now = t.p.deps.now;
      try {
        t.p.deps.now = () => new Date(Date.now() + 4 * 60_000);
        expect(await escalateDue(t.p.deps)).toBe(0);
        t.p.deps.now = () => new Date(Date.now() + 6 * 60_000);
        expect(await escalateDue(t.p.deps)).toBeGreaterThanOrEqual(1);
        expect(await escalateDue(t.p.deps)).toBe(0);
      } finally {
        t.p.deps.now = now;
      }
      expect((await loopsOf(s.pk))[0]!.escalated_at).not.toBeNull();
      for (const peer of [manager, setter])
        await until(() =>
          peer.critical().some((m) => m.type === 'critical_result' && m.pk === loop!.pk && m.escalated),
        );
      const mine = (await post('auditor', '/api/critical/mine')).body.data as CriticalRow[];
      expect(mine.map((m) => m.pk)).toContain(loop!.pk);
      const [a] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'critical.escalate'))
        .orderBy(desc(auditLog.pk))
        .limit(1);
      expect(a).toMatchObject({ target: `report:${loop!.rpt_pk}` });
    } finally {
      await db().update(sysConfig).set({ value: '30' }).where(eq(sysConfig.name, 'critical_ack_minutes'));
      manager.ws.close();
      setter.ws.close();
    }
  });
});

describe('the list and its summary', () => {
  it("lists the hospital's loops with minutes to acknowledgement; the summary counts them", async () => {
    const list = await post('auditor', '/api/critical/list', {
      pageNumber: 1,
      pageSize: 100,
      filters: { status: '1' },
    });
    expect(list.status).toBe(200);
    const page = list.body.data as Page<CriticalRow>;
    expect(page.list.length).toBeGreaterThanOrEqual(2);
    expect(page.list.every((r) => r.status === 1 && r.hospital_code === 'H001' && r.ack_minutes !== null)).toBe(true);
    const sum = (await post('auditor', '/api/critical/summary', { filters: {} })).body.data as CriticalSummary;
    const all = await db().select().from(criticalResult).where(eq(criticalResult.hospital_code, 'H001'));
    expect(sum).toMatchObject({
      total: all.length,
      open: all.filter((r) => r.status === 0).length,
      acknowledged: all.filter((r) => r.status === 1).length,
      withdrawn: all.filter((r) => r.status === 2).length,
      escalated: all.filter((r) => r.escalated_at).length,
    });
    expect(sum.ack_median_minutes).not.toBeNull();
    expect((await post('register', '/api/critical/list', { pageNumber: 1, pageSize: 10 })).status).toBe(403);
  });
});
