import { createServer } from 'node:http';
import net from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EchoAnswer, ForwardLine, ForwardResult } from '@shared/schemas/dicom-forward';
import { auditLog, device } from '../../platform/db/schema';
import { call, loginAs } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

/**
 * POST /report/forwardFile and POST /device/echo without a DICOM peer: every refusal happens before a
 * connection (watched by TCP listeners on 127.0.0.1 that count what reaches them), and the failures a
 * forward or echo reports (connection refused, a peer that hangs up). The real peers (storescp, Orthanc)
 * are in dicom-forward-peers.test.ts.
 */
const t = useImagePlatform({ OUTBOUND_ALLOW: '127.0.0.1/32' });
const STUDY = uid(51);
const sops = [1, 2, 3].map((n) => `${STUDY}.1.${n}`);
let register = '';
let hadmin = '';

/** A TCP listener on 127.0.0.1 that counts connections; `hangUp` closes each at once. */
async function watcher(hangUp = true) {
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    if (hangUp) s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((r) => server.close(r)),
  };
}
/** A port nothing listens on (taken, then released). */
async function closedPort() {
  const w = await watcher();
  await w.close();
  return w.port;
}

let watch: Awaited<ReturnType<typeof watcher>>;
const dev = { h001: 0, h002: 0, off: 0, refused: 0 };
let refusedPort = 0;

const addDevice = async (values: typeof device.$inferInsert) =>
  (await t.p.deps.db.insert(device).values(values).returning())[0]!.pk;

beforeAll(async () => {
  const files = [1, 2, 3].map((n) => ({
    name: `f${n}`,
    data: buildDicom({
      study: STUDY,
      series: `${STUDY}.1`,
      sop: `${STUDY}.1.${n}`,
      instanceNumber: n,
      rows: 8,
      cols: 8,
    }),
  }));
  const up = await uploadDicom(t.p.app, {
    token: t.tok.admin,
    files: [{ name: 'x.zip', data: await zipOf(files) }],
    hospital_code: 'H001',
  });
  expect(resultOf(up).data.uploaded).toBe(3);
  register = await loginAs(t.p.app, 'register', 'Register@123');
  hadmin = await loginAs(t.p.app, 'hadmin', 'Hadmin@123');
  watch = await watcher();
  refusedPort = await closedPort();
  const at = { ip: '127.0.0.1', port: watch.port, modality: '' };
  dev.h001 = await addDevice({ ...at, name: 'Hangs up', aet: 'FWD_H001', hospital_code: 'H001' });
  dev.h002 = await addDevice({ ...at, name: 'Other', aet: 'FWD_H002', hospital_code: 'H002' });
  dev.off = await addDevice({ ...at, name: 'Off', aet: 'FWD_OFF', hospital_code: 'H001', status: 0 });
  dev.refused = await addDevice({
    name: 'Closed',
    aet: 'FWD_CLOSED',
    ip: '127.0.0.1',
    port: refusedPort,
    modality: '',
    hospital_code: 'H001',
  });
});
afterAll(() => watch?.close());

const forward = (token: string, body: Record<string, unknown>, lang = 'en-US', headers = {}) =>
  call(t.p.app, 'POST', '/report/forwardFile', { token, json: body, lang, headers });
const body = (o: Record<string, unknown> = {}) => ({
  aet: 'FWD_H001',
  ip: '127.0.0.1',
  port: watch.port,
  study_iuid: STUDY,
  ...o,
});
const audits = async () =>
  t.p.deps.db.select().from(auditLog).where(eq(auditLog.action, 'study.forward')).orderBy(desc(auditLog.pk));

