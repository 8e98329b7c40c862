import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants';

export const DateSchema = z.iso.date();
/** Free-text filter: trimmed, bounded, empty means "no filter". */
export const FilterTextSchema = z.string().trim().max(64);

export const PageRequestSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
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
