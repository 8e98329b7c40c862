import { createServer as createHttpServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, study, sysConfig } from '../db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/**
 * The outbound policy (lib/outbound.ts) on every route that connects where an administrator said, with
 * OUTBOUND_ALLOW unset: loopback, private, link-local addresses in any literal form are refused when saved
 * and again when used, and nothing connects to them (a TCP listener and an HTTP server on 127.0.0.1 count).
 */
const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'] });
const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });

let connections = 0;
let tcp: net.Server;
let httpRequests = 0;
let http: Server;
let tcpPort = 0;
let httpPort = 0;

beforeAll(async () => {
  tcp = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  tcpPort = (tcp.address() as AddressInfo).port;
  http = createHttpServer((_req, res) => {
    httpRequests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"opinion":"x"}');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpPort = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => tcp.close(r));
  await new Promise((r) => http.close(r));
});

const devices = async () => Number(await t.p.deps.db.$count(device));
const valid = { name: 'Outside', aet: 'OUT_AE', modality: 'CT', port: 104 };

describe('device registration', () => {
  it.each([
    ['169.254.169.254', 'link-local', '链路本地地址'],
    ['10.0.0.1', 'private network, not allowed by the server setting OUTBOUND_ALLOW', '内网地址'],
    ['192.168.1.10', 'private network, not allowed by the server setting OUTBOUND_ALLOW', '内网地址'],
    ['0x7f000001', 'loopback, not allowed by the server setting OUTBOUND_ALLOW', '本机回环地址'],
    ['localhost', 'loopback, not allowed by the server setting OUTBOUND_ALLOW', '本机回环地址'],
    ['::ffff:127.0.0.1', 'loopback, not allowed by the server setting OUTBOUND_ALLOW', '本机回环地址'],
    ['fe80::1', 'link-local', '链路本地地址'],
    ['0.0.0.0', 'unspecified address', '未指定地址'],
  ])('%s: 400 naming ip, in both languages, nothing written', async (ip, en, zh) => {
    const before = await devices();
    const r = await post('hadmin', '/device/saveAet', { ...valid, ip });
    expect(r.status, r.text).toBe(400);
    expect(r.body.msg).toBe(`ip: this address is not allowed (${en})`);
    expect(r.body.errors).toEqual([{ field: 'ip', msg: `this address is not allowed: ${en}` }]);
    const rz = await post('hadmin', '/device/saveAet', { ...valid, ip }, 'zh-CN');
    expect(rz.body.msg).toContain(`ip：该地址不允许（${zh}`);
    expect(await devices()).toBe(before);
  });

  it.each(['2130706433', '127.1', '0177.0.0.1'])('%s: 400 naming ip (not even the shape of a host)', async (ip) => {
    const r = await post('hadmin', '/device/saveAet', { ...valid, ip });
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['ip']);
  });

  it('a public address and a name that does not resolve now are accepted (checked again at each use)', async () => {
    for (const [aet, ip] of [
      ['OUT_PUBLIC', '203.0.114.7'],
      ['OUT_NAME', 'pacs.hospital.invalid'],
    ]) {
      const r = await post('hadmin', '/device/saveAet', { ...valid, aet, ip });
      expect(r.status, r.text).toBe(200);
    }
  });

  it('changing a device to a refused address is refused too', async () => {
    const [row] = await t.p.deps.db.select().from(device).where(eq(device.aet, 'OUT_PUBLIC'));
    const r = await post('hadmin', '/device/saveAet', { ...valid, aet: 'OUT_PUBLIC', pk: row!.pk, ip: '127.0.0.1' });
    expect(r.status).toBe(400);
    expect((await t.p.deps.db.select().from(device).where(eq(device.pk, row!.pk)))[0]!.ip).toBe('203.0.114.7');
  });
});

