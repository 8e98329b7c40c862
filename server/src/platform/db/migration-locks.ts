import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a migration locks while it runs, read from its SQL, so a server about to apply it can say so before
 * it starts (an upgrade on a large table holds writes, or everything, for as long as the statement takes).
 * PostgreSQL's rules (the "Explicit Locking" chapter), for the statements drizzle writes.
 */
export interface MigrationLock {
  table: string;
  /** ACCESS EXCLUSIVE: nothing reads or writes the table; SHARE and SHARE ROW EXCLUSIVE: reads go on, writes wait. */
  lock: 'ACCESS EXCLUSIVE' | 'EXCLUSIVE' | 'SHARE' | 'SHARE ROW EXCLUSIVE' | 'SHARE UPDATE EXCLUSIVE' | 'ROW EXCLUSIVE';
  /** The statement reads or rewrites every row: its time grows with the table. */
  wholeTable: boolean;
}

const TABLE = String.raw`(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?`;
const rules: { re: RegExp; lock: MigrationLock['lock']; wholeTable: (s: string) => boolean }[] = [
  // CONCURRENTLY takes SHARE UPDATE EXCLUSIVE: reads and writes go on
  { re: new RegExp(`^CREATE (?:UNIQUE )?INDEX (?!CONCURRENTLY)(?:IF NOT EXISTS )?\\S+ ON ${TABLE}`, 'i'), lock: 'SHARE', wholeTable: () => true },
  {
    re: new RegExp(`^ALTER TABLE (?:ONLY )?${TABLE} ADD CONSTRAINT \\S+ FOREIGN KEY`, 'i'),
    lock: 'SHARE ROW EXCLUSIVE',
    wholeTable: (s) => !/NOT VALID/i.test(s),
  },
  {
    re: new RegExp(`^ALTER TABLE (?:ONLY )?${TABLE}`, 'i'),
    lock: 'ACCESS EXCLUSIVE',
    // a volatile default (a function call) or a type change rewrites every row; a constant default does not
    wholeTable: (s) => /ADD COLUMN [^;]*DEFAULT [^;]*\(/i.test(s) || /\bTYPE\b|SET NOT NULL|ADD CONSTRAINT [^;]*CHECK/i.test(s),
  },
  { re: new RegExp(`^CREATE (?:OR REPLACE )?TRIGGER \\S+ [^;]*? ON ${TABLE}`, 'i'), lock: 'SHARE ROW EXCLUSIVE', wholeTable: () => false },
  { re: new RegExp(`^(?:UPDATE|DELETE FROM) ${TABLE}`, 'i'), lock: 'ROW EXCLUSIVE', wholeTable: (s) => !/\bWHERE\b/i.test(s) },
  { re: new RegExp(`^(?:DROP TABLE|TRUNCATE)(?: IF EXISTS)? ${TABLE}`, 'i'), lock: 'ACCESS EXCLUSIVE', wholeTable: () => false },
]; // prettier-ignore

const LOCK_TABLE =
  /^LOCK (?:TABLE )?(?:ONLY )?(.+?) IN (ACCESS EXCLUSIVE|EXCLUSIVE|SHARE ROW EXCLUSIVE|SHARE UPDATE EXCLUSIVE|SHARE|ROW EXCLUSIVE) MODE/i;

/**
 * The statements of a drizzle migration file, comments and blank lines dropped. A dollar-quoted body (a
 * function's) is emptied first: what it does runs when the function is called, not when it is created.
 */
export function statementsOf(sql: string): string[] {
  return sql
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, (_, tag: string) => `$${tag}$$${tag}$`)
    .split(/-->\s*statement-breakpoint|;\s*$/m)
    .map((s) =>
      s
        .replace(/^\s*--.*$/gm, '')
        .trim()
        .replace(/;$/, ''),
    )
    .filter(Boolean);
}

/** The locks a migration's statements take on tables that already exist (tables it creates are its own). */
export function locksOf(sql: string): MigrationLock[] {
  const created = new Set<string>();
  const out: MigrationLock[] = [];
  for (const s of statementsOf(sql)) {
    const made = new RegExp(`^CREATE TABLE (?:IF NOT EXISTS )?${TABLE}`, 'i').exec(s);
    if (made) {
      created.add(made[1]!);
      continue;
    }
    // an explicit lock is held to the end of the migration's transaction, through whatever follows it
    const locked = LOCK_TABLE.exec(s);
    if (locked) {
      for (const name of locked[1]!.split(',')) {
        const table = new RegExp(`^\\s*${TABLE}\\s*$`, 'i').exec(name)?.[1];
        const lock = locked[2]!.toUpperCase() as MigrationLock['lock'];
        if (table && !created.has(table)) out.push({ table, lock, wholeTable: true });
      }
      continue;
    }
    for (const rule of rules) {
      const m = rule.re.exec(s);
      if (!m) continue;
      if (!created.has(m[1]!)) out.push({ table: m[1]!, lock: rule.lock, wholeTable: rule.wholeTable(s) });
      // A foreign key locks the table it references too (writes wait), while the new key is checked.
      const ref = new RegExp(`REFERENCES ${TABLE}`, 'i').exec(s);
      if (rule.lock === 'SHARE ROW EXCLUSIVE' && ref && !created.has(ref[1]!)) {
        out.push({ table: ref[1]!, lock: 'SHARE ROW EXCLUSIVE', wholeTable: false });
      }
      break;
    }
  }
  return out;
}

/** The migrations of this build newer than `applied` (the newest applied one's time), with their locks. */
export function pendingMigrations(folder: string, applied: number | null): { tag: string; locks: MigrationLock[] }[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries
    .filter((e) => applied === null || e.when > applied)
    .map((e) => ({ tag: e.tag, locks: locksOf(readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8')) }));
}

export type MigrationQuery = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Tells `onLock` of each lock the migrations newer than `applied` will take on an existing table, with the
 * table's estimated rows (the planner's count: free to read). A new database (`applied` null): nothing.
 */
export async function announceMigrationLocks(
  query: MigrationQuery,
  folder: string,
  applied: number | null,
  onLock: (lock: MigrationLock & { migration: string; rows: number }) => void,
): Promise<void> {
  if (applied === null) return;
  for (const m of pendingMigrations(folder, applied))
    for (const lock of m.locks) {
      // the name matched [a-z_][a-z0-9_]*: safe in the text
      const r = await query(
        `select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass('public.${lock.table}')`,
      );
      onLock({ ...lock, migration: m.tag, rows: Number(r.rows[0]?.n ?? 0) });
    }
}
