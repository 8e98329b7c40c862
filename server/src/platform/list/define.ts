import { z } from 'zod';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { PageRequestSchema } from '@shared/schemas/common';
import { FiltersTextSchema, ListSortFilterSchema, type SortOrder } from '@shared/schemas/list';
import type { AuthUser } from '../core/auth-user';
import type { SuperCondition } from '@shared/schemas/super-query';
import type { Db } from '../db/client';
import { superFieldsOf, superQuerySchema, type SuperField } from './super-query';

export type FilterShape = Record<string, z.ZodType>;
export type Filters<F extends FilterShape> = Partial<z.output<z.ZodObject<F>>>;

export interface ListContext {
  db: Db;
  user: AuthUser;
}

export interface RowsQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * One list screen's whitelist: the sortable columns, the filter keys with their types, and how to
 * turn accepted filters into a condition (hospital scope included). Names outside it never reach SQL.
 */
export interface ListSpec<T, F extends FilterShape, S extends string> {
  /** For the audit log and error messages. */
  name: string;
  sorts: Record<S, AnyColumn | SQL>;
  defaultSort: { column: NoInfer<S>; order: SortOrder };
  /** A unique column in the sort direction after the chosen one, so pages and export batches are stable. */
  tiebreak: AnyColumn;
  filters: F;
  where(filters: Filters<F>, ctx: ListContext): Promise<SQL | undefined> | SQL | undefined;
  rows(ctx: ListContext, q: RowsQuery): Promise<T[]>;
  count(ctx: ListContext, where: SQL | undefined): Promise<number>;
}

export function defineList<T, F extends FilterShape, S extends string>(spec: ListSpec<T, F, S>) {
  return spec;
}

function sortFilterShape<F extends FilterShape, S extends string>(spec: ListSpec<unknown, F, S>) {
  const columns = Object.keys(spec.sorts) as [S, ...S[]];
  return {
    ...ListSortFilterSchema.shape,
    column: z
      .enum(columns)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    filters: FiltersTextSchema.pipe(z.strictObject(spec.filters).partial()).optional(),
    superQueryParams: superQuerySchema(superFields(spec)).optional(),
  };
}

const fieldsBySpec = new WeakMap<object, Record<string, SuperField>>();

/** The fields the list's advanced query (superQueryParams) accepts: its sortable columns. */
export function superFields(spec: ListSpec<unknown, FilterShape, string>): Record<string, SuperField> {
  let fields = fieldsBySpec.get(spec);
  if (!fields) fieldsBySpec.set(spec, (fields = superFieldsOf(spec.sorts)));
  return fields;
}

/** The GET query of a list: page, sort limited to its columns, filters limited to its keys. */
export function listQuerySchema<F extends FilterShape, S extends string>(spec: ListSpec<unknown, F, S>) {
  return PageRequestSchema.extend(sortFilterShape(spec));
}

/** The export's query: the list's sort and filters, no paging. */
export function exportQuerySchema<F extends FilterShape, S extends string>(spec: ListSpec<unknown, F, S>) {
  return z.object(sortFilterShape(spec));
}

export interface SortFilter<S extends string> {
  column?: S | undefined;
  order?: SortOrder | undefined;
  filters?: Record<string, unknown> | undefined;
  superQueryParams?: SuperCondition[] | undefined;
  superQueryMatchType?: 'and' | 'or' | undefined;
}
export type PageQuery<S extends string> = SortFilter<S> & { pageNumber: number; pageSize: number };

/**
 * The same contract as a JSON body (POST lists such as /hospital/list): `filters` may be the JSON text the
 * GET form takes or the object itself; unknown keys are refused.
 */
export function listBodySchema<F extends FilterShape, S extends string>(spec: ListSpec<unknown, F, S>) {
  const { filters: _text, ...rest } = sortFilterShape(spec);
  const strict = z.strictObject(spec.filters).partial();
  return z.strictObject({
    ...PageRequestSchema.shape,
    ...rest,
    filters: z.union([FiltersTextSchema.pipe(strict), strict]).optional(),
  });
}
