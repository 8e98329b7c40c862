import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeviceOption, DeviceRow } from '@shared/schemas/admin-org';
import { auditLog, device } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'register'], env: { OUTBOUND_ALLOW: '10.0.0.0/8' } });

const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
const deviceByAet = async (aet: string) => (await t.p.deps.db.select().from(device).where(eq(device.aet, aet)))[0];
const rowsOf = (r: { body: { data?: unknown } }) => (r.body.data as { list: DeviceRow[] }).list;
const lastAudit = async () => (await t.p.deps.db.select().from(auditLog).orderBy(desc(auditLog.pk)).limit(1))[0];
const countDevices = async () => Number(await t.p.deps.db.$count(device));
const valid = { name: 'MR 1', aet: 'MR_ONE', modality: 'MR', ip: '10.0.0.5', port: 104 };

describe('device list and pick list', () => {
  it('the super administrator sees every hospital; hadmin only H001; filters by modality, keyword, status', async () => {
    const all = rowsOf(await post('admin', '/device/pageAetList', { pageSize: 50 }));
    expect(new Set(all.map((d) => d.hospital_code))).toEqual(new Set(['H001', 'H002']));
    const own = rowsOf(await post('hadmin', '/device/pageAetList', { pageSize: 50 }));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((d) => d.hospital_code === 'H001')).toBe(true);
    const ct = rowsOf(await post('admin', '/device/pageAetList', { filters: { modality: 'CT' } }));
    expect(ct.length).toBe(2);
    const orthanc = rowsOf(
      await post('hadmin', '/device/pageAetList', { filters: JSON.stringify({ keyword: 'orth' }) }),
    );
    expect(orthanc.map((d) => [d.aet, d.ip, d.port])).toEqual([['ORTHANC', '127.0.0.1', 4242]]);
    const h002 = rowsOf(await post('admin', '/device/pageAetList', { filters: { sn: 'H002' } }));
    expect(h002.every((d) => d.hospital_code === 'H002')).toBe(true);
  });

  it('hadmin naming H002 in the filter is refused', async () => {
    const r = await post('hadmin', '/device/pageAetList', { filters: { sn: 'H002' } });
    expect(r.status).toBe(403);
  });

  it('an unknown filter key is refused, naming it', async () => {
    const r = await post('admin', '/device/pageAetList', { filters: { hospital: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/filters/);
  });

  it("aetList: active devices of the caller's hospital for doctors and hadmin; registration staff 403", async () => {
    const us1 = (await deviceByAet('H001_US1'))!;
    await post('admin', '/device/updateAetStatus', { pk: us1.pk, status: 0 });
    const r = await post('doctor', '/device/aetList', {});
    expect(r.status).toBe(200);
    const list = r.body.data as DeviceOption[];
    expect(list.map((d) => d.aet).sort()).toEqual(['H001_CT1', 'ORTHANC']);
    expect((await post('register', '/device/aetList', {})).status).toBe(403);
    await post('admin', '/device/updateAetStatus', { pk: us1.pk, status: 1 });
  });
});

describe('device save, status, delete', () => {
  it('creates with the AE title trimmed and writes an audit row with before and after', async () => {
    const r = await post('hadmin', '/device/saveAet', { ...valid, aet: '  MR_ONE ' });
    expect(r.status).toBe(200);
    const row = (await deviceByAet('MR_ONE'))!;
    expect(row.hospital_code).toBe('H001');
    const a = (await lastAudit())!;
    expect(a.action).toBe('device.create');
    expect(a.target).toBe(`device:${row.pk}`);
    expect(a.detail).toMatchObject({ before: null, after: { aet: 'MR_ONE', port: 104, hospital_code: 'H001' } });
  });

  it('updates and audits before and after', async () => {
    const row = (await deviceByAet('MR_ONE'))!;
    const r = await post('hadmin', '/device/saveAet', { ...valid, pk: row.pk, port: 11112, ip: 'mr1.example.org' });
    expect(r.status).toBe(200);
    expect((await deviceByAet('MR_ONE'))!.port).toBe(11112);
    const a = (await lastAudit())!;
    expect(a.action).toBe('device.update');
    expect(a.detail).toMatchObject({
      before: { port: 104, ip: '10.0.0.5' },
      after: { port: 11112, ip: 'mr1.example.org' },
    });
  });

  it('a duplicate AE title is refused with 409 naming aet, nothing written', async () => {
    const before = await countDevices();
    const r = await post('admin', '/device/saveAet', { ...valid, aet: 'ORTHANC', hospital_code: 'H002' });
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual([expect.objectContaining({ field: 'aet' })]);
    expect(r.body.msg).toContain('ORTHANC');
    expect(await countDevices()).toBe(before);
  });

  it('updateAetStatus switches and audits', async () => {
    const row = (await deviceByAet('MR_ONE'))!;
    expect((await post('hadmin', '/device/updateAetStatus', { pk: row.pk, status: 0 })).status).toBe(200);
    expect((await deviceByAet('MR_ONE'))!.status).toBe(0);
    expect((await lastAudit())!.detail).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
  });

  it('deletes and audits the row as it was', async () => {
    const row = (await deviceByAet('MR_ONE'))!;
    expect((await post('hadmin', '/device/deleteAet', { pk: row.pk })).status).toBe(200);
    expect(await deviceByAet('MR_ONE')).toBeUndefined();
    const a = (await lastAudit())!;
    expect(a.action).toBe('device.delete');
    expect(a.detail).toMatchObject({ before: { aet: 'MR_ONE' }, after: null });
  });

  it('the super administrator must name an existing hospital', async () => {
    const missing = await post('admin', '/device/saveAet', { ...valid, aet: 'NEW_A' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'hospital_code' })]);
    const unknown = await post('admin', '/device/saveAet', { ...valid, aet: 'NEW_A', hospital_code: 'H999' });
    expect(unknown.status).toBe(400);
    const ok = await post('admin', '/device/saveAet', { ...valid, aet: 'NEW_A', hospital_code: 'H002' });
    expect(ok.status).toBe(200);
    expect((await deviceByAet('NEW_A'))!.hospital_code).toBe('H002');
  });
});

