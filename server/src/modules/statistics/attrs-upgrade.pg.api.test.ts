import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { throwawayDatabase } from '../../../../tests/support/child-server';
import { until } from '../../../../tests/support/until';
import * as schema from '../../platform/db/schema';
import { ROLLUP_HOSPITAL } from './rollup.test-helpers';

// PostgreSQL only: a write from another process while the migration runs (a rolling upgrade, docs/deploy.md).
/**
 * 0038 (and 0039, the study's grade) backfill the attribute counts from the studies while the old build may still be writing them with the
 * old stat_apply, which knows nothing of those counts. A study write in flight when the backfill reads must be
 * in its snapshot, or be made after the new functions are in place: otherwise it is counted by neither.
 */
const folder = path.join(import.meta.dirname, '../../platform/db/migrations');
let url = '';
let drop = async () => {};
let before = '';
const clients: pg.Client[] = [];

async function connect() {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  clients.push(c);
  return c;
}

/** The migrations folder as the release before 0038 had it. */
function foldersUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rx-mig-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  journal.entries = journal.entries.slice(0, upTo + 1);
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
  before = foldersUpTo('0037_report_job_critical');
  const c = await connect();
  const db = drizzle(c, { schema });
  await migrate(db, { migrationsFolder: before });
  await db.insert(schema.hospital).values([{ code: 'H001', sn: 'H-01', name: 'One' }, ROLLUP_HOSPITAL]);
  // written in SQL: this build's schema has columns the release before it does not
  await c.query(`insert into study (study_iuid, hospital_code, patient_id, patient_age, patient_sex, patient_phone,
      sq_doctor, modality, study_desc, patient_type, study_datetime, create_time, is_del)
    select '1.2.826.0.1.3680043.38.' || i, (array['H001', '${ROLLUP_HOSPITAL.code}'])[i % 2 + 1], 'P' || i % 7,
      (array['045Y', '003M', '081Y', ''])[i % 4 + 1], (array['M', 'F', 'O', ''])[i % 4 + 1],
      (array['13800138000', ' ', ''])[i % 3 + 1], (array['Dr Wang', 'Dr Li', ''])[i % 3 + 1],
      (array['CT', 'ct', 'DR', 'MR', ''])[i % 5 + 1], (array['Head', 'Chest', ''])[i % 3 + 1], i % 6,
      timestamptz '2026-05-30 10:00Z' + make_interval(hours => i * 7), timestamptz '2026-05-30 09:00Z' + make_interval(hours => i * 5),
      (i % 10 = 9)::int
    from generate_series(1, 40) i`);
  // quality records made before 0039: the latest graded one of the study's hospital is its grade
  await c.query(`insert into quality_record (study_iuid, hospital_code, image_quality, create_time)
    select study_iuid, hospital_code, g, timestamp '2026-03-01' + make_interval(days => coalesce(g, 9))
    from study, (values (1), (4), (null)) v (g) where pk % 3 <> 0 and (g is not null or pk % 2 = 0)`);
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.end().catch(() => {});
  await drop();
  rmSync(before, { recursive: true, force: true });
});

// the counts table against the same facts read from the studies now: rows that differ
const MISMATCH = `
  with direct as (
    select f.basis, f.day, f.hospital_code, f.attr, f.value, sum(f.studies)::int as studies
    from study s cross join lateral stat_attr_facts(s, stat_zone(), 1) f group by 1, 2, 3, 4, 5),
  kept as (
    select basis, day, hospital_code, attr, value, studies from stat_attr_day where studies <> 0)
  select count(*)::int as n from ((table direct except table kept) union all (table kept except table direct)) d`;

describe('the attribute counts migration beside a running writer', () => {
  it('counts a study written by the old build while the backfill runs', async () => {
    const writer = await connect();
    const [{ pk }] = (await writer.query<{ pk: string }>('select min(pk) as pk from study where is_del = 0')).rows as [
      { pk: string },
    ];
    // The old build changes a fact only the new counts read; its triggers (the old stat_study_counted) let it by.
    await writer.query('begin');
    await writer.query(
      `update study set patient_sex = 'X', patient_phone = '', sq_doctor = 'Dr Upgrade' where pk = $1`,
      [pk],
    );

    const migrator = await connect();
    const migratorPid = (await migrator.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const migrating = migrate(drizzle(migrator, { schema }), { migrationsFolder: folder });
    const watcher = await connect();
    // the migration waits on the writer's lock on study, or has finished without waiting
    let finished = false;
    void migrating.then(() => (finished = true));
    await until('the migration to wait for the writer, or finish', async () => {
      if (finished) return true;
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`,
        [migratorPid],
      );
      return rows[0]!.n > 0;
    });
    await writer.query('commit');
    await migrating;

    const { rows } = await watcher.query<{ n: number }>(MISMATCH);
    expect(rows[0]!.n).toBe(0);
    const sqdoc = await watcher.query<{ n: number }>(
      `select coalesce(sum(studies), 0)::int as n from stat_attr_day where attr = 'sqdoc' and value = 'Dr Upgrade'`,
    );
    expect(sqdoc.rows[0]!.n).toBe(1);
    const graded = await watcher.query<{ graded: number; wrong: number }>(
      `select count(image_grade)::int as graded,
         count(*) filter (where image_grade is distinct from stat_latest_grade(study_iuid, hospital_code))::int as wrong
       from study`,
    );
    expect(graded.rows[0]).toEqual({ graded: expect.any(Number), wrong: 0 });
    expect(graded.rows[0]!.graded).toBeGreaterThan(10);
  });
});
