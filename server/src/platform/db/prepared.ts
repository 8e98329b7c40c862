import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

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

const dialect = new PgDialect();

/**
 * A named statement on `db` or a transaction's connection, for SQL with `sql.placeholder` values: the
 * connection parses and plans it once, later executions send only the values.
 */
export const namedStatement = (db: DbOrTx, name: string, query: SQL) =>
  db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
