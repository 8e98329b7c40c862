import { z } from 'zod';
import { PageRequestSchema, pkInput } from './common';
import { SUPER_QUERY_MATCH, SuperQueryTextSchema } from './super-query';

/** The generic list contract of spec part 2 section 7: query in, Page out, batch delete, duplicate check. */

export const FILTERS_MAX_BYTES = 4096;
export const BATCH_DELETE_MAX = 500;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** `filters`: a JSON object as text (empty means none). Each list validates the keys it accepts. */
export const FiltersTextSchema = z
  .string()
  .refine((s) => byteLength(s) <= FILTERS_MAX_BYTES, { message: `filters: at most ${FILTERS_MAX_BYTES} bytes` })
  .transform((s, ctx): Record<string, unknown> => {
    if (!s.trim()) return {};
    try {
      const v: unknown = JSON.parse(s);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // answered below
    }
    ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object' });
    return z.NEVER;
  });

/** Sort and filter, without paging: the export's query. */
export const ListSortFilterSchema = z.object({
  column: z.string().trim().max(64).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  filters: FiltersTextSchema.optional(),
  superQueryParams: SuperQueryTextSchema.optional(),
  superQueryMatchType: z.enum(SUPER_QUERY_MATCH).optional(),
});

/** The generic list query (GET query string). `pageSize` is one of PAGE_SIZE_OPTIONS, default 20. */
export const ListQuerySchema = PageRequestSchema.extend(ListSortFilterSchema.shape);
export type ListQuery = z.input<typeof ListQuerySchema>;

/** Comma-joined ids, 1..500, each non-empty; answered as a de-duplicated list. */
export const BatchDeleteSchema = z.object({
  ids: z
    .string()
    .max(BATCH_DELETE_MAX * 65)
    .transform((s) => s.split(',').map((id) => id.trim()))
    .pipe(z.array(z.string().min(1).max(64)).min(1).max(BATCH_DELETE_MAX))
    .transform((ids) => [...new Set(ids)]),
});
export type BatchDelete = z.input<typeof BatchDeleteSchema>;
/** The generic contract's single delete: one row by its key. */
export const DeleteByPkSchema = z.object({ pk: pkInput() });
export const BatchDeleteResultSchema = z.object({ deleted: z.number().int() });

const RowIdSchema = z.union([
  z.number().int().min(1),
  z
    .string()
    .trim()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

/** Is this value free? pk / dataId: the row being edited, left out of the check. */
export const DuplicateCheckSchema = z.object({
  tableName: z.string().trim().min(1).max(64),
  fieldName: z.string().trim().min(1).max(64),
  fieldVal: z.union([z.string(), z.number().transform(String)]).pipe(z.string().trim().min(1).max(256)),
  pk: RowIdSchema.optional().or(z.literal('').transform(() => undefined)),
  dataId: RowIdSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type DuplicateCheck = z.input<typeof DuplicateCheckSchema>;

/**
 * An xlsx import's answer. All or nothing: code 200 when every row went in (imported = inserted + updated +
 * unchanged), else 400 with each refused row in details and nothing written.
 */
export const ImportDetailSchema = z.object({ row: z.number().int(), field: z.string(), msg: z.string() });
export type ImportDetail = z.infer<typeof ImportDetailSchema>;
export const ImportResultSchema = z.object({
  imported: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  details: z.array(ImportDetailSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
