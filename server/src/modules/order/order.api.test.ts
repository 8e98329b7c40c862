import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import { study, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { createSession } from '../auth/session';

const t = useTestPlatform({ users: ['doctor', 'doctor2', 'admin'] });

type PageBody = { list: StudyRow[]; totalRow: number; totalPage: number; pageNumber: number; pageSize: number };
async function list(token: string, json: Record<string, unknown> = {}, lang?: string) {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', { token, json, lang });
  return { ...r, page: r.body.data as PageBody };
}

describe('demo data', () => {
  it('holds at least 300 studies over CT, DR, DX, MR, US, the last 60 days and every rpt_status', async () => {
    const all = await list(t.token('admin'), { pageSize: 500 });
    expect(all.page.totalRow).toBeGreaterThanOrEqual(300);
    expect(new Set(all.page.list.map((s) => s.modality))).toEqual(new Set(['CT', 'DR', 'DX', 'MR', 'US']));
    for (const status of [0, 1, 2, 3, 4]) {
      expect(
        (await list(t.token('admin'), { rpt_status: [status] })).page.totalRow,
        `status ${status}`,
      ).toBeGreaterThan(0);
    }
    const oldest = Date.now() - 61 * 86_400_000;
    expect(all.page.list.every((s) => new Date(s.study_datetime.replace(' ', 'T')).getTime() > oldest)).toBe(true);
    expect(new Set(all.page.list.map((s) => s.hospital_code))).toEqual(new Set(['H001', 'H002']));
  });
});

describe('POST /api/order/OrderList', () => {
  it('pages 20 rows by default, newest first', async () => {
    const r = await list(t.token('doctor'));
    expect(r.status).toBe(200);
    expect(r.page).toMatchObject({ pageNumber: 1, pageSize: 20 });
    expect(r.page.list).toHaveLength(20);
    const times = r.page.list.map((s) => s.create_time);
    expect([...times].sort().reverse()).toEqual(times);
    expect(r.page.totalPage).toBe(Math.ceil(r.page.totalRow / 20));
  });

  it('pages without overlap', async () => {
    const a = await list(t.token('doctor'), { pageSize: 10, pageNumber: 1 });
    const b = await list(t.token('doctor'), { pageSize: 10, pageNumber: 2 });
    const ids = new Set(a.page.list.map((s) => s.pk));
    expect(b.page.list.some((s) => ids.has(s.pk))).toBe(false);
    expect(b.page.totalRow).toBe(a.page.totalRow);
  });

  it('sorts by the allowed columns only', async () => {
    const r = await list(t.token('doctor'), { sort: 'study_datetime asc', pageSize: 50 });
    const times = r.page.list.map((s) => s.study_datetime);
    expect([...times].sort()).toEqual(times);
    expect((await list(t.token('doctor'), { sort: 'patient_name; drop table study' })).status).toBe(400);
  });

  it('filters by modality, status, patient id, accession number, name and date range', async () => {
    const ct = await list(t.token('doctor'), { modalitys: ['CT', 'MR'], pageSize: 100 });
    expect(ct.page.list.every((s) => s.modality === 'CT' || s.modality === 'MR')).toBe(true);
    expect((await list(t.token('doctor'), { modalitys: 'CT' })).page.list.every((s) => s.modality === 'CT')).toBe(true);

    const audited = await list(t.token('doctor'), { rpt_status: [2], pageSize: 100 });
    expect(audited.page.totalRow).toBeGreaterThan(0);
    expect(audited.page.list.every((s) => s.rpt_status === 2 && s.sh_doctor !== '')).toBe(true);

    const first = (await list(t.token('doctor'))).page.list[0]!;
    const byId = await list(t.token('doctor'), { patient_id: first.patient_id });
    expect(byId.page.list.length).toBeGreaterThan(0);
    expect(byId.page.list.every((s) => s.patient_id === first.patient_id)).toBe(true);
    const byAcc = await list(t.token('doctor'), { accession_no: first.accession_no });
    expect(byAcc.page.list.map((s) => s.pk)).toEqual([first.pk]);

    const part = first.patient_name.slice(1);
    const byName = await list(t.token('doctor'), { patient_name: part, pageSize: 100 });
    expect(byName.page.list.every((s) => s.patient_name.includes(part))).toBe(true);
    expect((await list(t.token('doctor'), { patient_name: '%' })).page.totalRow).toBe(0); // wildcards are literal

    const day = first.study_datetime.slice(0, 10);
    const onDay = await list(t.token('doctor'), { startDate: day, endDate: day, pageSize: 100 });
    expect(onDay.page.list.length).toBeGreaterThan(0);
    expect(onDay.page.list.every((s) => s.study_datetime.startsWith(day))).toBe(true);
  });

  it('refuses bad input with a field-level 400 and never a 500', async () => {
    const bad = [
      { pageSize: 7 },
      { pageNumber: 0 },
      { pageNumber: 'abc' },
      { startDate: '2026-13-45' },
      { startDate: '2026-11-20', endDate: '2026-11-01' },
      { modalitys: ['XX'] },
      { rpt_status: [9] },
      { patient_name: 'x'.repeat(65) },
      { sort: 42 },
    ];
    for (const json of bad) {
      const r = await list(t.token('doctor'), json, 'en-US');
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.success).toBe(false);
      expect((r.body.errors as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('needs a session and the list permission', async () => {
    expect((await call(t.p.app, 'POST', '/api/order/OrderList', { json: {} })).status).toBe(401);
    const [nomenu] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'nomenu'));
    const { token } = await createSession(t.p.deps.db, nomenu!.pk, 10, { ip: '', userAgent: '' });
    const r = await list(token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 403, error: 'FORBIDDEN' });
  });
});

describe('hospital scope', () => {
  it('never shows doctor2 a study of H001', async () => {
    const r = await list(t.token('doctor2'), { pageSize: 500 });
    expect(r.page.totalRow).toBeGreaterThan(0);
    expect(r.page.list.every((s) => s.hospital_code === 'H002')).toBe(true);
    const h001 = await list(t.token('doctor2'), { sn: 'H001' });
    expect(h001.status).toBe(403);
    expect(h001.body.error).toBe('FORBIDDEN');
  });

  it('lets the super administrator see every hospital or pick one', async () => {
    const all = await list(t.token('admin'), { pageSize: 10 });
    const h1 = await list(t.token('admin'), { sn: 'H001', pageSize: 500 });
    const h2 = await list(t.token('admin'), { sn: 'H002', pageSize: 500 });
    expect(h1.page.totalRow + h2.page.totalRow).toBe(all.page.totalRow);
    expect(h1.page.list.every((s) => s.hospital_code === 'H001')).toBe(true);
    expect((await list(t.token('admin'), { sn: 'H999' })).page.totalRow).toBe(0);
  });

  it('limits a user with a modality list (data2) to those modalities', async () => {
    await t.p.deps.db
      .update(sysUser)
      .set({ data2: ['US'] })
      .where(eq(sysUser.username, 'doctor'));
    try {
      const r = await list(t.token('doctor'), { pageSize: 100 });
      expect(r.page.list.every((s) => s.modality === 'US')).toBe(true);
      expect((await list(t.token('doctor'), { modalitys: ['CT'] })).page.totalRow).toBe(0);
    } finally {
      await t.p.deps.db.update(sysUser).set({ data2: [] }).where(eq(sysUser.username, 'doctor'));
    }
  });

  it('lists only the caller’s hospital to choose from', async () => {
    const mine = await call(t.p.app, 'POST', '/hospital/getHospitalNameAndSn', { token: t.token('doctor2') });
    expect(mine.body.data).toEqual([{ sn: 'H002', name: '第二人民医院', code: 'H002' }]);
    const all = await call(t.p.app, 'POST', '/hospital/getHospitalNameAndSn', { token: t.token('admin') });
    expect((all.body.data as unknown[]).length).toBe(2);
  });
});

describe('POST /api/order/historyList', () => {
  async function patientWithHistory() {
    const rows = (await list(t.token('doctor'), { pageSize: 500 })).page.list;
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.patient_id, (counts.get(r.patient_id) ?? 0) + 1);
    const pid = [...counts.entries()].find(([, n]) => n >= 2)![0];
    return rows.filter((r) => r.patient_id === pid);
  }

  it('lists the other studies of the same patient by each key', async () => {
    const studies = await patientWithHistory();
    const cur = studies[0]!;
    for (const key of ['patient_id', 'patient_name', 'card_no', 'patient_phone'] as const) {
      const r = await call(t.p.app, 'POST', '/api/order/historyList', {
        token: t.token('doctor'),
        json: { study_iuid: cur.study_iuid, hospital_code: 'H001', [key]: cur[key] },
      });
      expect(r.status, key).toBe(200);
      const rows = r.body.data as StudyRow[];
      expect(rows.length, key).toBeGreaterThanOrEqual(studies.length - 1);
      expect(
        rows.every((s) => s[key] === cur[key] && s.study_iuid !== cur.study_iuid && s.hospital_code === 'H001'),
      ).toBe(true);
    }
  });

  it('gives an empty list for an empty value, 400 for two keys, 403 for another hospital', async () => {
    const cur = (await patientWithHistory())[0]!;
    const empty = await call(t.p.app, 'POST', '/api/order/historyList', {
      token: t.token('doctor'),
      json: { study_iuid: cur.study_iuid, card_no: '' },
    });
    expect(empty.body.data).toEqual([]);
    const two = await call(t.p.app, 'POST', '/api/order/historyList', {
      token: t.token('doctor'),
      json: { study_iuid: cur.study_iuid, card_no: 'a', patient_id: 'b' },
    });
    expect(two.status).toBe(400);
    const other = await call(t.p.app, 'POST', '/api/order/historyList', {
      token: t.token('doctor2'),
      json: { study_iuid: cur.study_iuid, patient_id: cur.patient_id },
    });
    expect(other.status).toBe(403);
    const missing = await call(t.p.app, 'POST', '/api/order/historyList', {
      token: t.token('doctor'),
      json: { study_iuid: '1.2.3.404', patient_id: 'x' },
    });
    expect(missing.status).toBe(404);
  });
});

/** The caller's favourites through the generic list contract (GET, filters as JSON text). */
const favourites = (token: string, filters: Record<string, string> = {}) =>
  call(t.p.app, 'GET', `/collection/list?filters=${encodeURIComponent(JSON.stringify(filters))}`, { token });

describe('favourites', () => {
  it('adds, lists with filters and removes a favourite, within the hospital', async () => {
    const rows = (await list(t.token('doctor'), { pageSize: 30 })).page.list;
    const [a, b] = [rows[0]!, rows[1]!];
    for (const s of [a, b]) {
      const r = await call(t.p.app, 'POST', '/collection/add', {
        token: t.token('doctor'),
        json: { study_iuid: s.study_iuid },
      });
      expect(r.status).toBe(200);
    }
    // adding twice is harmless
    expect(
      (await call(t.p.app, 'POST', '/collection/add', { token: t.token('doctor'), json: { study_iuid: a.study_iuid } }))
        .status,
    ).toBe(200);
    const fav = await favourites(t.token('doctor'));
    const page = fav.body.data as PageBody;
    expect(page.totalRow).toBe(2);
    expect(page.pageSize).toBe(20);
    expect(page.list.every((s) => s.collected)).toBe(true);
    expect((await list(t.token('doctor'), { accession_no: a.accession_no })).page.list[0]!.collected).toBe(true);

    const byDesc = await favourites(t.token('doctor'), { study_desc: a.study_desc });
    expect((byDesc.body.data as PageBody).list.every((s) => s.study_desc.includes(a.study_desc))).toBe(true);
    const none = await favourites(t.token('doctor'), { report_content: 'zzz-not-there' });
    expect((none.body.data as PageBody).totalRow).toBe(0);

    // another user's favourites are their own
    const auditor = await t.login('auditor');
    expect(((await favourites(auditor)).body.data as PageBody).totalRow).toBe(0);
    // another hospital's study cannot be added
    expect(
      (
        await call(t.p.app, 'POST', '/collection/add', {
          token: t.token('doctor2'),
          json: { study_iuid: a.study_iuid },
        })
      ).status,
    ).toBe(403);

    await call(t.p.app, 'POST', '/collection/remove', { token: t.token('doctor'), json: { study_iuid: a.study_iuid } });
    const after = await favourites(t.token('doctor'));
    expect((after.body.data as PageBody).list.map((s) => s.study_iuid)).toEqual([b.study_iuid]);
  });

  it('is refused without the user permission', async () => {
    const register = await t.login('register');
    expect((await favourites(register)).status).toBe(200);
    const [s] = await t.p.deps.db.select().from(study).limit(1);
    const [nomenu] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'nomenu'));
    const { token } = await createSession(t.p.deps.db, nomenu!.pk, 10, { ip: '', userAgent: '' });
    expect(
      (await call(t.p.app, 'POST', '/collection/add', { token, json: { study_iuid: s!.study_iuid } })).status,
    ).toBe(403);
  });
});

