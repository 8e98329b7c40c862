import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderSort, StudyRow } from '@shared/schemas/order';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { countQuery, orderBy, studySelect, studyWhere, type StudyFilter } from './query';

const t = useTestPlatform({ users: ['admin'] });

async function apiPage(json: Record<string, unknown>) {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', { token: t.token('admin'), json });
  expect(r.status).toBe(200);
  return r.body.data as { list: StudyRow[]; totalRow: number };
}

/** The plain join the worklist ran before its prepared statements: the reference for their rows. */
async function reference(f: StudyFilter, sort: OrderSort, pageNumber: number) {
  const where = studyWhere(f);
  const rows = await studySelect(t.p.deps.db, 1)
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(10)
    .offset((pageNumber - 1) * 10);
  const [count] = await countQuery(t.p.deps.db, where, !!f.rptStatus?.length);
  return { pks: rows.map((r) => r.s.pk), total: count!.n };
}

describe('the worklist page and count (subquery shape, prepared per filter shape)', () => {
  const cases: { name: string; json: Record<string, unknown>; f: StudyFilter; sort: OrderSort }[] = [
    { name: 'newest first', json: {}, f: { hospital: { all: true } }, sort: 'create_time desc' },
    {
      name: 'one hospital, two modalities, by study time',
      json: { sn: 'H001', modalitys: ['CT', 'MR'], sort: 'study_datetime asc' },
      f: { hospital: { all: false, code: 'H001' }, modalities: ['CT', 'MR'] },
      sort: 'study_datetime asc',
    },
    {
      name: 'a report status (the report joined before the page is cut)',
      json: { rpt_status: [0, 2] },
      f: { hospital: { all: true }, rptStatus: [0, 2] },
      sort: 'create_time desc',
    },
    {
      name: 'by report time (the plain join)',
      json: { sort: 'report_datetime desc' },
      f: { hospital: { all: true } },
      sort: 'report_datetime desc',
    },
  ];
  for (const c of cases) {
    it(`answers the reference's rows and total, twice: ${c.name}`, async () => {
      for (const pageNumber of [1, 2, 1]) {
        const got = await apiPage({ ...c.json, pageSize: 10, pageNumber });
        const want = await reference(c.f, c.sort, pageNumber);
        expect(got.list.map((r) => r.pk)).toEqual(want.pks);
        expect(got.totalRow).toBe(want.total);
      }
    });
  }

  it('keeps apart filters whose SQL differs without a value (no such hospital, then every hospital)', async () => {
    expect((await apiPage({ sn: 'NOPE' })).totalRow).toBe(0);
    expect((await apiPage({})).totalRow).toBeGreaterThan(0);
    expect((await apiPage({ sn: 'NOPE' })).totalRow).toBe(0);
  });
});

// Plans and settings of a PostgreSQL server; the embedded database has no parallel workers to start.
if (process.env.TEST_DB === 'postgres') {
  describe('the platform’s PostgreSQL connections', () => {
    it('start no parallel workers', async () => {
      const r = await t.p.deps.db.execute(sql`show max_parallel_workers_per_gather`);
      expect((r as unknown as { rows: Record<string, string>[] }).rows[0]).toEqual({
        max_parallel_workers_per_gather: '0',
      });
    });

    it('count a hospital, modality and date range from the partial index (is_del = 0 is a literal)', async () => {
      const where = studyWhere({
        hospital: { all: false, code: 'H001' },
        modalities: ['CT'],
        startDate: '2020-01-01',
        endDate: '2030-01-01',
      });
      const plan = await t.p.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain ${countQuery(t.p.deps.db, where, false)}`);
      });
      const text = (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('study_live_hosp_mod_dt_idx');
    });
  });
}
