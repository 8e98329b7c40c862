import type { MigrationQuery } from './migration-locks';

/**
 * The statistics counts keep days in one zone (stat_rollup_zone). A server started under another TIME_ZONE
 * rebuilds them in its own before serving, so a day counted is the day the direct query would use
 * (docs/decisions.md, "Statistics from counts kept per day"). Returns whether it rebuilt.
 */
export async function alignStatZone(query: MigrationQuery, zone: string): Promise<boolean> {
  const { rows } = await query('select zone from stat_rollup_zone where id = 1');
  if (rows[0]?.zone === zone) return false;
  await query(`select stat_rollup_rebuild('${zone.replaceAll("'", "''")}')`);
  return true;
}

/** The statistics counts' own tables: derived from study and report, never copied or compared as data. */
export const isStatCountTable = (table: string) => table.startsWith('stat_');
