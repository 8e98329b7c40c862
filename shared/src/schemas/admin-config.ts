import { z } from 'zod';
import { CONFIG_VALUE_MAX } from '../config-kinds';
import { MODALITIES } from '../constants';
import { FilterTextSchema, intInput, msg, pkInput } from './common';
import { ScanItemSchema } from './patient';

/* Configuration entries (sys_config) */

export const CONFIG_NAME = /^[a-zA-Z0-9_]{1,64}$/;
const ConfigName = z.string().trim().regex(CONFIG_NAME, msg('configNameChars'));
/** 1 active, 0 disabled (a known entry disabled falls back to its built-in default). */
const ConfigStatus = z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)]);
const ConfigType = z.string().trim().max(32);

export const CONFIG_SORTS = ['name', 'type', 'status'] as const;
/** The filters of POST /config/list: name/value/description keyword, type, status ('' any). */
export const CONFIG_FILTERS = {
  keyword: FilterTextSchema,
  type: ConfigType,
  status: z.enum(['', '0', '1']),
};

export const ConfigRowSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  /** Masked for a secret entry. */
  value: z.string(),
  description: z.string(),
  type: z.string(),
  status: z.number().int(),
  /** One of the platform's entries (CONFIG_KINDS): cannot be deleted. */
  builtin: z.boolean(),
  secret: z.boolean(),
});
export type ConfigRow = z.infer<typeof ConfigRowSchema>;

export const ConfigSaveSchema = z.strictObject({
  name: ConfigName,
  value: z.string().max(CONFIG_VALUE_MAX).default(''),
  description: z.string().trim().max(256).default(''),
  type: ConfigType.default(''),
  status: ConfigStatus.default(1),
});
export type ConfigSave = z.input<typeof ConfigSaveSchema>;

/** Changes one entry, named by pk or by name; fields left out stay as they are. */
export const ConfigUpdateSchema = z
  .strictObject({
    pk: pkInput().optional(),
    name: ConfigName.optional(),
    value: z.string().max(CONFIG_VALUE_MAX).optional(),
    description: z.string().trim().max(256).optional(),
    type: ConfigType.optional(),
    status: ConfigStatus.optional(),
  })
  .refine((v) => v.pk !== undefined || v.name !== undefined, { ...msg('pkOrName'), path: ['pk'] });
export type ConfigUpdate = z.input<typeof ConfigUpdateSchema>;

export const ConfigByNameQuerySchema = z.strictObject({ name: ConfigName });
export const ConfigTypeSchema = z.strictObject({ type: ConfigType.min(1) });
export const ConfigEntrySchema = z.object({ name: z.string(), value: z.string(), description: z.string() });
export const ConfigValuesSchema = z.record(z.string(), z.string());

/* Dictionary: top-level entries (code: the dictionary) and their children (the choices) */

export const DictRowSchema = z.object({
  pk: z.number().int(),
  parent_pk: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  value: z.string(),
  sort: z.number().int(),
});
export type DictRow = z.infer<typeof DictRowSchema>;

export const DICT_CODE = /^[a-zA-Z0-9_.-]{1,64}$/;
/** pk absent: create; parent_pk absent: a top-level entry (a dictionary). The parent is fixed once created. */
export const DictSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  parent_pk: pkInput().nullable().optional(),
  code: z.string().trim().regex(DICT_CODE, msg('dictCodeChars')),
  name: z.string().trim().min(1).max(128),
  name_en: z.string().trim().max(128).default(''),
  value: z.string().trim().max(256).default(''),
  sort: intInput(0, 100_000).default(0),
});
export type DictSave = z.input<typeof DictSaveSchema>;
export const DictByCodeSchema = z.strictObject({ code: z.string().trim().regex(DICT_CODE, msg('dictCodeChars')) });

/* Shortcuts: a user's quick list of scan items per modality */

export const SHORTCUT_MAX = 50;
export const ShortcutSaveSchema = z.strictObject({
  modality: z.enum(MODALITIES),
  scanp_ids: z
    .array(pkInput())
    .max(SHORTCUT_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type ShortcutSave = z.input<typeof ShortcutSaveSchema>;
export const ShortcutFindSchema = z.strictObject({ modality: z.enum(MODALITIES).optional() });
export const ShortcutSchema = z.object({
  modality: z.string(),
  scanp_ids: z.array(z.number().int()),
  /** The items still in the caller's reach, in the saved order. */
  items: z.array(ScanItemSchema),
  update_time: z.string(),
});
export type Shortcut = z.infer<typeof ShortcutSchema>;
