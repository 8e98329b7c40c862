import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PG_INT_MAX } from '@shared/schemas/common';
import type { Db } from '../../db/client';

/** The ids of a batch delete that can be keys of an `integer` column; any other id matches no row. */
export function integerKeys(ids: string[]): number[] {
  return ids
    .filter((id) => /^\d{1,10}$/.test(id))
    .map(Number)
    .filter((n) => n >= 1 && n <= PG_INT_MAX);
}

/**
 * The generic contract's delete (one pk) and batch delete (comma-joined ids): rows with these keys inside
 * `scope` (the caller's hospital, say) go; keys outside it are left alone. Answers how many went.
 */
export async function deleteByKeys(
  db: Db,
  table: PgTable,
  key: PgColumn,
  keys: number[],
  scope: SQL | undefined,
): Promise<number> {
  if (!keys.length) return 0;
  const gone = await db
    .delete(table)
    .where(and(inArray(key, keys), scope))
    .returning({ key });
  return gone.length;
}
