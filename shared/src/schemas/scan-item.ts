import { z } from 'zod';
import { MODALITIES, NAME_MAX, NAME_MIN } from '../constants';

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

/** The import's columns, in the template's order; a header cell may be the field name or its label. */
export const SCAN_ITEM_IMPORT_COLUMNS = {
  description: ['检查部位', 'description', 'Description'],
  code: ['编码', 'code', 'Code'],
  modality: ['检查类型', 'modality', 'Modality'],
  cost: ['费用', 'cost', 'Cost'],
  other_price: ['其他费用', 'other_price', 'Other price'],
  partnum: ['部位数', 'partnum', 'Parts'],
  coefficient: ['系数', 'coefficient', 'Coefficient'],
  custom_code: ['自定义编码', 'custom_code', 'Custom code'],
  en: ['英文名', 'en', 'English name'],
} as const satisfies Record<keyof z.output<typeof ScanItemInputSchema>, readonly string[]>;
