import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/platform/db/client';
import { isStatCountTable } from '../../server/src/platform/db/stat-zone';

/** Tables whose every row is summed up, not only counted: a refused call must not touch a report. */
const CHECKSUMMED = ['report', 'report_version', 'study'];

/**
 * Row counts of every table of the public schema and an md5 over the rows of the report tables, in one
 * query. Two equal fingerprints mean nothing was added, removed or (in the report tables) changed.
 */
export async function fingerprinter(db: Db): Promise<() => Promise<Record<string, string>>> {
  const tables = (
    (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as {
      rows: { tablename: string }[];
    }
  ).rows
    .map((r) => r.tablename)
    .filter((t) => !isStatCountTable(t)); // kept from study and report: a change shows there
  for (const t of CHECKSUMMED) if (!tables.includes(t)) throw new Error(`no table ${t}`);
  const columns = [
    ...tables.map((t) => `(select count(*) from "${t}")::text as "${t}"`),
    ...CHECKSUMMED.map(
      (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${t}" x) as "md5 ${t}"`,
    ),
  ];
  const query = sql.raw(`select ${columns.join(', ')}`);
  return async () => ((await db.execute(query)) as { rows: Record<string, string>[] }).rows[0]!;
}

/** The entries of `after` that differ from `before`, for a readable failure. */
export function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k]} -> ${after[k]}`);
}
