import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PG_INT_MAX } from '@shared/schemas/common';
import type { Db, Tx } from '../db/client';

/** The ids of a batch delete that can be keys of an `integer` column; any other id matches no row. */
export function integerKeys(ids: string[]): number[] {
  return ids
    .filter((id) => /^\d{1,10}$/.test(id))
    .map(Number)
    .filter((n) => n >= 1 && n <= PG_INT_MAX);
}

/**
 * The generic contract's delete (one pk) and batch delete (comma-joined ids): rows with these keys inside
 * `scope` (the caller's hospital, say) go; keys outside it are left alone. `onDeleted` gets the rows as they
 * were, in the same transaction (their audit rows). Answers how many went.
 */
export async function deleteByKeys(
  db: Db,
  table: PgTable,
  key: PgColumn,
  keys: number[],
  scope: SQL | undefined,
  onDeleted?: (tx: Tx, rows: Record<string, unknown>[]) => Promise<void>,
): Promise<number> {
  if (!keys.length) return 0;
  return db.transaction(async (tx) => {
    const gone = (await tx
      .delete(table)
      .where(and(inArray(key, keys), scope))
      .returning()) as Record<string, unknown>[];
    if (gone.length && onDeleted) await onDeleted(tx, gone);
    return gone.length;
  });
}
