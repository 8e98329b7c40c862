import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import { hisOrder, hl7Peer, reportJob } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/**
 * Results to the HIS: an audit sends ORU^R01 to the hospital's interface, a re-audit a correction, a
 * cancel-audit the cancel; received by python-hl7's own MLLP server (tests/support/hl7-receiver.py) that
 * decodes GB18030, the interface's character set. Its answers (AA, AE, AR) drive the retries.
 */
const t = useTestPlatform({
  users: ['doctor', 'auditor'],
  env: {
    REPORT_JOBS: 'on',
    REPORT_JOB_POLL_MS: '100',
    REPORT_JOB_BACKOFF_MS: '100',
    REPORT_JOB_MAX_ATTEMPTS: '3',
    OUTBOUND_ALLOW: '127.0.0.1/32',
    // No PDF archive here: its jobs fail at once rather than hold the one worker while Chromium renders.
    CHROMIUM_PATH: '/nonexistent/chromium',
  },
});
const dir = mkdtempSync(path.join(tmpdir(), 'rx-oru-'));
const modeFile = path.join(dir, 'mode');
let receiver: ChildProcess;
type Received = { type: string; id: string; text: string };
const received: Received[] = [];
let pool: StudyRow[] = [];

const FINDINGS = '双肺纹理清晰。\n右肺上叶见一直径约5mm磨玻璃结节。';
const OPINION = '右肺上叶小结节，建议6个月后复查。';

const post = (user: 'doctor' | 'auditor', url: string, json: unknown) =>
  call(t.p.app, 'POST', url, { token: t.token(user), json });

async function until<T>(what: string, probe: () => T | null | undefined | Promise<T | null | undefined>): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what}: ${JSON.stringify(await t.p.deps.db.select().from(reportJob))} ${JSON.stringify(received.map((m) => m.id))}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A field of the first segment `name` of a received message (1-based, as HL7 counts; MSH-1 is the '|'). */
const field = (m: Received, name: string, n: number) => {
  const seg = m.text.split('\r').find((s) => s.startsWith(`${name}|`)) ?? '';
  return seg.split('|')[name === 'MSH' ? n - 1 : n] ?? '';
};
const obx = (m: Received) =>
  m.text
    .split('\r')
    .filter((s) => s.startsWith('OBX|'))
    .map((s) => s.split('|'))
    .map((f) => ({ code: f[3], value: f[5], status: f[11] }));

const body = (s: StudyRow, version: number) => ({
  study_iuid: s.study_iuid,
  version,
  rpt_good_status: 2,
  study_desc: s.study_desc || '胸部CT平扫',
  report_text1: FINDINGS,
  report_text2: OPINION,
  RemoveCheck: true,
});

async function audit(s: StudyRow, from = 1): Promise<{ rpt_pk: number; version: number }> {
  const saved = await post('doctor', '/report/save', body(s, from));
  expect(saved.status, saved.text).toBe(200);
  const done = await post('auditor', '/report/audit', body(s, (saved.body.data as { version: number }).version));
  expect(done.status, done.text).toBe(200);
  return done.body.data as { rpt_pk: number; version: number };
}

const resultsFor = (accession: string) => received.filter((m) => field(m, 'OBR', 3).startsWith(accession));

beforeAll(async () => {
  writeFileSync(modeFile, 'AA');
  receiver = spawn('/usr/bin/python3', ['tests/support/hl7-receiver.py', '0', 'gb18030', modeFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: receiver.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    receiver.once('exit', (code) => reject(new Error(`hl7-receiver.py exited ${code}: apt-get install python3-hl7`)));
    lines.on('line', (l) => {
      if (l.startsWith('listening ')) resolve(Number(l.split(' ')[1]));
      else received.push(JSON.parse(l) as Received);
    });
  });
  await t.p.deps.db.insert(hl7Peer).values({
    name: 'HIS results',
    hospital_code: 'H001',
    address: '10.0.0.1',
    facility: 'XYZYY',
    charset: 'GB 18030-2000',
    result_host: '127.0.0.1',
    result_port: port,
  });
  const r = await post('doctor', '/api/order/OrderList', { rpt_status: [0], pageSize: 20, modalitys: ['CT'] });
  pool = (r.body.data as { list: StudyRow[] }).list.filter((s) => s.accession_no);
}, 60_000);

