import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { FilterTextSchema, intInput, msg, pageOf, PageRequestSchema, pkInput } from './common';
import { callNoLabel, RoomNameSchema } from './queue';

/**
 * Issue 13: ultrasound client stations (`/us/client/*`) and the number segments of US rooms (`/us/number/*`).
 * A station is the workstation PC of one consulting room (call_room); a room may have one number segment:
 * its numbers of the day run start_no..end_no and are shown with the prefix (e.g. B101).
 */

const HospitalCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/, msg('codeChars'));
const RemarkSchema = z.string().trim().max(200).default('');
/** The largest queue number a segment may hold (six digits fit the desk, the screen and the voice). */
export const US_NUMBER_MAX = 999_999;

// ---------------------------------------------------------------- client stations

export const UsClientSaveSchema = z.strictObject({
  /** Absent: create; present: edit that station. */
  pk: pkInput().optional(),
  /** The station's hospital (the super administrator names one; anyone else's is their own). */
  hospital_code: HospitalCodeSchema.optional(),
  name: z
    .string()
    .trim()
    .min(1)
    .max(NAME_MAX)
    .regex(/^[^\p{Cc}]+$/u, msg('noControlChars')),
  /** The consulting room (of the same hospital) the station serves. */
  call_room: RoomNameSchema,
  /** The PC's IPv4 or IPv6 address, '' unknown; unique within the hospital. */
  ip: z.union([z.literal(''), z.ipv4(), z.ipv6()], msg('usIpFormat')).default(''),
  status: intInput(0, 1).default(1),
  remark: RemarkSchema,
});
export type UsClientSave = z.input<typeof UsClientSaveSchema>;

export const UsPkSchema = z.strictObject({ pk: pkInput() });

/** POST /us/client/queryAllList: every station of the scope (a department has a handful), with filters. */
export const UsClientQuerySchema = z.strictObject({
  hospital_code: HospitalCodeSchema.optional(),
  call_room: RoomNameSchema.optional(),
  status: intInput(0, 1).optional(),
  /** Name, ip or room. */
  keyword: FilterTextSchema.optional(),
});

const SegmentRefSchema = z.object({ prefix: z.string(), start_no: z.number().int(), end_no: z.number().int() });

export const UsClientRowSchema = z.object({
  pk: z.number().int(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  name: z.string(),
  room_pk: z.number().int(),
  call_room: z.string(),
  ip: z.string(),
  status: z.number().int(),
  remark: z.string(),
  /** The number segment of the station's room, null when the room numbers from 1. */
  segment: SegmentRefSchema.nullable(),
  create_time: z.string(),
  update_time: z.string(),
});
export type UsClientRow = z.infer<typeof UsClientRowSchema>;

// ---------------------------------------------------------------- number segments

export const UsPrefixSchema = z
  .string()
  .trim()
  .max(8)
  .regex(/^[A-Za-z0-9]*$/, msg('usPrefixChars'));

export const UsNumberSaveSchema = z
  .strictObject({
    pk: pkInput().optional(),
    hospital_code: HospitalCodeSchema.optional(),
    /** The room whose numbers the segment shapes (one segment per room). */
    call_room: RoomNameSchema,
    prefix: UsPrefixSchema.default(''),
    start_no: intInput(1, US_NUMBER_MAX),
    end_no: intInput(1, US_NUMBER_MAX),
    remark: RemarkSchema,
  })
  .refine((v) => v.end_no >= v.start_no, { path: ['end_no'], ...msg('usNumberRange') });
export type UsNumberSave = z.input<typeof UsNumberSaveSchema>;

/** POST /us/number/queryList: segments, paged, with a keyword (prefix or room). */
export const UsNumberPageSchema = PageRequestSchema.extend({
  hospital_code: HospitalCodeSchema.optional(),
  keyword: FilterTextSchema.optional(),
}).strict();

export const US_NUMBER_FIELDS = ['pk', 'call_room', 'client_pk', 'prefix'] as const;
/**
 * POST /us/number/queryByField: the segments whose field equals the value. `client_pk` answers the
 * segment a station calls from (its room's); pk and client_pk take digits.
 */
export const UsNumberByFieldSchema = z
  .strictObject({
    hospital_code: HospitalCodeSchema.optional(),
    field: z.enum(US_NUMBER_FIELDS),
    value: z.string().trim().min(1).max(32),
  })
  .refine((v) => !(v.field === 'pk' || v.field === 'client_pk') || /^[1-9]\d{0,8}$/.test(v.value), {
    path: ['value'],
    ...msg('usFieldDigits'),
  });

export const UsNumberRowSchema = z.object({
  pk: z.number().int(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  room_pk: z.number().int(),
  call_room: z.string(),
  prefix: z.string(),
  start_no: z.number().int(),
  end_no: z.number().int(),
  remark: z.string(),
  /** Numbers the room gave out today. */
  issued_today: z.number().int(),
  /** The last number given out today (null: none yet) and the next one (null: the segment is used up). */
  current_no: z.number().int().nullable(),
  next_no: z.number().int().nullable(),
  /** Numbers left today. */
  remaining: z.number().int(),
  /** Stations of the room: they call from this segment. */
  stations: z.array(z.object({ pk: z.number().int(), name: z.string() })),
  create_time: z.string(),
  update_time: z.string(),
});
export type UsNumberRow = z.infer<typeof UsNumberRowSchema>;
export const UsNumberPageResultSchema = pageOf(UsNumberRowSchema);

/** A number as the desk and the station show it: prefix and the number (B101). */
export const usNumberLabel = callNoLabel;