describe('C-ECHO and forwarding to a device registered before the policy', () => {
  const at = async (aet: string, ip: string) =>
    (
      await t.p.deps.db
        .insert(device)
        .values({ name: aet, aet, ip, port: tcpPort, modality: '', hospital_code: 'H001' })
        .returning()
    )[0]!;

  it('echo: 400 naming ip, and no connection, whatever form the address takes', async () => {
    for (const [aet, ip] of [
      ['ECHO_LOOP', '127.0.0.1'],
      ['ECHO_HEX', '0x7f000001'],
      ['ECHO_NAME', 'localhost'],
    ] as const) {
      const d = await at(aet, ip);
      const r = await post('hadmin', '/device/echo', { pk: d.pk });
      expect(r.status, ip).toBe(400);
      expect(r.body.msg).toBe(
        'ip: this address is not allowed (loopback, not allowed by the server setting OUTBOUND_ALLOW)',
      );
    }
    expect(connections).toBe(0);
  });

  it('forwardFile: 400 naming ip before anything is sent', async () => {
    const d = await at('FWD_LOOP', '127.0.0.1');
    const [s] = await t.p.deps.db.select().from(study).where(eq(study.hospital_code, 'H001')).limit(1);
    const r = await post('doctor', '/report/forwardFile', {
      aet: d.aet,
      ip: d.ip,
      port: d.port,
      study_iuid: s!.study_iuid,
    });
    expect(r.status, r.text).toBe(400);
    expect(r.body.msg).toMatch(/^ip: this address is not allowed \(loopback/);
    expect(connections).toBe(0);
  });

  it('echo to a name that does not resolve: no DICOM device answered', async () => {
    const [d] = await t.p.deps.db.select().from(device).where(eq(device.aet, 'OUT_NAME'));
    const r = await post('hadmin', '/device/echo', { pk: d!.pk });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      ok: false,
      msg: 'Connection failed: no DICOM device answered at this address',
    });
  });
});

describe('configuration entries the server connects to: ai_url, report_fhir_url(_<hospital>)', () => {
  const entry = async (name: string) => (await t.p.deps.db.select().from(sysConfig).where(eq(sysConfig.name, name)))[0];

  it.each([
    ['ai_url', 'http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['ai_url', 'http://10.0.0.1/suggest', 'private network'],
    ['ai_url', 'http://0x7f000001:8080/suggest', 'loopback'],
    ['ai_url', 'http://[::1]:8080/suggest', 'loopback'],
    ['ai_url', 'https://localhost/suggest', 'loopback'],
    ['ai_url', 'http://100.100.100.200/latest/meta-data/', 'cloud metadata service'],
  ])('update %s = %s: 400 naming value (%s), unchanged', async (name, value, reason) => {
    const before = await entry(name);
    const r = await post('admin', '/config/update', { name, value });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'value', msg: expect.stringContaining(`this address is not allowed: ${reason}`) },
    ]);
    expect(await entry(name)).toEqual(before);
  });

  it('save report_fhir_url and report_fhir_url_H001 at refused addresses: 400; a public one is saved', async () => {
    for (const [name, value] of [
      ['report_fhir_url', 'http://192.168.0.5/fhir'],
      ['report_fhir_url_H001', `http://127.0.0.1:${httpPort}/fhir`],
    ]) {
      const r = await post('admin', '/config/save', { name, value });
      expect(r.status, `${name} ${r.text}`).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'value', msg: expect.stringMatching(/^this address is not allowed: /) }]);
      expect(await entry(name!)).toBeUndefined();
    }
    const ok = await post('admin', '/config/save', {
      name: 'report_fhir_url_H001',
      value: 'https://fhir.hospital.invalid/',
    });
    expect(ok.status, ok.text).toBe(200);
    const pk = (ok.body.data as { pk: number }).pk;
    const byPk = await post('admin', '/config/update', { pk, value: 'http://169.254.169.254/' }, 'zh-CN');
    expect(byPk.status).toBe(400);
    expect(byPk.body.msg).toBe('value：该地址不允许（链路本地地址）');
  });

  it('ai_url set before the policy (here: in the database) is refused at use: 503, no request made', async () => {
    await t.p.deps.db
      .update(sysConfig)
      .set({ value: `http://localhost:${httpPort}/suggest` })
      .where(eq(sysConfig.name, 'ai_url'));
    const [s] = await t.p.deps.db.select().from(study).where(eq(study.hospital_code, 'H001')).limit(1);
    const r = await post('doctor', '/report/aiSuggest', { study_iuid: s!.study_iuid, findings: '结节' });
    expect(r.status, r.text).toBe(503);
    expect(httpRequests).toBe(0);
  });
});