describe('the lock column', () => {
  it('shows the holder while their session lives, and nothing once it ended or the lock went stale', async () => {
    const [s] = (await list(t.token('doctor'))).page.list;
    const holder = await t.login('doctor');
    const lock = await call(t.p.app, 'POST', '/report/lock', { token: holder, json: { study_iuid: s!.study_iuid } });
    expect(lock.status).toBe(200);
    const lockOf = async () =>
      (await list(t.token('admin'), { accession_no: s!.accession_no })).page.list.find(
        (x) => x.study_iuid === s!.study_iuid,
      )?.lock_status;
    expect(await lockOf()).toBe('张医生');

    // The holder's session ends without the page releasing the study (a closed laptop, then an expiry).
    const [row] = await t.p.deps.db
      .select({ session: study.lock_session_pk })
      .from(study)
      .where(eq(study.study_iuid, s!.study_iuid));
    const { session } = await import('../../platform/db/schema');
    await t.p.deps.db
      .update(session)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(session.pk, row!.session!));
    expect(await lockOf()).toBe('');

    // A lock from before locks had sessions counts until it is 30 minutes old.
    await t.p.deps.db
      .update(study)
      .set({ lock_session_pk: null, lock_time: new Date() })
      .where(eq(study.study_iuid, s!.study_iuid));
    expect(await lockOf()).toBe('张医生');
    await t.p.deps.db
      .update(study)
      .set({ lock_time: new Date(Date.now() - 31 * 60_000) })
      .where(eq(study.study_iuid, s!.study_iuid));
    expect(await lockOf()).toBe('');
  });
});