describe('forwardFile refuses before connecting', () => {
  it('an unregistered AE title, a mismatched address or port, an inactive device: 400 in both languages', async () => {
    const before = (await audits()).length;
    for (const b of [
      body({ aet: 'NOBODY' }),
      body({ port: watch.port + 1 }),
      body({ ip: '127.0.0.2' }),
      body({ ip: 'localhost' }),
      body({ aet: 'FWD_OFF' }),
    ]) {
      const r = await forward(t.tok.doctor, b);
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.body.msg).toContain('is not a registered, active device of your hospital');
    }
    const zh = await forward(t.tok.doctor, body({ aet: 'NOBODY' }), 'zh-CN');
    expect(zh.body.msg).toBe(`NOBODY（127.0.0.1:${watch.port}）不是本院已登记并启用的设备，不能转发`);
    expect(watch.connections()).toBe(0);
    expect((await audits()).length).toBe(before);
  });

  it("another hospital's device: 403 for a doctor; the super administrator may use any hospital's", async () => {
    const r = await forward(t.tok.doctor, body({ aet: 'FWD_H002' }));
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('This device belongs to another hospital: nothing was sent');
    const zh = await forward(t.tok.doctor, body({ aet: 'FWD_H002' }), 'zh-CN');
    expect(zh.body.msg).toBe('该设备属于其他医院，不能转发');
    expect(watch.connections()).toBe(0);
    const admin = await forward(t.tok.admin, body({ aet: 'FWD_H002' }));
    expect(admin.status).toBe(200);
    expect(watch.connections()).toBe(1);
  });

  it("the study outside the caller's scope is 404 (doctor2 of H002), an unknown one too", async () => {
    const n = watch.connections();
    expect((await forward(t.tok.doctor2, body())).status).toBe(404);
    expect((await forward(t.tok.doctor, body({ study_iuid: '1.2.3.999' }))).status).toBe(404);
    expect(watch.connections()).toBe(n);
  });

  it('without patorder:fowardRpt: 403 (registration staff, the hospital administrator)', async () => {
    expect((await forward(register, body())).status).toBe(403);
    expect((await forward(hadmin, body())).status).toBe(403);
  });

  it('a study without images: 400', async () => {
    const r = await forward(t.tok.doctor, body({ study_iuid: t.h001Study }));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('This study has no images to forward');
  });

  it('bad input names the field, in the caller language, nothing sent', async () => {
    const n = watch.connections();
    for (const [b, field] of [
      [body({ port: 70000 }), 'port'],
      [body({ port: 'x' }), 'port'],
      [body({ ip: 'not a host!' }), 'ip'],
      [body({ aet: 'A'.repeat(17) }), 'aet'],
      [body({ aet: 'A\\B' }), 'aet'],
      [body({ study_iuid: 'abc' }), 'study_iuid'],
      [{ ...body(), extra: 1 }, 'extra'],
    ] as const) {
      const r = await forward(t.tok.doctor, b);
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(JSON.stringify(r.body), field).toContain(field);
    }
    expect(watch.connections()).toBe(n);
  });
});

