import { z } from 'zod';
import { msg } from './common';

/**
 * The generic list's advanced query (spec part 2 section 7, `superQueryParams`), in the JeecgBoot form: a
 * JSON array of `{field, rule, val}` conditions, joined by `superQueryMatchType` (and, the default, or or).
 * Each list accepts only its own sortable columns as fields, and each rule only where it fits the column
 * (server/src/platform/list/super-query.ts); the list's own scope always applies on top.
 */
export const SUPER_QUERY_RULES = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'like',
  'left_like',
  'right_like',
  'in',
  'empty',
  'not_empty',
] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];
/** Rules that take no value. */
export const SUPER_QUERY_NO_VALUE: readonly SuperQueryRule[] = ['empty', 'not_empty'];
export const SUPER_QUERY_MATCH = ['and', 'or'] as const;
export const SUPER_QUERY_MAX_CONDITIONS = 20;
export const SUPER_QUERY_MAX_IN = 50;
export const SUPER_QUERY_MAX_BYTES = 4096;

const Scalar = z.union([z.string().max(256), z.number(), z.boolean()]).transform(String);

export const SuperConditionSchema = z
  .object({
    field: z.string().trim().min(1).max(64),
    rule: z.enum(SUPER_QUERY_RULES),
    /** A value; for `in` a list or comma-joined text. Other keys JeecgBoot sends (type, dbType) are ignored. */
    val: z.union([Scalar, z.array(Scalar).max(SUPER_QUERY_MAX_IN)]).optional(),
  })
  .refine(
    (c) =>
      SUPER_QUERY_NO_VALUE.includes(c.rule) || (Array.isArray(c.val) ? c.val.length > 0 : (c.val ?? '').trim() !== ''),
    { path: ['val'], ...msg('superQueryValue') },
  );
export type SuperCondition = z.output<typeof SuperConditionSchema>;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** `superQueryParams`: the JSON text (JeecgBoot's URI-encoded form too); empty means none. */
export const SuperQueryTextSchema = z
  .string()
  .refine((s) => byteLength(s) <= SUPER_QUERY_MAX_BYTES, msg('superQueryJson'))
  .transform((s, ctx): unknown => {
    let text = s.trim();
    if (!text) return [];
    try {
      if (text.startsWith('%')) text = decodeURIComponent(text);
      const v: unknown = JSON.parse(text);
      if (Array.isArray(v)) return v;
    } catch {
      // answered below
    }
    ctx.addIssue({ code: 'custom', ...msg('superQueryJson') });
    return z.NEVER;
  })
  .pipe(z.array(SuperConditionSchema).max(SUPER_QUERY_MAX_CONDITIONS));
