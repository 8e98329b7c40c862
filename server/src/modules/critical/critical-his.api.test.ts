import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criticalResult, hisOrder, hl7Peer, report, reportJob, study, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { uid } from '../../../../tests/support/dicom-builder';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/**
 * A critical value told to the HIS before sign-off (issue 41): the value's own statement queues an
 * 'hl7_critical' job where the hospital has an HIS interface taking results; the report jobs' worker sends a
 * preliminary ORU^R01 to python-hl7's own MLLP server (tests/support/hl7-receiver.py), which parses it.
 */
const t = useTestPlatform({
  users: ['doctor', 'register', 'admin'],
  env: {
    REPORT_JOBS: 'on',
    REPORT_JOB_POLL_MS: '100',
    REPORT_JOB_BACKOFF_MS: '100',
    // Enough for the HIS to stay down through a test: the row is seen retrying, not given up.
    REPORT_JOB_MAX_ATTEMPTS: '50',
    OUTBOUND_ALLOW: '127.0.0.1/32',
    CHROMIUM_PATH: '/nonexistent/chromium',
  },
});
const db = () => t.p.deps.db;
const post = (who: DemoUser, url: string, json: unknown) => call(t.p.app, 'POST', url, { token: t.token(who), json });
const ER = '急诊科';
const dir = mkdtempSync(path.join(tmpdir(), 'rx-crit-his-'));
const modeFile = path.join(dir, 'mode');
let receiver: ChildProcess;
let receiverPort = 0;
/** As python-hl7 read it: type, control id, the text, and each OBX's code, value, abnormal flag, status. */
type Received = { type: string; id: string; text: string; obx: [string, string, string, string][] };
const received: Received[] = [];

async function until<T>(what: string, probe: () => T | null | undefined | Promise<T | null | undefined>): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await jobsAll())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const jobsAll = () => db().select().from(reportJob).where(eq(reportJob.kind, 'hl7_critical'));
const jobsOf = (rptPk: number) =>
  db().select().from(reportJob).where(eq(reportJob.rpt_pk, rptPk)).orderBy(reportJob.pk);
const field = (m: Received, name: string, n: number) => {
  const seg = m.text.split('\r').find((s) => s.startsWith(`${name}|`)) ?? '';
  return seg.split('|')[name === 'MSH' ? n - 1 : n] ?? '';
};
const sentFor = (accession: string) => received.filter((m) => field(m, 'OBR', 3).startsWith(`${accession}^`));

let seq = 0;
/** A study of the hospital requested by the emergency department, with an HIS order, its report saved. */
async function requested(hospital = 'H001') {
  const n = ++seq;
  const [s] = await db()
    .insert(study)
    .values({
      study_iuid: uid(971, n),
      hospital_code: hospital,
      patient_id: `CH${n}`,
      patient_name: `危急${n}`,
      accession_no: `ACC-CRIT-${n}`,
      modality: 'CT',
      department: ER,
      study_datetime: new Date(),
    })
    .returning();
  const [r] = await db()
    .insert(report)
    .values({ study_pk: s!.pk, rpt_position: 1, rpt_status: 1, report_text1: 'findings' })
    .returning();
  await db()
    .insert(hisOrder)
    .values({
      hospital_code: hospital,
      source: 'hl7',
      placer_no: `SQ-CRIT-${n}`,
      accession_no: s!.accession_no,
      study_pk: s!.pk,
      data: {},
    });
  return { s: s!, rptPk: r!.rpt_pk };
}
const setCritical = (who: DemoUser, study_iuid: string, version: number, text: string) =>
  post(who, '/report/critical', { study_iuid, version, is_critical: text ? 1 : 0, danger_val: text });
const settled = async (rptPk: number) => ((await jobsOf(rptPk)).every((j) => j.state !== 'pending') ? 1 : 0);
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const pointHisAt = (port: number) =>
  db().update(hl7Peer).set({ result_port: port }).where(eq(hl7Peer.hospital_code, 'H001'));

beforeAll(async () => {
  writeFileSync(modeFile, 'AA');
  receiver = spawn('/usr/bin/python3', ['tests/support/hl7-receiver.py', '0', 'gb18030', modeFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: receiver.stdout! });
  receiverPort = await new Promise<number>((resolve, reject) => {
    receiver.once('exit', (code) => reject(new Error(`hl7-receiver.py exited ${code}: apt-get install python3-hl7`)));
    lines.on('line', (l) => {
      if (l.startsWith('listening ')) resolve(Number(l.split(' ')[1]));
      else received.push(JSON.parse(l) as Received);
    });
  });
  await db().insert(hl7Peer).values({
    name: 'HIS results',
    hospital_code: 'H001',
    address: '10.0.0.1',
    facility: 'XYZYY',
    charset: 'GB 18030-2000',
    result_host: '127.0.0.1',
    result_port: receiverPort,
  });
  await db().update(sysUser).set({ department: ER }).where(eq(sysUser.username, 'register'));
}, 60_000);

