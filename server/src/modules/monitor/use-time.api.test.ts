import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UseTimeOverview, UseTimeScore } from '@shared/schemas/statistics';
import { study, useTime } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'doctor', 'doctor2', 'hadmin'] });

type User = 'admin' | 'doctor' | 'doctor2' | 'hadmin';
const req = (user: User, method: string, path: string, json?: unknown, lang = 'en-US') =>
  call(t.p.app, method, path, { token: t.token(user), json, lang });
const DAY = 86_400_000;
const noon = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * DAY);
  d.setUTCHours(12, 0, 0, 0);
  return d;
};
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Every use_time row this file writes, to compute the expected answers independently. */
const written: { create_time: Date; first_ms: number; total_ms: number }[] = [];
let h001Study = '';
let h002Study = '';

async function insertRow(create_time: Date, first_ms: number, total_ms: number, hospital_code = 'H001') {
  await t.p.deps.db.insert(useTime).values({
    hospital_code,
    study_iuid: '1.2.3',
    modality: 'CT',
    user_pk: 1,
    user_name: 'seeded',
    first_ms,
    total_ms,
    images: 10,
    bytes: 1000,
    create_time,
  });
  written.push({ create_time, first_ms, total_ms });
}

beforeAll(async () => {
  const db = t.p.deps.db;
  const [a] = await db
    .select({ iuid: study.study_iuid })
    .from(study)
    .where(and(eq(study.hospital_code, 'H001'), eq(study.is_del, 0)))
    .limit(1);
  const [b] = await db
    .select({ iuid: study.study_iuid })
    .from(study)
    .where(and(eq(study.hospital_code, 'H002'), eq(study.is_del, 0)))
    .limit(1);
  h001Study = a!.iuid;
  h002Study = b!.iuid;
});

const rowsOfUseTime = () => t.p.deps.db.select().from(useTime);

describe('POST /monitor/saveUseTime', () => {
  it("stores the viewer's measurement with the study's hospital and modality, and prunes rows over 180 days", async () => {
    const db = t.p.deps.db;
    await db.insert(useTime).values({
      hospital_code: 'H001',
      study_iuid: 'old',
      user_pk: 1,
      first_ms: 1,
      total_ms: 1,
      images: 1,
      bytes: 1,
      create_time: new Date(Date.now() - 181 * DAY),
    });
    await insertRow(noon(179), 900, 2000);
    const body = { study_iuid: h001Study, first_ms: 640, total_ms: 4200, images: 12, bytes: 3_000_000 };
    const r = await req('doctor', 'POST', '/monitor/saveUseTime', body);
    expect(r.status).toBe(200);
    const rows = await rowsOfUseTime();
    expect(rows.some((x) => x.study_iuid === 'old')).toBe(false);
    expect(rows).toHaveLength(2);
    const mine = rows.find((x) => x.study_iuid === h001Study)!;
    const [s] = await db.select().from(study).where(eq(study.study_iuid, h001Study));
    expect(mine).toMatchObject({ ...body, hospital_code: 'H001', modality: s!.modality });
    expect(mine.user_name).not.toBe('');
    written.push({ create_time: mine.create_time, first_ms: 640, total_ms: 4200 });
  });

  it("answers 404 for a study outside the caller's hospital or unknown, and writes nothing", async () => {
    const before = (await rowsOfUseTime()).length;
    const m = { first_ms: 1, total_ms: 2, images: 1, bytes: 1 };
    expect((await req('doctor2', 'POST', '/monitor/saveUseTime', { study_iuid: h001Study, ...m })).status).toBe(404);
    expect((await req('doctor', 'POST', '/monitor/saveUseTime', { study_iuid: h002Study, ...m })).status).toBe(404);
    expect((await req('doctor', 'POST', '/monitor/saveUseTime', { study_iuid: '9.9.9', ...m })).status).toBe(404);
    const bad = await req('doctor', 'POST', '/monitor/saveUseTime', { study_iuid: h001Study, ...m, first_ms: -1 });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['first_ms']);
    expect((await rowsOfUseTime()).length).toBe(before);
    expect(
      (await call(t.p.app, 'POST', '/monitor/saveUseTime', { json: { study_iuid: h001Study, ...m } })).status,
    ).toBe(401);
  });
});

