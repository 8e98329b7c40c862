import { and, sql } from 'drizzle-orm';
import type { OrderSort } from '@shared/schemas/order';
import type { Db } from '../../platform/db/client';
import { placeholders } from './binder';
import { pageQuery, type PageWindow } from './page';
import { countQuery, reportWhere, studyOnlyWhere, type StudyFilter } from './query';

/** More shapes than this run unprepared (each is a statement on every pooled connection). */
const MAX_SHAPES = 256;

function prepare(db: Db, name: string, f: StudyFilter, sort: OrderSort) {
  const { binder } = placeholders();
  const where = { study: studyOnlyWhere(f, binder), report: reportWhere(f, binder) };
  const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  return {
    page: pageQuery(db, sql.placeholder('userPk'), where, sort, window).prepare(`${name}_page`),
    count: countQuery(db, and(where.study, where.report), !!where.report).prepare(`${name}_count`),
  };
}
type Statements = ReturnType<typeof prepare>;

const perDb = new WeakMap<Db, Map<string, Statements>>();

/**
 * The worklist's page and count as prepared statements, one pair per filter shape (which conditions,
 * which sort): a page turn or refresh skips drizzle's query building and PostgreSQL's parse and plan.
 * Undefined when the cache is full.
 */
export function worklistStatements(db: Db, f: StudyFilter, sort: OrderSort) {
  const { binder, values, shape } = placeholders();
  studyOnlyWhere(f, binder);
  reportWhere(f, binder);
  const key = `${sort}|${shape()}`;
  let shapes = perDb.get(db);
  if (!shapes) perDb.set(db, (shapes = new Map()));
  let st = shapes.get(key);
  if (!st) {
    if (shapes.size >= MAX_SHAPES) return undefined;
    st = prepare(db, `rx_worklist_${shapes.size}`, f, sort);
    shapes.set(key, st);
  }
  const { page, count } = st;
  return {
    page: (userPk: number, w: PageWindow) => page.execute({ ...values, userPk, ...w }),
    count: async () => Number((await count.execute(values))[0]?.n ?? 0),
  };
}
