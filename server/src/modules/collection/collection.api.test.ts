import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import { auditLog, collection, hospital, study, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { createSession } from '../auth/session';

// auditor: same hospital as doctor, no favourites
const t = useTestPlatform({ users: ['doctor', 'doctor2', 'auditor'] });
let nomenu: string;
let h001: { iuid: string; modality: string; name: string }[];
let h002Iuid: string;
let doctorPk: number;

beforeAll(async () => {
  const [nm] = await t.p.deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, 'nomenu'));
  nomenu = (await createSession(t.p.deps.db, nm!.pk, 10, { ip: '', userAgent: '' })).token;
  const rows = await t.p.deps.db
    .select({ iuid: study.study_iuid, modality: study.modality, name: study.patient_name })
    .from(study)
    .where(and(eq(study.hospital_code, 'H001'), eq(study.is_del, 0)))
    .orderBy(study.pk)
    .limit(6);
  h001 = rows;
  const [other] = await t.p.deps.db
    .select({ iuid: study.study_iuid })
    .from(study)
    .where(eq(study.hospital_code, 'H002'));
  h002Iuid = other!.iuid;
  const [me] = await t.p.deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, 'doctor'));
  doctorPk = me!.pk;
});

/** doctor's favourites: the six H001 studies, added one minute apart (the last one newest). */
beforeEach(async () => {
  await t.p.deps.db.delete(collection);
  const pks = await t.p.deps.db
    .select({ pk: study.pk, iuid: study.study_iuid })
    .from(study)
    .where(
      inArray(
        study.study_iuid,
        h001.map((s) => s.iuid),
      ),
    );
  const base = Date.now() - 3_600_000;
  await t.p.deps.db.insert(collection).values(
    h001.map((s, i) => ({
      user_pk: doctorPk,
      study_pk: pks.find((r) => r.iuid === s.iuid)!.pk,
      create_time: new Date(base + i * 60_000),
    })),
  );
  await call(t.p.app, 'POST', '/collection/add', { token: t.token('doctor2'), json: { study_iuid: h002Iuid } });
});

const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
async function list(token: string, q: Record<string, string | number> = {}) {
  const r = await call(t.p.app, 'GET', `/collection/list?${qs(q)}`, { token });
  return { ...r, page: r.body.data as Page<StudyRow> };
}

describe('GET /collection/list', () => {
  it("answers the caller's favourites, newest favourite first, paged", async () => {
    const r = await list(t.token('doctor'), { pageSize: 10 });
    expect(r.status).toBe(200);
    expect(r.page).toMatchObject({ totalRow: 6, totalPage: 1, pageNumber: 1, pageSize: 10 });
    expect(r.page.list.map((s) => s.study_iuid)).toEqual(h001.map((s) => s.iuid).reverse());
    expect(r.page.list.every((s) => s.collected)).toBe(true);
    const second = await list(t.token('doctor'), { pageSize: 10, pageNumber: 2 });
    expect(second.page.list).toEqual([]);
  });

  it('sorts by a whitelisted column in either order', async () => {
    const asc = (await list(t.token('doctor'), { column: 'patient_name', order: 'asc' })).page.list.map(
      (s) => s.patient_name,
    );
    expect(asc).toEqual([...asc].sort());
    const oldest = (await list(t.token('doctor'), { column: 'create_time', order: 'asc' })).page.list.map(
      (s) => s.study_iuid,
    );
    expect(oldest).toEqual(h001.map((s) => s.iuid));
  });

  it('filters by the declared keys', async () => {
    const modality = h001[0]!.modality;
    const r = await list(t.token('doctor'), { filters: JSON.stringify({ modalitys: [modality] }) });
    expect(r.page.totalRow).toBe(h001.filter((s) => s.modality === modality).length);
    expect(r.page.list.every((s) => s.modality === modality)).toBe(true);
    const byName = await list(t.token('doctor'), { filters: JSON.stringify({ patient_name: h001[2]!.name }) });
    expect(byName.page.list.map((s) => s.patient_name)).toContain(h001[2]!.name);
    expect((await list(t.token('doctor'), { filters: '' })).page.totalRow).toBe(6);
  });

  it('filters by the day a study was starred, so one scanned long ago and starred today shows today', async () => {
    const fmt = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; // prettier-ignore
    const localToday = fmt(new Date());
    const [oldest] = await t.p.deps.db.select({ pk: study.pk }).from(study).where(eq(study.study_iuid, h001[0]!.iuid));
    // All starred just now (the fixture's hour ago may be yesterday just after midnight), one three days ago.
    for (const [i, s] of h001.entries()) {
      const [row] = await t.p.deps.db.select({ pk: study.pk }).from(study).where(eq(study.study_iuid, s.iuid));
      await t.p.deps.db.update(collection).set({ create_time: new Date(Date.now() - (h001.length - i) * 1000) }).where(eq(collection.study_pk, row!.pk)); // prettier-ignore
    }
    await t.p.deps.db.update(collection).set({ create_time: new Date(Date.now() - 3 * 86_400_000) }).where(eq(collection.study_pk, oldest!.pk)); // prettier-ignore
    const starredToday = await list(t.token('doctor'), { filters: JSON.stringify({ startDate: localToday, endDate: localToday }) }); // prettier-ignore
    expect(starredToday.page.list.map((s) => s.study_iuid)).toEqual(
      h001
        .slice(1)
        .map((s) => s.iuid)
        .reverse(),
    );
    const threeDaysAgo = fmt(new Date(Date.now() - 3 * 86_400_000));
    const then = await list(t.token('doctor'), { filters: JSON.stringify({ startDate: threeDaysAgo, endDate: threeDaysAgo }) }); // prettier-ignore
    expect(then.page.list.map((s) => s.study_iuid)).toEqual([h001[0]!.iuid]);
  });

  it("never shows another user's or another hospital's favourites", async () => {
    expect((await list(t.token('auditor'))).page.totalRow).toBe(0);
    const mine = await list(t.token('doctor2'));
    expect(mine.page.list.map((s) => s.study_iuid)).toEqual([h002Iuid]);
    const [h2] = await t.p.deps.db.select({ sn: hospital.sn }).from(hospital).where(eq(hospital.code, 'H002'));
    const other = await list(t.token('doctor'), { filters: JSON.stringify({ sn: h2!.sn }) });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
  });

  it.each([
    ['an unknown column', { column: 'pk; drop table study' }, 'column'],
    ['an unknown filter key', { filters: JSON.stringify({ hospital_code: 'H002' }) }, 'filters'],
    ['filters that are not JSON', { filters: '{"sn":' }, 'filters'],
    ['filters that are a JSON array', { filters: '["sn"]' }, 'filters'],
    ['a filter of the wrong type', { filters: JSON.stringify({ modalitys: 'CT' }) }, 'filters'],
    ['filters over 4 KB', { filters: JSON.stringify({ patient_name: 'x'.repeat(5000) }) }, 'filters'],
    ['a page size outside the options', { pageSize: 7 }, 'pageSize'],
    ['an unknown order', { order: 'sideways' }, 'order'],
    ['a super query', { superQueryParams: '[{"field":"sn"}]' }, 'superQueryParams'],
  ])('answers 400 with the envelope for %s', async (_, q, field) => {
    const r = await list(t.token('doctor'), q);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, error: 'VALIDATION' });
    expect((r.body.errors as { field: string }[]).map((e) => e.field.split('.')[0])).toContain(field);
  });

  it('needs a session and the user permission', async () => {
    expect((await list('')).status).toBe(401);
    expect((await list(nomenu)).status).toBe(403);
  });
});