afterAll(() => {
  receiver?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('a critical value told to the HIS before sign-off', () => {
  it('sends one preliminary ORU^R01 whose OBX carries the text and the AA flag; acknowledging sends nothing', async () => {
    const { s, rptPk } = await requested();
    const r = await setCritical('doctor', s.study_iuid, 1, '主动脉夹层（Stanford A型）');
    expect(r.status, r.text).toBe(200);
    const [loop] = await db().select().from(criticalResult).where(eq(criticalResult.rpt_pk, rptPk));
    const [m] = await until('the message', () => (sentFor(s.accession_no).length ? sentFor(s.accession_no) : null));
    expect(m!.type).toBe('ORU^R01^ORU_R01');
    expect(field(m!, 'ORC', 2)).toBe(`SQ-CRIT-${seq}`);
    expect(field(m!, 'ORC', 5)).toBe('IP');
    expect(field(m!, 'OBR', 3)).toBe(`${s.accession_no}^RXPACS`);
    expect(field(m!, 'OBR', 25)).toBe('P');
    expect(m!.obx).toEqual([['CRITICAL^危急值^L', '主动脉夹层（Stanford A型）', 'AA', 'P']]);
    await until('the job done', () => settled(rptPk));
    const jobs = await jobsOf(rptPk);
    expect(jobs.map((j) => [j.kind, j.state, j.critical_pk, j.version_pk])).toEqual([
      ['hl7_critical', 'done', loop!.pk, null],
    ]);
    // The report screen's HIS tag names it.
    const shown = await post('doctor', '/report/delivery', { study_iuid: s.study_iuid, rpt_position: 1 });
    expect(shown.body.data).toMatchObject({ his: { status: 'delivered', kind: 'critical' } });
    // Acknowledged by the department: recorded here, nothing more queued for the HIS.
    const ack = await post('register', '/api/critical/acknowledge', { pk: loop!.pk });
    expect(ack.status, ack.text).toBe(200);
    expect(await jobsOf(rptPk)).toHaveLength(1);
  });

  it('a changed text is a new message; deleting the value sends nothing more', async () => {
    const { s, rptPk } = await requested();
    await setCritical('doctor', s.study_iuid, 1, '张力性气胸');
    await until('the first', () => sentFor(s.accession_no)[0]);
    await setCritical('doctor', s.study_iuid, 2, '张力性气胸，纵隔移位');
    const second = await until('the second', () => sentFor(s.accession_no)[1]);
    expect(second.obx).toEqual([['CRITICAL^危急值^L', '张力性气胸，纵隔移位', 'AA', 'P']]);
    expect(second.id).not.toBe(sentFor(s.accession_no)[0]!.id);
    await until('both done', () => settled(rptPk));
    const deleted = await setCritical('doctor', s.study_iuid, 3, '');
    expect(deleted.status, deleted.text).toBe(200);
    expect((await jobsOf(rptPk)).map((j) => j.kind)).toEqual(['hl7_critical', 'hl7_critical']);
  });

  it('a hospital without an HIS interface queues nothing', async () => {
    const { s, rptPk } = await requested('H002');
    const r = await setCritical('admin', s.study_iuid, 1, '急性心肌梗死');
    expect(r.status, r.text).toBe(200);
    expect(await db().select().from(criticalResult).where(eq(criticalResult.rpt_pk, rptPk))).toHaveLength(1);
    expect(await jobsOf(rptPk)).toEqual([]);
  });

  it('a HIS that refuses (AR) leaves the report written and the row failed', async () => {
    writeFileSync(modeFile, 'AR');
    try {
      const { s, rptPk } = await requested();
      const r = await setCritical('doctor', s.study_iuid, 1, '肺栓塞');
      expect(r.status, r.text).toBe(200);
      const job = await until('given up', async () =>
        (await jobsOf(rptPk))[0]?.state === 'failed' ? (await jobsOf(rptPk))[0] : null,
      );
      expect(job).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/HIS results answered AR/) });
      const [rpt] = await db().select().from(report).where(eq(report.rpt_pk, rptPk));
      expect(rpt).toMatchObject({ is_critical: 1, danger_val: '肺栓塞' });
    } finally {
      writeFileSync(modeFile, 'AA');
    }
  });

  it('a HIS that is down: the row retries; a value withdrawn meanwhile is never sent, its successor is', async () => {
    await pointHisAt(await freePort());
    try {
      const { s, rptPk } = await requested();
      const r = await setCritical('doctor', s.study_iuid, 1, '脑出血');
      expect(r.status, r.text).toBe(200);
      const [first] = await until('retrying', async () => {
        const jobs = await jobsOf(rptPk);
        return jobs[0] && jobs[0].attempts >= 2 && jobs[0].state === 'pending' ? jobs : null;
      });
      expect(first!.last_error).not.toBe('');
      const [rpt] = await db().select().from(report).where(eq(report.rpt_pk, rptPk));
      expect(rpt).toMatchObject({ is_critical: 1, danger_val: '脑出血' });
      await setCritical('doctor', s.study_iuid, 2, '脑出血破入脑室');
      // Back up only once the first gave up its place: an attempt in flight still holds the dead address.
      await until('the first superseded', async () => ((await jobsOf(rptPk))[0]!.state === 'superseded' ? 1 : 0));
      await pointHisAt(receiverPort);
      await until('both settled', () => settled(rptPk));
      const jobs = await jobsOf(rptPk);
      expect(jobs.map((j) => [j.state, j.last_error])).toEqual([
        ['superseded', 'critical value withdrawn before sending'],
        ['done', ''],
      ]);
      expect(sentFor(s.accession_no).map((m) => m.obx[0]![1])).toEqual(['脑出血破入脑室']);
    } finally {
      await pointHisAt(receiverPort);
    }
  });
});
