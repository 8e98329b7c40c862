import { and, desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Registration } from '@shared/schemas/queue';
import type { UsClientRow, UsNumberRow } from '@shared/schemas/us-stations';
import { auditLog, registration, study, usClient, usNumber } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'register', 'doctor2'] });
const post = (who: DemoUser, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang });
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const db = () => t.p.deps.db;
const counts = async () => ({
  client: Number(await db().$count(usClient)),
  number: Number(await db().$count(usNumber)),
  reg: Number(await db().$count(registration)),
  study: Number(await db().$count(study)),
  audit: Number(await db().$count(auditLog)),
});
/** The newest audit row of an action family, with its before and after. */
async function lastAudit(prefix: string) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(like(auditLog.action, `${prefix}%`))
    .orderBy(desc(auditLog.pk))
    .limit(1);
  const detail = row?.detail as { before?: unknown; after?: unknown } | null | undefined;
  return row && { ...row, before: detail?.before, after: detail?.after };
}
type Answer = { body: Record<string, unknown> };
const errorsOf = (r: Answer) => (r.body.errors ?? []) as { field: string; msg: string }[];
const fieldsOf = (r: Answer) => errorsOf(r).map((e) => e.field);

let seq = 0;
const register = (room: string) =>
  post('register', '/register/save', {
    hospital_code: 'H001',
    pat_id: `US${++seq}`,
    pat_name: '李四',
    patient_sex: 'F',
    modality: 'US',
    call_room: room,
  });
const room = async (who: DemoUser, name: string, hospital_code = 'H001') =>
  expect((await post(who, '/device/saveCallRoom', { room_name: name, hospital_code })).status).toBe(200);
const station = (who: DemoUser, v: Record<string, unknown>, lang?: string) =>
  post(who, '/us/client/saveOrUpdateUsClient', v, lang);
const segment = (who: DemoUser, v: Record<string, unknown>, lang?: string) =>
  post(who, '/us/number/saveOrEdit', v, lang);

beforeAll(async () => {
  for (const r of ['US1', 'US2', 'US3', 'US4', 'US5', 'US6']) await room('hadmin', r);
  await room('admin', 'US-B1', 'H002');
});

