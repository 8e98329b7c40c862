import type { Db } from './client';

/**
 * A prepared statement per database, built on first use. Hot queries (every request authenticates)
 * skip drizzle's query building and PostgreSQL's parse and plan.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let q = cache.get(db);
    if (!q) {
      q = build(db);
      cache.set(db, q);
    }
    return q;
  };
}
