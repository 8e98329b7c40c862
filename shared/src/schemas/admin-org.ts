import { z } from 'zod';
import { MODALITIES, NAME_MAX } from '../constants';
import { FilterTextSchema, intInput, msg, pkInput } from './common';

/** Hospitals, regions and DICOM devices: the administration screens of issue 10 (server and web share these). */

const text = (max: number) => z.string().trim().max(max);
const flag = () => intInput(0, 1).default(0);

// ---------------------------------------------------------------- hospitals

/** 0 no check, 1 phone check, 2 code check (spec section 3). */
export const QRCODE_TYPES = [0, 1, 2] as const;
/** sn and code: letters, digits, '-', '_' and '.', so they stay safe in URLs, file names and filters. */
const HospitalKey = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/, msg('codeChars'));

export const HospitalSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  sn: HospitalKey,
  code: HospitalKey,
  name: z.string().trim().min(1).max(128),
  address: text(256).default(''),
  note: text(512).default(''),
  title1: text(128).default(''),
  title2: text(128).default(''),
  /** A region's pk as text ('' none). */
  region: z
    .string()
    .trim()
    .regex(/^(\d{1,9})?$/)
    .default(''),
  is_return: flag(),
  accept_wx_msg: flag(),
  use_obs: flag(),
  use_obs_download: flag(),
  show_parts: flag(),
  download_limit: intInput(0, 1_000_000).default(0),
  qrcode_type: intInput(0, 2).default(0),
  /** Electronic signature of audits with the USB key: 0 off, 1 optional, 2 required (docs/report-signature.md). */
  esign: intInput(0, 2).default(0),
});
export type HospitalSave = z.input<typeof HospitalSaveSchema>;

export const HospitalRowSchema = z.object({
  pk: z.number().int(),
  sn: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  note: z.string(),
  title1: z.string(),
  title2: z.string(),
  region: z.string(),
  region_name: z.string(),
  is_return: z.number().int(),
  accept_wx_msg: z.number().int(),
  use_obs: z.number().int(),
  use_obs_download: z.number().int(),
  show_parts: z.number().int(),
  download_limit: z.number().int(),
  qrcode_type: z.number().int(),
  esign: z.number().int(),
});
export type HospitalRow = z.infer<typeof HospitalRowSchema>;

export const HOSPITAL_FILTERS = { keyword: FilterTextSchema };
export const HOSPITAL_SORTS = ['sn', 'code', 'name', 'pk'] as const;
export type HospitalSort = (typeof HOSPITAL_SORTS)[number];
export type HospitalFilters = { keyword: string };

// ---------------------------------------------------------------- regions

export const RegionSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  parent_pk: pkInput().nullable().default(null),
  code: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9._-]+$/, msg('codeChars')),
  name: z.string().trim().min(1).max(NAME_MAX),
  name_en: text(NAME_MAX).default(''),
  note: text(256).default(''),
  sort: intInput(0, 100_000).default(0),
});
export type RegionSave = z.input<typeof RegionSaveSchema>;

export const RegionNodeSchema = z
  .object({
    pk: z.number().int(),
    parent_pk: z.number().int().nullable(),
    code: z.string(),
    name: z.string(),
    name_en: z.string(),
    note: z.string(),
    sort: z.number().int(),
    get children() {
      return z.array(RegionNodeSchema);
    },
  })
  .meta({ id: 'RegionNode' });
export type RegionNode = z.infer<typeof RegionNodeSchema>;

// ---------------------------------------------------------------- DICOM devices

/**
 * An AE title (DICOM PS3.5 AE value representation): 1-16 characters of the default character repertoire
 * (printable ASCII) without backslash; leading and trailing spaces are not significant, so they are trimmed
 * and a title of spaces only is empty.
 */
export const AeTitleSchema = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[\x20-\x5B\x5D-\x7E]+$/, msg('aetChars'));

/** RFC 1123 host name: dot-separated labels of letters, digits and '-', not starting or ending with '-'; the
 * last label is not all digits (so a mistyped IPv4 address is not taken for a name). */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*(?=[A-Za-z0-9-]*[A-Za-z-])[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const DeviceHostSchema = z.union([z.ipv4(), z.ipv6(), z.string().regex(HOST_NAME)], msg('hostFormat'));

export const DEVICE_STATUSES = [0, 1] as const;

export const DeviceSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  name: z.string().trim().min(1).max(NAME_MAX),
  aet: AeTitleSchema,
  modality: z.enum(MODALITIES).or(z.literal('')).default(''),
  ip: DeviceHostSchema,
  port: intInput(1, 65535),
  /** The device's hospital; a hospital administrator's devices are always in their own hospital. */
  hospital_code: z.string().trim().max(32).optional(),
  status: intInput(0, 1).default(1),
});
export type DeviceSave = z.input<typeof DeviceSaveSchema>;

export const DeviceStatusSchema = z.strictObject({ pk: pkInput(), status: intInput(0, 1) });

export const DeviceRowSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  aet: z.string(),
  modality: z.string(),
  ip: z.string(),
  port: z.number().int(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  status: z.number().int(),
});
export type DeviceRow = z.infer<typeof DeviceRowSchema>;

/** A device as a pick list offers it (image forwarding): only active ones. */
export const DeviceOptionSchema = DeviceRowSchema.pick({
  pk: true,
  name: true,
  aet: true,
  modality: true,
  ip: true,
  port: true,
  hospital_code: true,
});
export type DeviceOption = z.infer<typeof DeviceOptionSchema>;

export const DEVICE_FILTERS = {
  keyword: FilterTextSchema,
  modality: z.enum(MODALITIES).or(z.literal('')),
  status: z.enum(['', '0', '1']),
  sn: z.string().trim().max(32),
};
export const DEVICE_SORTS = ['name', 'aet', 'modality', 'ip', 'port', 'hospital_code', 'status', 'pk'] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];
export type DeviceFilters = { keyword: string; modality: string; status: string; sn: string };