describe('client stations', () => {
  it('creates a station of a room, audits it, and lists it for the desk', async () => {
    const r = await station('hadmin', { name: 'B超1号机', call_room: 'US1', ip: '10.0.0.11', remark: '东区' });
    expect(r.status).toBe(200);
    const s = data<UsClientRow>(r);
    expect(s).toMatchObject({ hospital_code: 'H001', call_room: 'US1', ip: '10.0.0.11', status: 1, segment: null });
    const audit = await lastAudit('us_client.');
    expect(audit).toMatchObject({ action: 'us_client.create', target: `us_client:${s.pk}` });
    expect(JSON.stringify(audit!.after)).toContain('10.0.0.11');
    const list = data<UsClientRow[]>(await post('register', '/us/client/queryAllList', { call_room: 'US1' }));
    expect(list.map((x) => x.pk)).toContain(s.pk);
  });

  it('refuses a taken name or ip (409 on the field), an unknown room and a bad ip (400), writing nothing', async () => {
    await station('hadmin', { name: 'DupName', call_room: 'US2', ip: '10.0.0.21' });
    const before = await counts();
    const byName = await station('hadmin', { name: 'DupName', call_room: 'US3' });
    expect([byName.status, fieldsOf(byName)]).toEqual([409, ['name']]);
    const byIp = await station('hadmin', { name: 'Other', call_room: 'US3', ip: '10.0.0.21' }, 'zh-CN');
    expect([byIp.status, fieldsOf(byIp)]).toEqual([409, ['ip']]);
    expect(byIp.body.msg).toContain('DupName');
    const noRoom = await station('hadmin', { name: 'Other', call_room: 'NOPE' });
    expect([noRoom.status, fieldsOf(noRoom)]).toEqual([400, ['call_room']]);
    const badIp = await station('hadmin', { name: 'Other', call_room: 'US3', ip: '10.0.0' }, 'zh-CN');
    expect([badIp.status, fieldsOf(badIp)]).toEqual([400, ['ip']]);
    expect(errorsOf(badIp)[0]!.msg).toMatch(/IPv4/);
    expect(await counts()).toEqual(before);
  });

  it('edits and deletes with before and after audited; the room stays', async () => {
    const s = data<UsClientRow>(await station('hadmin', { name: 'Edit me', call_room: 'US3' }));
    const e = await station('hadmin', { pk: s.pk, name: 'Edited', call_room: 'US4', ip: '', status: 0 });
    expect(data<UsClientRow>(e)).toMatchObject({ pk: s.pk, name: 'Edited', call_room: 'US4', status: 0 });
    const audit = await lastAudit('us_client.');
    expect(audit).toMatchObject({ action: 'us_client.update' });
    expect(audit!.before).toMatchObject({ name: 'Edit me' });
    expect(audit!.after).toMatchObject({ name: 'Edited', status: 0 });
    expect((await post('hadmin', '/us/client/deleteInfo', { pk: s.pk })).status).toBe(200);
    expect(await lastAudit('us_client.')).toMatchObject({ action: 'us_client.delete', after: null });
    expect(await db().select().from(usClient).where(eq(usClient.pk, s.pk))).toEqual([]);
    expect((await post('hadmin', '/us/client/deleteInfo', { pk: s.pk })).status).toBe(404);
  });

  it("keeps everyone to their hospital: another's station reads as absent, naming another hospital is 403", async () => {
    const other = data<UsClientRow>(
      await station('admin', { hospital_code: 'H002', name: 'H2 station', call_room: 'US-B1' }),
    );
    expect(other.hospital_code).toBe('H002');
    const before = await counts();
    expect((await station('hadmin', { pk: other.pk, name: 'Mine now', call_room: 'US1' })).status).toBe(404);
    expect((await post('hadmin', '/us/client/deleteInfo', { pk: other.pk })).status).toBe(404);
    expect((await station('hadmin', { hospital_code: 'H002', name: 'X', call_room: 'US-B1' })).status).toBe(403);
    expect(await counts()).toEqual(before);
    const mine = data<UsClientRow[]>(await post('hadmin', '/us/client/queryAllList', {}));
    expect(mine.every((x) => x.hospital_code === 'H001')).toBe(true);
    const h2 = data<UsClientRow[]>(await post('doctor2', '/us/client/queryAllList', {}));
    expect(h2.map((x) => x.pk)).toEqual([other.pk]);
    const all = data<UsClientRow[]>(await post('admin', '/us/client/queryAllList', {}));
    expect(all.some((x) => x.hospital_code === 'H002') && all.some((x) => x.hospital_code === 'H001')).toBe(true);
    expect((await post('hadmin', '/us/client/queryAllList', { hospital_code: 'H002' })).status).toBe(403);
  });

  it('filters by status and keyword', async () => {
    await station('hadmin', { name: 'Off station', call_room: 'US5', status: 0, ip: '10.9.9.9' });
    const off = data<UsClientRow[]>(await post('hadmin', '/us/client/queryAllList', { status: 0 }));
    expect(off.length).toBeGreaterThan(0);
    expect(off.every((x) => x.status === 0)).toBe(true);
    const kw = data<UsClientRow[]>(await post('hadmin', '/us/client/queryAllList', { keyword: '10.9.9' }));
    expect(kw.map((x) => x.name)).toEqual(['Off station']);
  });
});

