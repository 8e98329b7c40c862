import { z } from 'zod';
import { MODALITIES } from '../constants';
import { DateSchema, FilterTextSchema } from './common';

const OptionalDate = DateSchema.or(z.literal('').transform(() => undefined));

/** The favourites list's `filters` keys (GET /collection/list, /collection/exportXls). */
export const COLLECTION_FILTERS = {
  sn: z.string().trim().max(32),
  patient_name: FilterTextSchema,
  startDate: OptionalDate,
  endDate: OptionalDate,
  modalitys: z.array(z.enum(MODALITIES)).max(MODALITIES.length),
  study_desc: FilterTextSchema,
  report_content: FilterTextSchema,
};
export const CollectionFiltersSchema = z.strictObject(COLLECTION_FILTERS).partial();
export type CollectionFilters = z.input<typeof CollectionFiltersSchema>;

/** Its sort columns; the default is create_time (when the favourite was added), newest first. */
export const COLLECTION_SORTS = ['create_time', 'study_datetime', 'report_datetime', 'patient_name'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