afterAll(() => {
  receiver?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('results to the HIS as ORU^R01', () => {
  it('an audit sends the findings and impression in OBX, in GB18030, with the order placer number', async () => {
    const s = pool.shift()!;
    await t.p.deps.db.insert(hisOrder).values({
      hospital_code: 'H001',
      source: 'hl7',
      placer_no: 'SQ-RESULT-1',
      accession_no: s.accession_no,
      study_pk: s.pk,
      data: { procedure_code: 'CT0101', patient: { birth_date: '19900101' } },
    });
    await audit(s);
    const [m] = await until('the ORU', () => (resultsFor(s.accession_no).length ? resultsFor(s.accession_no) : null));
    expect(m!.type).toBe('ORU^R01^ORU_R01');
    expect(field(m!, 'MSH', 18)).toBe('GB 18030-2000');
    expect(field(m!, 'MSH', 6)).toBe('XYZYY');
    expect(field(m!, 'PID', 5)).toBe(s.patient_name);
    expect(field(m!, 'PID', 7)).toBe('19900101');
    expect(field(m!, 'ORC', 2)).toBe('SQ-RESULT-1');
    expect(field(m!, 'OBR', 4)).toMatch(/^CT0101\^/);
    expect(field(m!, 'OBR', 25)).toBe('F');
    expect(obx(m!)).toEqual([
      { code: '59776-5^检查所见^LN', value: FINDINGS.replace('\n', '\\.br\\'), status: 'F' },
      { code: '19005-8^诊断印象^LN', value: OPINION, status: 'F' },
    ]);
    const [job] = await t.p.deps.db.select().from(reportJob).where(eq(reportJob.kind, 'hl7_result'));
    await until('the job done', async () =>
      (await t.p.deps.db.select().from(reportJob).where(eq(reportJob.pk, job!.pk)))[0]?.state === 'done' ? 1 : 0,
    );
  });

  it('cancel-audit sends the cancel (OBR-25 X, observations deleted); a re-audit sends a correction (C)', async () => {
    const s = pool.shift()!;
    const { version } = await audit(s);
    await until('the first result', () => resultsFor(s.accession_no)[0]);
    await until('its job done', async () => {
      const jobs = await t.p.deps.db.select().from(reportJob).where(eq(reportJob.kind, 'hl7_result'));
      return jobs.every((j) => j.state === 'done') ? 1 : 0;
    });
    const cancelled = await post('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version });
    expect(cancelled.status, cancelled.text).toBe(200);
    const back = await until('the cancel', () => resultsFor(s.accession_no)[1]);
    expect(field(back, 'OBR', 25)).toBe('X');
    expect(obx(back).map((o) => [o.value, o.status])).toEqual([
      ['', 'D'],
      ['', 'D'],
    ]);
    await audit(s, (cancelled.body.data as { version: number }).version);
    const again = await until('the correction', () => resultsFor(s.accession_no)[2]);
    expect(field(again, 'OBR', 25)).toBe('C');
    expect(obx(again).map((o) => o.status)).toEqual(['C', 'C']);
    expect(new Set(resultsFor(s.accession_no).map((m) => m.id)).size).toBe(3);
  });

  it('an addendum after the audit sends a correction with the addendum in its own OBX (LOINC 55107-7)', async () => {
    const s = pool.shift()!;
    const { version } = await audit(s);
    await until('the result', () => resultsFor(s.accession_no)[0]);
    await until('its job done', async () => {
      const jobs = await t.p.deps.db.select().from(reportJob).where(eq(reportJob.kind, 'hl7_result'));
      return jobs.every((j) => j.state === 'done') ? 1 : 0;
    });
    const added = await post('auditor', '/report/addendum', {
      study_iuid: s.study_iuid,
      version,
      text: '复阅：结节较前无变化。',
    });
    expect(added.status, added.text).toBe(200);
    const m = await until('the correction', () => resultsFor(s.accession_no)[1]);
    expect(field(m, 'OBR', 25)).toBe('C');
    const [findings, impression, addendum] = obx(m);
    expect([findings!.value, impression!.value]).toEqual([FINDINGS.replace('\n', '\\.br\\'), OPINION]);
    expect(addendum!.code).toBe('55107-7^补充报告^LN');
    expect(addendum!.value).toMatch(/^补充报告 1（.+，\d{4}-\d\d-\d\d \d\d:\d\d:\d\d）：复阅：结节较前无变化。$/);
    expect(addendum!.status).toBe('C');
  });

  it('AE is tried again (the same control id) until AA; AR gives up at once', async () => {
    writeFileSync(modeFile, 'AE');
    const s = pool.shift()!;
    await audit(s);
    await until('two tries', () => (resultsFor(s.accession_no).length >= 2 ? 1 : 0));
    writeFileSync(modeFile, 'AA');
    const rpt = async () =>
      (await t.p.deps.db.select().from(reportJob).where(eq(reportJob.kind, 'hl7_result'))).filter(
        (j) => j.state !== 'done',
      );
    await until('done after AA', async () => ((await rpt()).length === 0 ? 1 : 0));
    expect(new Set(resultsFor(s.accession_no).map((m) => m.id)).size).toBe(1);

    writeFileSync(modeFile, 'AR');
    const r = pool.shift()!;
    const { rpt_pk } = await audit(r);
    const job = await until('given up', async () => {
      const [j] = await t.p.deps.db
        .select()
        .from(reportJob)
        .where(and(eq(reportJob.kind, 'hl7_result'), eq(reportJob.rpt_pk, rpt_pk)));
      return j?.state === 'failed' ? j : null;
    });
    expect(job.attempts).toBe(1);
    expect(job.last_error).toMatch(/HIS results answered AR/);
    expect(resultsFor(r.accession_no)).toHaveLength(1);

    // the report screen shows it, and its retry sends it again (no FHIR endpoint in this hospital)
    const ref = { study_iuid: r.study_iuid, rpt_position: 1 };
    expect((await post('doctor', '/report/delivery', ref)).body.data).toMatchObject({
      endpoint: false,
      his: { status: 'failed', kind: 'result', attempts: 1, last_error: expect.stringMatching(/AR/) },
    });
    writeFileSync(modeFile, 'AA');
    const retried = await post('doctor', '/report/retry', ref);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await until('delivered after the retry', async () => {
      const d = (await post('doctor', '/report/delivery', ref)).body.data as { his: { status: string } | null };
      return d.his?.status === 'delivered' ? 1 : 0;
    });
    expect(resultsFor(r.accession_no)).toHaveLength(2);
    expect(new Set(resultsFor(r.accession_no).map((m) => m.id)).size).toBe(1);
  });
});
