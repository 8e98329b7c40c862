import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, hl7Peer } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/** HIS interfaces: who manages which, names unique, result addresses checked, every change in the trail. */
const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'], env: { OUTBOUND_ALLOW: '10.0.0.0/8' } });
const post = (user: 'admin' | 'hadmin' | 'doctor', path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });
const peers = () => t.p.deps.db.select({ n: count() }).from(hl7Peer);

describe('HIS interfaces (/hl7/*)', () => {
  it("a hospital administrator keeps their hospital's interfaces; another hospital's is absent to them", async () => {
    const mine = await post('hadmin', '/hl7/savePeer', { name: 'HIS H001', address: '10.1.2.3' });
    expect(mine.status).toBe(200);
    const other = await post('admin', '/hl7/savePeer', {
      name: 'HIS H002',
      address: '10.1.2.4',
      hospital_code: 'H002',
      charset: 'GB 18030-2000',
      result_host: '10.1.2.4',
      result_port: 2576,
    });
    expect(other.status).toBe(200);
    const listed = await post('hadmin', '/hl7/peerList', {});
    expect((listed.body.data as { name: string }[]).map((p) => p.name)).toEqual(['HIS H001']);
    const all = await post('admin', '/hl7/peerList', {});
    expect(all.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'HIS H002',
          hospital_code: 'H002',
          charset: 'GB 18030-2000',
          result_port: 2576,
        }),
      ]),
    );
    const otherPk = (other.body.data as { pk: number }).pk;
    expect((await post('hadmin', '/hl7/deletePeer', { pk: otherPk })).status).toBe(404);
    expect((await post('hadmin', '/hl7/savePeer', { pk: otherPk, name: 'x', address: '10.0.0.9' })).status).toBe(404);
    expect(
      (await post('hadmin', '/hl7/savePeer', { name: 'y', address: '10.0.0.9', hospital_code: 'H002' })).status,
    ).toBe(403);
    expect((await post('doctor', '/hl7/peerList', {})).status).toBe(403);
    const [row] = await t.p.deps.db.select().from(hl7Peer).where(eq(hl7Peer.pk, otherPk));
    expect(row).toMatchObject({ name: 'HIS H002', address: '10.1.2.4' });
  });

  it('refuses a taken name (409), a result address the outbound policy refuses, a host without a port; nothing written', async () => {
    const before = await peers();
    const dup = await post(
      'admin',
      '/hl7/savePeer',
      { name: 'HIS H001', address: '10.9.9.9', hospital_code: 'H001' },
      'zh-CN',
    );
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('名称');
    const loop = await post('admin', '/hl7/savePeer', {
      name: 'loop',
      address: '10.9.9.9',
      hospital_code: 'H001',
      result_host: '127.0.0.1',
      result_port: 2576,
    });
    expect(loop.status).toBe(400);
    expect(loop.body.errors).toEqual([expect.objectContaining({ field: 'result_host' })]);
    const half = await post('admin', '/hl7/savePeer', { name: 'half', address: '10.9.9.9', result_host: '10.1.1.1' });
    expect(half.status).toBe(400);
    expect(half.body.errors).toEqual([expect.objectContaining({ field: 'result_port' })]);
    const charset = await post('admin', '/hl7/savePeer', { name: 'cs', address: '10.9.9.9', charset: 'EBCDIC' });
    expect(charset.status).toBe(400);
    expect(await peers()).toEqual(before);
  });

  it('writes each change to the audit trail, with the interface before and after', async () => {
    const made = await post('hadmin', '/hl7/savePeer', { name: 'HIS trail', address: '10.3.3.3' });
    const pk = (made.body.data as { pk: number }).pk;
    expect((await post('hadmin', '/hl7/savePeer', { pk, name: 'HIS trail', address: '10.3.3.4' })).status).toBe(200);
    expect((await post('hadmin', '/hl7/deletePeer', { pk })).status).toBe(200);
    const rows = await t.p.deps.db
      .select({ action: auditLog.action, username: auditLog.username })
      .from(auditLog)
      .where(and(eq(auditLog.target, `hl7_peer:${pk}`)))
      .orderBy(auditLog.pk);
    expect(rows).toEqual([
      { action: 'hl7_peer.create', username: 'hadmin' },
      { action: 'hl7_peer.update', username: 'hadmin' },
      { action: 'hl7_peer.delete', username: 'hadmin' },
    ]);
  });
});