async function favourites(userPk: number) {
  return t.p.deps.db.select().from(collection).where(eq(collection.user_pk, userPk));
}

describe('POST /collection/deleteBatch', () => {
  const del = (token: string, ids: string) =>
    call(t.p.app, 'POST', '/collection/deleteBatch', { token, json: { ids } });

  it('removes the listed studies from the caller’s favourites, ignoring unknown ids', async () => {
    const ids = [h001[0]!.iuid, h001[1]!.iuid, 'no.such.study'].join(',');
    const r = await del(t.token('doctor'), ids);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { deleted: 2 } });
    expect((await list(t.token('doctor'))).page.totalRow).toBe(4);
  });

  it("never touches another user's favourites", async () => {
    const ids = h001.map((s) => s.iuid).join(',');
    expect((await del(t.token('auditor'), ids)).body).toMatchObject({ success: true, data: { deleted: 0 } });
    expect((await del(t.token('doctor2'), ids)).body).toMatchObject({ success: true, data: { deleted: 0 } });
    expect(await favourites(doctorPk)).toHaveLength(6);
  });

  it.each([
    ['no id', ''],
    ['an empty id', `${'a'},,b`],
    ['501 ids', Array.from({ length: 501 }, (_, i) => `1.2.${i}`).join(',')],
  ])('answers 400 for %s and deletes nothing', async (_, ids) => {
    const r = await del(t.token('doctor'), ids);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'VALIDATION' });
    expect(await favourites(doctorPk)).toHaveLength(6);
  });

  it('needs a session and the user permission', async () => {
    expect((await del('', h001[0]!.iuid)).status).toBe(401);
    expect((await del(nomenu, h001[0]!.iuid)).status).toBe(403);
    expect(await favourites(doctorPk)).toHaveLength(6);
  });
});

async function download(token: string, q: Record<string, string>, lang = 'en-US') {
  const res = await t.p.app.request(`/collection/exportXls?${qs(q)}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  return { res, buf: Buffer.from(await res.arrayBuffer()) };
}

async function sheetRows(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /collection/exportXls', () => {
  it('streams every matching favourite as xlsx, headers in the caller’s language, sorted like the list', async () => {
    const { res, buf } = await download(t.token('doctor'), { column: 'create_time', order: 'asc' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="favourites-\d{8}\.xlsx"; filename\*=UTF-8''/,
    );
    const rows = await sheetRows(buf);
    expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Patient ID', 'Sex']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(h001.map((s) => s.name));

    const zh = await sheetRows((await download(t.token('doctor'), {}, 'zh-CN')).buf);
    expect(zh[0]?.slice(0, 3)).toEqual(['姓名', '患者编号', '性别']);
  });

  it('applies the filters and writes the export to the audit log', async () => {
    const modality = h001[0]!.modality;
    const filters = JSON.stringify({ modalitys: [modality] });
    const rows = await sheetRows((await download(t.token('doctor'), { filters })).buf);
    const expected = h001.filter((s) => s.modality === modality).length;
    expect(rows).toHaveLength(1 + expected);
    const [entry] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.user_pk, doctorPk)))
      .orderBy(auditLog.pk)
      .then((r) => r.slice(-1));
    expect(entry).toMatchObject({
      target: 'collection',
      detail: { filters: { modalitys: [modality] }, rows: expected },
    });
  });

  it('answers bad input with a JSON envelope, not a file', async () => {
    const { res, buf } = await download(t.token('doctor'), { column: 'nope' });
    expect(res.status).toBe(400);
    expect(JSON.parse(buf.toString())).toMatchObject({ success: false, error: 'VALIDATION' });
    expect((await download('', {})).res.status).toBe(401);
  });
});
