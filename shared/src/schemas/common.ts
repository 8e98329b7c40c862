import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants';

export const DateSchema = z.iso.date();

/** The largest value of a PostgreSQL `integer` (and `serial`) column. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * Every integer a client sends goes through this: whole, within [min, max] where max defaults to what an
 * `integer` column holds, coerced from text (query strings, forms). A bound a schema forgets would reach
 * the database as "out of range" instead of a 400.
 */
export const intInput = (min = 0, max = PG_INT_MAX) => z.coerce.number().int().min(min).max(max);
/** A row key of an `integer`/`serial` column: 1 and up. */
export const pkInput = () => intInput(1);
/** Free-text filter: trimmed, bounded, empty means "no filter". */
export const FilterTextSchema = z.string().trim().max(64);

export const PageRequestSchema = z.object({
  pageNumber: intInput(1, 100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), {
      message: `${PAGE_SIZE_OPTIONS.join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
});

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    list: z.array(item),
    totalRow: z.number().int(),
    totalPage: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  list: T[];
  totalRow: number;
  totalPage: number;
  pageNumber: number;
  pageSize: number;
}

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  msg: z.string(),
  data: z.null(),
  code: z.number().int(),
  error: z.string(),
  errors: z.array(z.object({ field: z.string(), msg: z.string() })).optional(),
});

/**
 * A validation message by key (`msg:<key>`): the server answers it from its catalogue in the caller's
 * language (lib/router.ts issueText) instead of zod's generic text, for rules whose generic text would
 * show a regular expression.
 */
export const msg = (key: string) => ({ message: `msg:${key}` });
