import { z } from 'zod';
import { MODALITIES, NAME_MAX, NAME_MIN } from '../constants';
import { FilterTextSchema, pkInput } from './common';
import { BATCH_DELETE_MAX } from './list';

const MONEY_MAX = 99_999_999.99; // numeric(10, 2)
const Money = z.coerce.number().positive().multipleOf(0.01).max(MONEY_MAX);
const Count = z.coerce.number().int().positive().max(1_000_000);

/**
 * A scan item as entered (form or xlsx row), spec section 5: description required (2 to 64, unique
 * within the hospital: a server check), modality required, cost positive with up to 2 decimals,
 * other_price the same and optional, partnum and coefficient positive whole numbers.
 */
export const ScanItemInputSchema = z.object({
  description: z.string().trim().min(NAME_MIN).max(NAME_MAX),
  code: z.string().trim().max(64).default(''),
  modality: z.enum(MODALITIES),
  cost: Money,
  other_price: Money.optional(),
  partnum: Count.default(1),
  coefficient: Count.default(1),
  custom_code: z.string().trim().max(64).default(''),
  en: z.string().trim().max(128).default(''),
});
export type ScanItemInput = z.input<typeof ScanItemInputSchema>;

/**
 * A row of an import file: the item as entered, and the two columns the export adds so a file goes back
 * in. scanp_id present: that item is changed; absent: the hospital's item with this description and
 * modality is changed, else one is added. hospital_code absent: where the item is, else the caller's.
 */
export const ScanItemImportRowSchema = ScanItemInputSchema.extend({
  scanp_id: pkInput().optional(),
  hospital_code: z.string().trim().max(32).optional(),
});

/** The import's columns, in the export's order; a header cell may be the field name or its label. */
export const SCAN_ITEM_IMPORT_COLUMNS = {
  scanp_id: ['项目ID', 'scanp_id', 'Item ID'],
  hospital_code: ['医院编码', 'hospital_code', 'Hospital code'],
  description: ['检查部位', 'description', 'Description'],
  code: ['编码', 'code', 'Code'],
  modality: ['检查类型', 'modality', 'Modality'],
  cost: ['费用', 'cost', 'Cost'],
  other_price: ['其他费用', 'other_price', 'Other price'],
  partnum: ['部位数', 'partnum', 'Parts'],
  coefficient: ['系数', 'coefficient', 'Coefficient'],
  custom_code: ['自定义编码', 'custom_code', 'Custom code'],
  en: ['英文名', 'en', 'English name'],
} as const satisfies Record<keyof z.output<typeof ScanItemImportRowSchema>, readonly string[]>;

/** POST /scanp/saveScanp: scanp_id absent creates. hospital_code: the super administrator's choice ('' installation-wide). */
export const ScanItemSaveSchema = ScanItemInputSchema.extend({
  scanp_id: pkInput().optional(),
  hospital_code: z.string().trim().max(32).optional(),
}).strict();
export type ScanItemSave = z.input<typeof ScanItemSaveSchema>;

/** A row of the scan item administration list (money as numbers). */
export const ScanItemRowSchema = z.object({
  scanp_id: z.number().int(),
  description: z.string(),
  code: z.string(),
  modality: z.string(),
  cost: z.number(),
  other_price: z.number().nullable(),
  partnum: z.number().int(),
  coefficient: z.number().int(),
  custom_code: z.string(),
  en: z.string(),
  hospital_code: z.string(),
});
export type ScanItemRow = z.infer<typeof ScanItemRowSchema>;

export const SCAN_ITEM_SORTS = ['description', 'modality', 'code', 'cost', 'hospital_code'] as const;
/** GET /scanp/list filters: keyword (description, code, English name), modality, sn (hospital; super only). */
export const SCAN_ITEM_FILTERS = {
  keyword: FilterTextSchema,
  modality: z.enum(MODALITIES).or(z.literal('')),
  sn: z.string().trim().max(32),
};

export const ScanItemIdsSchema = z.strictObject({ ids: z.array(pkInput()).min(1).max(BATCH_DELETE_MAX) });
export const ScanDescQuerySchema = z.strictObject({ modality: z.enum(MODALITIES).optional() });
export const ScanDescGroupSchema = z.object({
  modality: z.string(),
  items: z.array(z.object({ scanp_id: z.number().int(), description: z.string(), en: z.string() })),
});
