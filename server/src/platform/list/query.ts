import { and, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@shared/schemas/common';
import type { ExportSource } from './xlsx-export';
import {
  superFields,
  type FilterShape,
  type Filters,
  type ListContext,
  type ListSpec,
  type PageQuery,
  type SortFilter,
} from './define';
import { superWhere } from './super-query';

/** The text with LIKE's wildcards and escape character escaped, for a pattern the caller builds. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A LIKE pattern that finds the text anywhere (its wildcards escaped). */
export const likeText = (s: string) => `%${escapeLike(s)}%`;

export function pageResult<T>(list: T[], total: number, pageNumber: number, pageSize: number): Page<T> {
  return { list, totalRow: total, totalPage: Math.ceil(total / pageSize), pageNumber, pageSize };
}

/** The chosen column (or the default) then the tiebreak, nulls last either way. */
export function orderByOf<S extends string>(spec: ListSpec<unknown, FilterShape, S>, q: SortFilter<S>): SQL[] {
  const column = q.column ?? spec.defaultSort.column;
  const dir = sql.raw(q.order ?? (q.column ? 'asc' : spec.defaultSort.order));
  return [sql`${spec.sorts[column]} ${dir} nulls last`, sql`${spec.tiebreak} ${dir}`];
}

async function whereOf<F extends FilterShape, S extends string>(
  spec: ListSpec<unknown, F, S>,
  ctx: ListContext,
  q: SortFilter<S>,
) {
  const where = await spec.where((q.filters ?? {}) as Filters<F>, ctx);
  return and(where, superWhere(superFields(spec), q.superQueryParams, q.superQueryMatchType));
}

/** One page of a list, with its total. */
export async function listPage<T, F extends FilterShape, S extends string>(
  spec: ListSpec<T, F, S>,
  ctx: ListContext,
  q: PageQuery<S>,
): Promise<Page<T>> {
  const where = await whereOf(spec, ctx, q);
  const [rows, total] = await Promise.all([
    spec.rows(ctx, { where, orderBy: orderByOf(spec, q), limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize }),
    spec.count(ctx, where),
  ]);
  return pageResult(rows, total, q.pageNumber, q.pageSize);
}

/** Every row of a list, for the export: the same condition and order as the list, read in batches. */
export async function listSource<T, F extends FilterShape, S extends string>(
  spec: ListSpec<T, F, S>,
  ctx: ListContext,
  q: SortFilter<S>,
): Promise<ExportSource<T>> {
  const where = await whereOf(spec, ctx, q);
  const orderBy = orderByOf(spec, q);
  return {
    count: () => spec.count(ctx, where),
    batch: (limit, offset) => spec.rows(ctx, { where, orderBy, limit, offset }),
  };
}