describe('number segments', () => {
  it('numbers a room from its segment and shows the count, current and next number', async () => {
    const s = data<UsClientRow>(await station('hadmin', { name: 'Seg station', call_room: 'US2' }));
    const r = await segment('register', { call_room: 'US2', prefix: 'B', start_no: 101, end_no: 199 });
    expect(r.status).toBe(200);
    expect(data<UsNumberRow>(r)).toMatchObject({ prefix: 'B', issued_today: 0, current_no: null, next_no: 101 });
    expect(await lastAudit('us_number.')).toMatchObject({ action: 'us_number.create' });
    const a = data<Registration>(await register('US2'));
    const b = data<Registration>(await register('US2'));
    expect([a.call_no, b.call_no]).toEqual([101, 102]);
    const [byStation] = data<UsNumberRow[]>(
      await post('doctor', '/us/number/queryByField', { field: 'client_pk', value: String(s.pk) }),
    );
    expect(byStation).toMatchObject({
      call_room: 'US2',
      issued_today: 2,
      current_no: 102,
      next_no: 103,
      remaining: 97,
    });
    expect(byStation!.stations.map((x) => x.name)).toContain('Seg station');
    const station2 = data<UsClientRow[]>(await post('register', '/us/client/queryAllList', { call_room: 'US2' }));
    expect(station2.every((x) => x.segment?.start_no === 101)).toBe(true);
  });

  it('gives distinct numbers in the segment when desks register at once', async () => {
    await segment('hadmin', { call_room: 'US6', prefix: 'C', start_no: 500, end_no: 599 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => register('US6')));
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(200));
    const nos = answers.map((x) => data<Registration>(x).call_no).sort((x, y) => x! - y!);
    expect(nos).toEqual(Array.from({ length: 10 }, (_, i) => 500 + i));
  });

  it('refuses a number past the end (409 US_NUMBER_EXHAUSTED), writing nothing', async () => {
    await room('hadmin', 'US-ONE');
    await segment('hadmin', { call_room: 'US-ONE', prefix: 'Z', start_no: 7, end_no: 7 });
    expect(data<Registration>(await register('US-ONE')).call_no).toBe(7);
    const before = await counts();
    const r = await register('US-ONE');
    expect([r.status, r.body.error]).toEqual([409, 'US_NUMBER_EXHAUSTED']);
    expect(r.body.msg).toContain('Z7');
    expect(await counts()).toEqual(before);
    const [seg] = data<UsNumberRow[]>(
      await post('hadmin', '/us/number/queryByField', { field: 'call_room', value: 'US-ONE' }),
    );
    expect(seg).toMatchObject({ issued_today: 1, current_no: 7, next_no: null, remaining: 0 });
    // Raising the end lets the room go on.
    await segment('hadmin', { pk: seg!.pk, call_room: 'US-ONE', prefix: 'Z', start_no: 7, end_no: 9 });
    expect(data<Registration>(await register('US-ONE')).call_no).toBe(8);
  });

  it('keeps one segment per room and no overlap within a prefix (409, nothing written)', async () => {
    await room('hadmin', 'US-K1');
    await room('hadmin', 'US-K2');
    await segment('hadmin', { call_room: 'US-K1', prefix: 'K', start_no: 1, end_no: 50 });
    const before = await counts();
    const again = await segment('hadmin', { call_room: 'US-K1', prefix: 'M', start_no: 1, end_no: 5 });
    expect([again.status, fieldsOf(again)]).toEqual([409, ['call_room']]);
    const overlap = await segment('hadmin', { call_room: 'US-K2', prefix: 'K', start_no: 50, end_no: 80 }, 'zh-CN');
    expect([overlap.status, overlap.body.error, fieldsOf(overlap)]).toEqual([409, 'US_NUMBER_OVERLAP', ['start_no']]);
    expect(overlap.body.msg).toContain('US-K1');
    expect(await counts()).toEqual(before);
    const otherPrefix = await segment('hadmin', { call_room: 'US-K2', prefix: 'L', start_no: 1, end_no: 50 });
    expect(otherPrefix.status).toBe(200);
  });

  it('fixes start and room and refuses delete once the room gave out numbers today; the end may change', async () => {
    await room('hadmin', 'US-F');
    await room('hadmin', 'US-G');
    const seg = data<UsNumberRow>(await segment('hadmin', { call_room: 'US-F', prefix: 'F', start_no: 1, end_no: 9 }));
    // Unused today: its start may change.
    const moved = await segment('hadmin', { pk: seg.pk, call_room: 'US-F', prefix: 'F', start_no: 2, end_no: 9 });
    expect(moved.status).toBe(200);
    expect(await lastAudit('us_number.')).toMatchObject({ action: 'us_number.update', before: { start_no: 1 } });
    await register('US-F');
    const before = await counts();
    const start = await segment('hadmin', { pk: seg.pk, call_room: 'US-F', prefix: 'F', start_no: 1, end_no: 9 });
    expect([start.status, start.body.error, fieldsOf(start)]).toEqual([409, 'US_NUMBER_IN_USE', ['start_no']]);
    const toRoom = await segment('hadmin', { pk: seg.pk, call_room: 'US-G', prefix: 'F', start_no: 2, end_no: 9 });
    expect([toRoom.status, fieldsOf(toRoom)]).toEqual([409, ['call_room']]);
    const del = await post('hadmin', '/us/number/del', { pk: seg.pk });
    expect([del.status, del.body.error]).toEqual([409, 'US_NUMBER_IN_USE']);
    expect(await counts()).toEqual(before);
    const end = await segment('hadmin', { pk: seg.pk, call_room: 'US-F', prefix: 'FF', start_no: 2, end_no: 20 });
    expect(data<UsNumberRow>(end)).toMatchObject({ prefix: 'FF', end_no: 20, current_no: 2 });
  });

  it('deletes an unused segment (audited); the room then numbers from 1', async () => {
    await room('hadmin', 'US-D');
    const seg = data<UsNumberRow>(await segment('hadmin', { call_room: 'US-D', start_no: 300, end_no: 310 }));
    expect((await post('register', '/us/number/del', { pk: seg.pk })).status).toBe(200);
    expect(await lastAudit('us_number.')).toMatchObject({ action: 'us_number.delete', after: null });
    expect(data<Registration>(await register('US-D')).call_no).toBe(1);
  });

  it('answers 400 on the field for a reversed range or a non-numeric pk lookup, in the caller language', async () => {
    const before = await counts();
    const reversed = await segment('hadmin', { call_room: 'US3', start_no: 9, end_no: 3 }, 'zh-CN');
    expect([reversed.status, fieldsOf(reversed)]).toEqual([400, ['end_no']]);
    expect(errorsOf(reversed)[0]!.msg).toBe('结束号不能小于起始号');
    const prefix = await segment('hadmin', { call_room: 'US3', prefix: 'A-1', start_no: 1, end_no: 3 });
    expect([prefix.status, fieldsOf(prefix)]).toEqual([400, ['prefix']]);
    const byPk = await post('hadmin', '/us/number/queryByField', { field: 'pk', value: 'abc' });
    expect([byPk.status, fieldsOf(byPk)]).toEqual([400, ['value']]);
    expect(await counts()).toEqual(before);
  });

  it("keeps segments to their hospital: another's reads as absent or is not listed", async () => {
    const other = data<UsNumberRow>(
      await segment('admin', { hospital_code: 'H002', call_room: 'US-B1', prefix: 'B', start_no: 101, end_no: 199 }),
    );
    expect(other.hospital_code).toBe('H002');
    const before = await counts();
    const edit = await segment('hadmin', { pk: other.pk, call_room: 'US1', start_no: 1, end_no: 2 });
    expect(edit.status).toBe(404);
    expect((await post('register', '/us/number/del', { pk: other.pk })).status).toBe(404);
    expect(
      (await segment('register', { hospital_code: 'H002', call_room: 'US-B1', start_no: 1, end_no: 2 })).status,
    ).toBe(403);
    expect(await counts()).toEqual(before);
    const byPk = await post('register', '/us/number/queryByField', { field: 'pk', value: String(other.pk) });
    expect(data<UsNumberRow[]>(byPk)).toEqual([]);
    const page = data<{ list: UsNumberRow[] }>(await post('hadmin', '/us/number/queryList', { pageSize: 100 }));
    expect(page.list.every((x) => x.hospital_code === 'H001')).toBe(true);
    const h2 = data<{ list: UsNumberRow[]; totalRow: number }>(await post('doctor2', '/us/number/queryList', {}));
    expect(h2.list.map((x) => x.pk)).toEqual([other.pk]);
    // The same prefix and range in another hospital does not overlap H001's B101-199.
    const [mine] = await db()
      .select()
      .from(usNumber)
      .where(and(eq(usNumber.hospital_code, 'H001'), eq(usNumber.prefix, 'B')));
    expect(mine?.start_no).toBe(101);
  });

  it('pages and finds by keyword', async () => {
    const r = data<{ list: UsNumberRow[]; totalRow: number }>(
      await post('hadmin', '/us/number/queryList', { keyword: 'US-K', pageSize: 10 }),
    );
    expect(r.list.map((x) => x.call_room).sort()).toEqual(['US-K1', 'US-K2']);
    expect(r.totalRow).toBe(2);
  });
});
