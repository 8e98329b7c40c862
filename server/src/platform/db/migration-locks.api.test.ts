import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { throwawayDatabase } from '../../../../tests/support/child-server';
import { openDatabase, type Database } from './client';
import { announceMigrationLocks } from './migration-locks';
import { sql } from 'drizzle-orm';
import { seedDemo } from './seed/demo';
import { ensureBaseData } from './seed/base';

/**
 * A server about to apply migrations to a database in use says what each will lock, with the table's size,
 * before it runs (embedded database and PostgreSQL: the size comes from each one's catalogue).
 */
const folder = path.join(import.meta.dirname, 'migrations');
let dir = '';
let drop = async () => {};
let database: Database;
let studies = 0;
let users = 0;
let hospitals = 0;
let reports = 0;
let versions = 0;
let jobs = 0;
let graded = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rxpacs-locks-'));
  let url: string | undefined;
  if (process.env.TEST_DB === 'postgres') ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
  database = await openDatabase({
    url,
    dataDir: 'memory://',
    prepare: async (db) => {
      await ensureBaseData(db, 'Admin@123');
      await seedDemo(db);
    },
  });
  await database.db.execute(sql`analyze study`);
  await database.db.execute(sql`analyze hospital`);
  await database.db.execute(sql`analyze report`);
  await database.db.execute(sql`analyze report_version`);
  await database.db.execute(sql`analyze sys_user`);
  await database.db.execute(sql`analyze report_job`);
  await database.db.execute(sql`analyze quality_record`);
  studies = Number((await run('select count(*) as n from study')).rows[0]!.n);
  hospitals = Number((await run('select count(*) as n from hospital')).rows[0]!.n);
  users = Number((await run('select count(*) as n from sys_user')).rows[0]!.n);
  reports = Number((await run('select count(*) as n from report')).rows[0]!.n);
  versions = Number((await run('select count(*) as n from report_version')).rows[0]!.n);
  jobs = Number((await run('select count(*) as n from report_job')).rows[0]!.n);
  graded = Number((await run('select count(*) as n from quality_record')).rows[0]!.n);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const run = (q: string) => database.db.execute(sql.raw(q)) as Promise<{ rows: Record<string, unknown>[] }>;

describe('migration locks announced before they run', () => {
  it("names each migration's lock on an existing table with the table's estimated rows", async () => {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    // as if the database had been migrated up to 0025 only
    const applied = journal.entries.find((e) => e.tag === '0025_role_hospital')!.when;
    const told: unknown[] = [];
    await announceMigrationLocks(run, folder, applied, (l) => told.push(l));
    expect(told).toEqual([
      {
        migration: '0026_patient_lookup_code',
        table: 'study',
        lock: 'ACCESS EXCLUSIVE',
        wholeTable: true,
        rows: studies,
      },
      {
        migration: '0027_study_patient_pn',
        table: 'study',
        lock: 'ACCESS EXCLUSIVE',
        wholeTable: false,
        rows: studies,
      },
      // a column with a constant default, and foreign keys from a new, empty table: brief
      {
        migration: '0029_report_signature',
        table: 'hospital',
        lock: 'ACCESS EXCLUSIVE',
        wholeTable: false,
        rows: hospitals,
      },
      {
        migration: '0029_report_signature',
        table: 'report',
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows: reports,
      },
      {
        migration: '0029_report_signature',
        table: 'report_version',
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows: versions,
      },
      // columns with constant defaults and a foreign key from a new table (brief), then the recycle bin's
      // partial index, built from the whole table
      // (deleted_at, deleted_by, delete_reason)
      ...Array.from({ length: 3 }, () => ({
        migration: '0030_his_orders',
        table: 'study',
        lock: 'ACCESS EXCLUSIVE',
        wholeTable: false,
        rows: studies,
      })),
      {
        migration: '0030_his_orders',
        table: 'study',
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows: studies,
      },
      {
        migration: '0030_his_orders',
        table: 'study',
        lock: 'SHARE',
        wholeTable: true,
        rows: studies,
      },
      // dropping a NOT NULL and a column with a constant default: catalogue changes only
      ...['oauth_token', 'sys_app'].map((table) => ({
        migration: '0031_fhir_orders',
        table,
        lock: 'ACCESS EXCLUSIVE',
        wholeTable: false,
        rows: 0,
      })),
      // two columns with constant defaults, the renaming of repeated names, and the unique name index built
      // from the whole (small) table
      ...(['ACCESS EXCLUSIVE', 'ACCESS EXCLUSIVE', 'ROW EXCLUSIVE', 'SHARE'] as const).map((lock) => ({
        migration: '0032_layout_drafts',
        table: 'layout_template',
        lock,
        wholeTable: lock === 'SHARE',
        rows: 0,
      })),
      // a new table's foreign keys to report and study (brief: the new table is empty)
      ...[
        ['report', reports],
        ['study', studies],
      ].map(([table, rows]) => ({
        migration: '0033_critical_results',
        table,
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows,
      })),
      // the addenda's foreign keys to report and report_version (brief: the new table is empty)
      ...[
        ['report', reports],
        ['report_version', versions],
      ].map(([table, rows]) => ({
        migration: '0034_report_addenda',
        table,
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows,
      })),
      // the statistics counts' triggers (brief each, but held through the backfill, which reads both tables)
      ...[
        ...Array<[string, number]>(4).fill(['report', reports]),
        ...Array<[string, number]>(5).fill(['study', studies]),
        ['report', reports],
      ].map(([table, rows]) => ({
        migration: '0035_statistics_rollup',
        table,
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows,
      })),
      // the viewer's saved marks: foreign keys to sys_user and study (brief: the new table is empty)
      ...[
        ['sys_user', users],
        ['study', studies],
      ].map(([table, rows]) => ({
        migration: '0036_viewer_annotations',
        table,
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows,
      })),
      // a critical value's HIS message: version_pk may be null (catalogue only), a nullable column, and its
      // foreign key to critical_result, checked over the whole report_job (every row null: one read of it)
      ...(['ACCESS EXCLUSIVE', 'ACCESS EXCLUSIVE', 'SHARE ROW EXCLUSIVE'] as const).map((lock) => ({
        migration: '0037_report_job_critical',
        table: 'report_job',
        lock,
        wholeTable: lock === 'SHARE ROW EXCLUSIVE',
        rows: jobs,
      })),
      {
        migration: '0037_report_job_critical',
        table: 'critical_result',
        lock: 'SHARE ROW EXCLUSIVE',
        wholeTable: false,
        rows: 0,
      },
      // the attribute counts' backfill: writes to study wait until it commits (its functions' bodies lock nothing)
      { migration: '0038_statistics_attrs', table: 'study', lock: 'SHARE', wholeTable: true, rows: studies },
      // the study's grade: a new column (brief), then closed through the grades' backfill; triggers on both tables
      ...(
        [
          ['study', 'ACCESS EXCLUSIVE', false, studies],
          ['study', 'ACCESS EXCLUSIVE', true, studies],
          ['quality_record', 'SHARE ROW EXCLUSIVE', false, graded],
          ['study', 'SHARE ROW EXCLUSIVE', false, studies],
        ] as const
      ).map(([table, lock, wholeTable, rows]) => ({
        migration: '0039_statistics_grade',
        table,
        lock,
        wholeTable,
        rows,
      })),
    ]);
    told.length = 0;
    await announceMigrationLocks(run, folder, null, (l) => told.push(l));
    expect(told).toEqual([]);
  });
});
