import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locksOf, pendingMigrations } from './migration-locks';

const folder = path.join(import.meta.dirname, 'migrations');
const migration = (tag: string) => readFileSync(path.join(folder, `${tag}.sql`), 'utf8');

describe('what a migration locks', () => {
  it('reads the locks of the migrations as drizzle wrote them', () => {
    // a volatile default rewrites the whole study table, under a lock nothing passes
    expect(locksOf(migration('0026_patient_lookup_code'))).toEqual([
      { table: 'study', lock: 'ACCESS EXCLUSIVE', wholeTable: true },
    ]);
    // a constant default: the same lock, but brief
    expect(locksOf(migration('0027_study_patient_pn'))).toEqual([
      { table: 'study', lock: 'ACCESS EXCLUSIVE', wholeTable: false },
    ]);
    // an index build: reads go on, writes wait for the whole build
    expect(locksOf(migration('0024_quality_record_study_index'))).toEqual([
      { table: 'quality_record', lock: 'SHARE', wholeTable: true },
    ]);
    // a new table locks nothing anyone uses, nor do its own indexes and keys
    expect(locksOf(migration('0028_installation'))).toEqual([]);
    // ... but its foreign keys lock the tables they reference, briefly (the new table is empty)
    expect(locksOf(migration('0029_report_signature'))).toEqual([
      { table: 'hospital', lock: 'ACCESS EXCLUSIVE', wholeTable: false },
      { table: 'report', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false },
      { table: 'report_version', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false },
    ]);
    // a trigger holds writes to its table (a function's body, split at its semicolons, locks nothing)
    expect(locksOf(migration('0035_statistics_rollup'))).toEqual([
      ...Array(4).fill({ table: 'report', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false }),
      ...Array(5).fill({ table: 'study', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false }),
      { table: 'report', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false },
    ]);
  });

  it("reads an explicit lock, held to the commit, and nothing from a function's body", () => {
    // the attribute counts' backfill holds writes to study until the migration commits
    expect(locksOf(migration('0038_statistics_attrs'))).toEqual([{ table: 'study', lock: 'SHARE', wholeTable: true }]);
    const sql = [
      'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $body$ BEGIN\n  DELETE FROM report;\n  UPDATE study SET x = 1;\nEND $body$;',
      'CREATE FUNCTION g() RETURNS void LANGUAGE sql AS $$\n  DELETE FROM hospital;\n$$;',
      'LOCK TABLE ONLY "report", public.study IN SHARE ROW EXCLUSIVE MODE;',
    ].join('--> statement-breakpoint\n');
    expect(locksOf(sql)).toEqual([
      { table: 'report', lock: 'SHARE ROW EXCLUSIVE', wholeTable: true },
      { table: 'study', lock: 'SHARE ROW EXCLUSIVE', wholeTable: true },
    ]);
  });

  it('tells concurrent index builds, foreign keys, updates and drops apart', () => {
    const sql = [
      'CREATE INDEX CONCURRENTLY "a_idx" ON "report" USING btree ("x");',
      'ALTER TABLE "report" ADD CONSTRAINT "fk" FOREIGN KEY ("h") REFERENCES "public"."hospital"("code");',
      'ALTER TABLE "report" ADD CONSTRAINT "fk2" FOREIGN KEY ("h") REFERENCES "public"."hospital"("code") NOT VALID;',
      'UPDATE "study" SET "x" = 1;',
      'UPDATE "study" SET "x" = 1 WHERE "pk" = 3;',
      'DROP TABLE IF EXISTS "old_things";',
    ].join('--> statement-breakpoint\n');
    expect(locksOf(sql)).toEqual([
      { table: 'report', lock: 'SHARE ROW EXCLUSIVE', wholeTable: true },
      { table: 'hospital', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false },
      { table: 'report', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false },
      { table: 'hospital', lock: 'SHARE ROW EXCLUSIVE', wholeTable: false },
      { table: 'study', lock: 'ROW EXCLUSIVE', wholeTable: true },
      { table: 'study', lock: 'ROW EXCLUSIVE', wholeTable: false },
      { table: 'old_things', lock: 'ACCESS EXCLUSIVE', wholeTable: false },
    ]);
  });

  it('lists the migrations newer than the newest applied one', () => {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    const before27 = journal.entries.find((e) => e.tag === '0026_patient_lookup_code')!.when;
    expect(pendingMigrations(folder, before27).map((m) => m.tag)).toEqual(
      journal.entries.filter((e) => e.when > before27).map((e) => e.tag),
    );
    expect(pendingMigrations(folder, journal.entries.at(-1)!.when)).toEqual([]);
  });
});
