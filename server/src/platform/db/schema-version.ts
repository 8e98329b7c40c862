import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The newest migration this build carries (drizzle's journal: `when` is the migration's creation time, ms). */
export function newestKnownMigration(migrationsFolder: string): { when: number; tag: string } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.reduce((a, b) => (b.when > a.when ? b : a));
}

export class NewerDatabase extends Error {}

/**
 * Refuses a database a newer build has migrated: drizzle's migrator would apply nothing (it only looks for
 * migrations newer than the last applied) and this build would then run against tables it does not know.
 * `applied` is the newest created_at in drizzle.__drizzle_migrations, null on a new database.
 */
export function assertNotNewer(applied: number | null, known: { when: number; tag: string }): void {
  if (applied === null || applied <= known.when) return;
  throw new NewerDatabase(
    `The database was migrated by a newer version of this server (a migration of ${new Date(applied).toISOString()}; ` +
      `this version knows migrations up to ${known.tag}). Start the newer version, or restore a backup taken before ` +
      'the upgrade: running an older version on it could damage data.',
  );
}

/** The newest applied migration's time, from a query runner returning rows; null when none has run. */
export async function newestAppliedMigration(
  query: (sql: string) => Promise<{ rows: { newest: string | number | null }[] }>,
): Promise<number | null> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as newest`);
  if (!exists.rows[0]?.newest) return null;
  const r = await query('select max(created_at) as newest from drizzle.__drizzle_migrations');
  const v = r.rows[0]?.newest;
  return v === null || v === undefined ? null : Number(v);
}
