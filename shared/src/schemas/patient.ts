import { z } from 'zod';
import { intInput, pkInput } from './common';
import { AGE_UNITS, MODALITIES, PATIENT_TYPES, SEXES } from '../constants';

/** parts_count limits (spec section 9: parts_count 0 to 20). */
export const PARTS_COUNT_MAX = 20;

const digits = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().regex(/^\d+$/).max(max));

/** Patient-info edit (spec section 5 "Patient edit"). The study is addressed by study_iuid. */
export const PatientEditSchema = z.object({
  study_iuid: z.string().trim().min(1).max(64),
  patient_id: z.string().trim().min(1).max(64),
  patient_name: z.string().trim().min(1).max(64),
  patient_sex: z.enum(SEXES),
  /** Digits only; the unit is separate (Y, M, D, H). */
  patient_age: digits(3),
  age_unit: z.enum(AGE_UNITS).default('Y'),
  modality: z.enum(MODALITIES),
  can_report: intInput(0, 1),
  /** Scan items (scanp_id) of the study; they become study_desc and study_desc_value. */
  select_bodys: z.array(pkInput()).min(1).max(PARTS_COUNT_MAX),
  parts_count: digits(2).pipe(z.transform(Number)).pipe(z.number().int().min(0).max(PARTS_COUNT_MAX)),
  patient_type: intInput()
    .refine((n) => (PATIENT_TYPES as readonly number[]).includes(n), { message: '1-6' })
    .nullable()
    .optional(),
  department: z.string().trim().max(64).optional(),
  bed_no: z.string().trim().max(32).optional(),
  diagnosis: z.string().trim().max(1024).optional(),
  note: z.string().trim().max(1024).optional(),
});
export type PatientEdit = z.input<typeof PatientEditSchema>;

export const ScanItemSchema = z.object({
  scanp_id: z.number().int(),
  code: z.string(),
  description: z.string(),
  modality: z.string(),
  partnum: z.number().int(),
  en: z.string(),
  hospital_code: z.string(),
});
export type ScanItem = z.infer<typeof ScanItemSchema>;

export const ScanItemQuerySchema = z.object({
  modality: z
    .enum(MODALITIES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Substring of the description, code or English name. */
  keyword: z.string().trim().max(64).optional(),
});