describe('GET /monitor/useTime and POST /monitor/queryUseTimeScore', () => {
  beforeAll(async () => {
    // 33 days with openings, day i holding i + 1 openings
    for (let i = 0; i < 33; i++)
      for (let j = 0; j <= i; j++) await insertRow(noon(10 + i), 400 + 300 * j, 700 + 1500 * j + i);
  });

  const expectedDay = (date: string) => {
    const rows = written.filter((w) => iso(w.create_time) === date);
    return {
      date,
      sum: rows.length,
      time: Math.round(rows.reduce((n, w) => n + w.total_ms, 0) / rows.length),
      score: Math.round((100 * rows.filter((w) => w.first_ms <= 1000).length) / rows.length),
    };
  };

  it("is the super administrator's only (monitor:useTime)", async () => {
    for (const user of ['doctor', 'doctor2', 'hadmin'] as const) {
      expect((await req(user, 'GET', '/monitor/useTime')).status).toBe(403);
      expect((await req(user, 'POST', '/monitor/queryUseTimeScore', { key: iso(noon(10)) })).status).toBe(403);
    }
  });

  it('useTime: the last 31 days with openings, newest first, with count, mean time and score; data2 by day', async () => {
    const r = await req('admin', 'GET', '/monitor/useTime');
    expect(r.status).toBe(200);
    const o = r.body.data as UseTimeOverview;
    const days = [...new Set(written.map((w) => iso(w.create_time)))].sort().reverse().slice(0, 31);
    expect(o.data).toEqual(days.map(expectedDay));
    expect(o.data2).toEqual(Object.fromEntries(days.map((d) => [d, expectedDay(d).sum])));
    expect(o.data).toHaveLength(31);
  });

  it("queryUseTimeScore: that day's openings newest first, buckets, score, count and mean time", async () => {
    const key = iso(noon(17)); // day i = 7: eight openings
    const r = await req('admin', 'POST', '/monitor/queryUseTimeScore', { key });
    expect(r.status).toBe(200);
    const s = r.body.data as UseTimeScore;
    const rows = written.filter((w) => iso(w.create_time) === key);
    const bucket = (lo: number, hi: number) => rows.filter((w) => w.total_ms >= lo && w.total_ms < hi).length;
    const e = expectedDay(key);
    expect(s).toMatchObject({ sum: e.sum, time: e.time, score: e.score });
    expect(s.data2).toEqual({
      lt1s: bucket(0, 1000),
      '1to3s': bucket(1000, 3000),
      '3to10s': bucket(3000, 10000),
      ge10s: bucket(10000, Infinity),
    });
    expect(s).toMatchObject({ sum: 8, score: 38, data2: { lt1s: 1, '1to3s': 1, '3to10s': 5, ge10s: 1 } });
    expect(s.data).toHaveLength(8);
    expect(s.data[0]).toMatchObject({ hospital_code: 'H001', hospital_name: '第一人民医院', time: '12:00:00' });
    expect(s.data.map((d) => d.pk)).toEqual([...s.data.map((d) => d.pk)].sort((a, b) => b - a));
  });

  it('a day without openings answers zeros; a malformed key is a 400 naming key', async () => {
    const r = await req('admin', 'POST', '/monitor/queryUseTimeScore', { key: '2020-01-01' });
    expect(r.body.data).toEqual({
      data: [],
      data2: { lt1s: 0, '1to3s': 0, '3to10s': 0, ge10s: 0 },
      score: 0,
      sum: 0,
      time: 0,
    });
    const bad = await req('admin', 'POST', '/monitor/queryUseTimeScore', { key: '2020-13-01' }, 'zh-CN');
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['key']);
  });
});