describe('outbound addresses (OUTBOUND_ALLOW=10.0.0.0/8 here)', () => {
  it('an address in the allowed range is saved; loopback in any form and link-local still are not', async () => {
    const ok = await post('hadmin', '/device/saveAet', { ...valid, aet: 'LAN_DEVICE', ip: '10.0.0.1' });
    expect(ok.status, ok.text).toBe(200);
    for (const [ip, reason] of [
      ['169.254.169.254', 'link-local'],
      ['0x7f000001', 'loopback, not allowed by the server setting OUTBOUND_ALLOW'],
      ['192.168.0.10', 'private network, not allowed by the server setting OUTBOUND_ALLOW'],
    ]) {
      const r = await post('hadmin', '/device/saveAet', { ...valid, aet: 'LAN_REFUSED', ip });
      expect(r.status, ip).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'ip', msg: `this address is not allowed: ${reason}` }]);
    }
    expect(await deviceByAet('LAN_REFUSED')).toBeUndefined();
  });
});

describe('hospital scope and permission', () => {
  it("hadmin cannot touch H002's devices: 404, nothing written", async () => {
    const other = (await deviceByAet('H002_CT1'))!;
    const auditsBefore = Number(await t.p.deps.db.$count(auditLog));
    const calls = [
      await post('hadmin', '/device/saveAet', { ...valid, pk: other.pk, aet: 'STOLEN' }),
      await post('hadmin', '/device/updateAetStatus', { pk: other.pk, status: 0 }),
      await post('hadmin', '/device/deleteAet', { pk: other.pk }),
    ];
    expect(calls.map((c) => c.status)).toEqual([404, 404, 404]);
    expect(await deviceByAet('H002_CT1')).toEqual(other);
    expect(Number(await t.p.deps.db.$count(auditLog))).toBe(auditsBefore);
  });

  it('hadmin cannot create a device in another hospital (403) nor move one there', async () => {
    const before = await countDevices();
    const r = await post('hadmin', '/device/saveAet', { ...valid, aet: 'ELSEWHERE', hospital_code: 'H002' });
    expect(r.status).toBe(403);
    const own = (await deviceByAet('H001_CT1'))!;
    const move = await post('hadmin', '/device/saveAet', {
      ...valid,
      pk: own.pk,
      aet: 'H001_CT1',
      hospital_code: 'H002',
    });
    expect(move.status).toBe(403);
    expect(await countDevices()).toBe(before);
    expect((await deviceByAet('H001_CT1'))!.hospital_code).toBe('H001');
  });

  it('a doctor gets 403 on every write and nothing changes', async () => {
    const own = (await deviceByAet('H001_CT1'))!;
    const before = await countDevices();
    const calls = [
      await post('doctor', '/device/pageAetList', {}),
      await post('doctor', '/device/saveAet', { ...valid, aet: 'DOC_AE' }),
      await post('doctor', '/device/updateAetStatus', { pk: own.pk, status: 0 }),
      await post('doctor', '/device/deleteAet', { pk: own.pk }),
    ];
    expect(calls.map((c) => c.status)).toEqual([403, 403, 403, 403]);
    expect(await countDevices()).toBe(before);
    expect(await deviceByAet('H001_CT1')).toEqual(own);
  });
});