describe('forwardFile reports the failures', () => {
  it('connection refused: every image failed with the reason, success false, an audit row in the caller name', async () => {
    const r = await forward(t.tok.doctor, body({ aet: 'FWD_CLOSED', port: refusedPort }));
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(false);
    expect(r.body.msg).toBe('Forwarded to Closed (FWD_CLOSED): 0 sent, 3 failed');
    const data = r.body.data as ForwardResult;
    expect(data.images.map((i) => i.sop_iuid)).toEqual(sops);
    expect(data.images.every((i) => i.status === 'failed')).toBe(true);
    expect(data.images[0]!.msg).toBe(`Connection refused (nothing listens on 127.0.0.1:${refusedPort})`);
    const [a] = await audits();
    expect(a).toMatchObject({ action: 'study.forward', username: 'doctor' });
    expect((a!.detail as { after: unknown }).after).toMatchObject({
      study_iuid: STUDY,
      device: { pk: dev.refused, aet: 'FWD_CLOSED', ip: '127.0.0.1', port: refusedPort },
      total: 3,
      sent: 0,
      failed: 3,
    });
  });

  it('a peer that hangs up, streamed as NDJSON: a line per image, then the result (zh-CN)', async () => {
    const res = await t.p.app.request('/report/forwardFile', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.tok.doctor}`,
        'content-type': 'application/json',
        accept: 'application/x-ndjson',
        'accept-language': 'zh-CN',
      },
      body: JSON.stringify(body()),
    });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ForwardLine);
    expect(lines.map((l) => l.type)).toEqual(['image', 'image', 'image', 'result']);
    expect(lines.slice(0, 3).map((l) => (l.type === 'image' ? [l.done, l.total, l.status] : null))).toEqual([
      [1, 3, 'failed'],
      [2, 3, 'failed'],
      [3, 3, 'failed'],
    ]);
    const result = lines[3]!;
    expect(result).toMatchObject({
      type: 'result',
      success: false,
      msg: '已转发到 Hangs up (FWD_H001)：成功 0 张，失败 3 张',
    });
    expect((lines[0] as { msg: string }).msg).toMatch(/^连接中断|^设备中止/);
  });

  it('deleted images are not sent', async () => {
    await call(t.p.app, 'POST', '/wado/deleteImage', {
      token: t.tok.admin,
      json: { study_iuid: STUDY, sop_iuids: sops[1] },
    });
    const r = await forward(t.tok.doctor, body({ aet: 'FWD_CLOSED', port: refusedPort }));
    expect((r.body.data as ForwardResult).images.map((i) => i.sop_iuid)).toEqual([sops[0], sops[2]]);
    await call(t.p.app, 'POST', '/wado/restoreImage', {
      token: t.tok.admin,
      json: { study_iuid: STUDY, sop_iuids: sops[1] },
    });
  });
});

describe('device echo', () => {
  const echo = (token: string, pk: unknown, lang = 'en-US') =>
    call(t.p.app, 'POST', '/device/echo', { token, json: { pk }, lang });

  const NO_PEER = 'Connection failed: no DICOM device answered at this address';

  it('a closed port: failed, no DICOM device answered, with the time; in Chinese too', async () => {
    const r = await echo(hadmin, dev.refused);
    expect(r.status).toBe(200);
    const d = r.body.data as EchoAnswer;
    expect(d.ok).toBe(false);
    expect(d.ms).toBeGreaterThanOrEqual(0);
    expect(d.msg).toBe(NO_PEER);
    const zh = (await echo(t.tok.doctor, dev.refused, 'zh-CN')).body.data as EchoAnswer;
    expect(zh.msg).toBe('连接失败：该地址没有 DICOM 设备应答');
  });

  it('an inactive device may be tested; a peer that hangs up is a failure', async () => {
    const d = (await echo(hadmin, dev.off)).body.data as EchoAnswer;
    expect(d.ok).toBe(false);
    expect(d.msg).toBe(NO_PEER);
  });

  it('an HTTP server, a peer answering other bytes and a closed port read alike; nothing of the reply is quoted', async () => {
    const BANNER = 'SECRET-BANNER-7f3a';
    const httpPeer = createServer((_req, res) => res.writeHead(400, { server: BANNER }).end(BANNER));
    const chatty = net.createServer((s) => s.resume().end(`${BANNER}\r\n`));
    await new Promise<void>((r) => httpPeer.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => chatty.listen(0, '127.0.0.1', r));
    try {
      const answers: EchoAnswer[] = [];
      for (const [aet, server] of [
        ['ECHO_HTTP', httpPeer],
        ['ECHO_CHATTY', chatty],
      ] as const) {
        const port = (server.address() as net.AddressInfo).port;
        const pk = await addDevice({ name: aet, aet, ip: '127.0.0.1', port, modality: '', hospital_code: 'H001' });
        for (const lang of ['en-US', 'zh-CN']) answers.push((await echo(hadmin, pk, lang)).body.data as EchoAnswer);
      }
      const closed = (await echo(hadmin, dev.refused)).body.data as EchoAnswer;
      expect(answers.map((a) => [a.ok, a.msg])).toEqual([
        [false, closed.msg],
        [false, '连接失败：该地址没有 DICOM 设备应答'],
        [false, closed.msg],
        [false, '连接失败：该地址没有 DICOM 设备应答'],
      ]);
      expect(JSON.stringify(answers)).not.toMatch(/SECRET|BANNER|HTTP|400/);
    } finally {
      await new Promise((r) => httpPeer.close(r));
      await new Promise((r) => chatty.close(r));
    }
  });

  it("another hospital's device is 404 for hadmin and doctors; registration staff 403; bad pk 400", async () => {
    const n = watch.connections();
    expect((await echo(hadmin, dev.h002)).status).toBe(404);
    expect((await echo(t.tok.doctor, dev.h002)).status).toBe(404);
    expect((await echo(register, dev.h001)).status).toBe(403);
    expect(watch.connections()).toBe(n);
    const bad = await echo(hadmin, 'x');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('pk');
  });
});