describe('validation (shared schema): 400 naming the field, nothing written', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['AE title of 17 characters', { aet: 'A'.repeat(17) }, 'aet'],
    ['AE title with a backslash', { aet: 'AE\\X' }, 'aet'],
    ['AE title with a control character', { aet: 'AE\u0001X' }, 'aet'],
    ['AE title of spaces only', { aet: '     ' }, 'aet'],
    ['AE title with non-ASCII', { aet: 'CT室' }, 'aet'],
    ['empty name', { name: '' }, 'name'],
    ['name of 65 characters', { name: 'n'.repeat(65) }, 'name'],
    ['IPv4 out of range', { ip: '10.0.0.256' }, 'ip'],
    ['host with an underscore', { ip: 'bad_host.local' }, 'ip'],
    ['host label starting with -', { ip: '-pacs.local' }, 'ip'],
    ['ip with a space', { ip: '10.0.0.1 ' }, 'ip'],
    ['port 0', { port: 0 }, 'port'],
    ['port 65536', { port: 65536 }, 'port'],
    ['port 1.5', { port: 1.5 }, 'port'],
    ['unknown modality', { modality: 'XX' }, 'modality'],
  ];
  it.each(cases)('%s', async (_label, change, field) => {
    const before = await countDevices();
    for (const lang of ['en-US', 'zh-CN']) {
      const r = await post('hadmin', '/device/saveAet', { ...valid, aet: 'VALID_AE', ...change }, lang);
      expect(r.status).toBe(400);
      expect((r.body.errors as { field: string }[]).map((e) => e.field)).toContain(field);
      expect(r.body.msg).toContain(field);
    }
    expect(await countDevices()).toBe(before);
  });

  it('zh-CN answers in Chinese', async () => {
    const r = await post('hadmin', '/device/saveAet', { ...valid, port: 0 }, 'zh-CN');
    expect(r.body.msg).toMatch(/参数错误/);
  });

  it('says what an AE title and an address may hold, in words rather than a pattern', async () => {
    const bad = { ...valid, aet: 'AE\\X', ip: '10.0.0.256' };
    const zh = await post('hadmin', '/device/saveAet', bad, 'zh-CN');
    expect(zh.body.errors).toEqual([
      { field: 'aet', msg: 'AE 名称为 1 至 16 个 ASCII 可打印字符，不能含反斜杠' },
      { field: 'ip', msg: '请输入 IPv4、IPv6 地址或主机名' },
    ]);
    const en = await post('hadmin', '/device/saveAet', bad, 'en-US');
    expect(en.body.errors).toEqual([
      { field: 'aet', msg: 'an AE title is 1 to 16 printable ASCII characters, without backslash' },
      { field: 'ip', msg: 'an IPv4 or IPv6 address or a host name' },
    ]);
    expect(en.body.msg).not.toMatch(/\/\^|\\x/);
  });

  it('accepts IPv6, a host name, 16 characters with inner spaces, port 65535', async () => {
    for (const [aet, ip] of [
      ['IPV6 DEVICE 0001', '2400:cb00:2048:1::c629:d7a2'],
      ['HOSTNAME_DEV', 'pacs-01.hospital.example'],
    ]) {
      const r = await post('hadmin', '/device/saveAet', { ...valid, aet, ip, port: 65535 });
      expect(r.status, r.text).toBe(200);
    }
  });
});
