import { z } from 'zod';
import { MODALITIES, NAME_MAX } from '../constants';
import { DateSchema, FilterTextSchema, intInput, msg, pageOf, PageRequestSchema, pkInput } from './common';

/**
 * Issue 13: registration desk, call queue and call devices (server and web share these).
 * Wire names keep the spec's (`call_room`, `call_no`, `pat_id`, `pat_name`, `scree_interval`, `play_times`).
 */

const text = (max: number) => z.string().trim().max(max);
const HospitalCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/, msg('codeChars'));
/** A consulting room's name (what the screen shows and the voice says): no control characters. */
export const RoomNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[^\p{Cc}]+$/u, msg('noControlChars'));

// ---------------------------------------------------------------- queue states

export const QUEUE_STATES = [
  'registered',
  'number_taken',
  'called',
  'passed',
  'checking',
  'completed',
  'abandoned',
] as const;
export const QueueStateSchema = z.enum(QUEUE_STATES);
export type QueueState = z.infer<typeof QueueStateSchema>;
/** States that still hold a place in a queue: a patient in one of these cannot be registered again that day. */
export const ACTIVE_QUEUE_STATES = [
  'registered',
  'number_taken',
  'called',
  'passed',
  'checking',
] as const satisfies readonly QueueState[];

/**
 * Each action and the states it may start from, with the state it leaves. The server refuses (409,
 * nothing written) an action whose registration is in another state; the desk greys out the same.
 */
export const QUEUE_TRANSITIONS = {
  /** /register/callNo: take a number in a room. */
  takeNumber: { from: ['registered'], to: 'number_taken' },
  /** /register/callNumber: call the patient into the room (a passed patient may be called back). */
  call: { from: ['number_taken', 'passed'], to: 'called' },
  /** /register/callAgain: repeat the announcement of a called patient. */
  callAgain: { from: ['called'], to: 'called' },
  /** /register/pass: the called patient did not come; the next one can be called. */
  pass: { from: ['called'], to: 'passed' },
  /** /register/checking: the patient is in the room being examined. */
  checking: { from: ['called'], to: 'checking' },
  /** /register/completeInspection. */
  complete: { from: ['called', 'checking'], to: 'completed' },
  /** /register/abandon: the patient left. */
  abandon: { from: ['registered', 'number_taken', 'called', 'passed'], to: 'abandoned' },
  /** /register/recovery of an abandoned registration: back in the queue with its number (or without one). */
  recover: { from: ['abandoned'], to: 'number_taken' },
  /** /register/referral: to another room, with a new number there. */
  referral: { from: ['registered', 'number_taken', 'passed'], to: 'number_taken' },
  /** /register/topOne: first in its room's queue. */
  top: { from: ['number_taken', 'passed'], to: 'number_taken' },
  /** /register/deletePatient (soft delete; /register/recovery restores it). */
  delete: { from: ['registered', 'number_taken', 'passed', 'abandoned'], to: null },
} as const satisfies Record<string, { from: readonly QueueState[]; to: QueueState | null }>;
export type QueueAction = keyof typeof QUEUE_TRANSITIONS;

export function canTransition(action: QueueAction, from: QueueState): boolean {
  return (QUEUE_TRANSITIONS[action].from as readonly QueueState[]).includes(from);
}

// ---------------------------------------------------------------- call device settings

const Colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, msg('colourHex'));
const decimal = (min: number, max: number) => z.coerce.number().min(min).max(max);

/** Ranges of the call device's settings (spec section 5 for new_message_count and countdown; ours for the rest). */
export const CALL_SETTING_RANGES = {
  screen_width: [320, 7680],
  screen_height: [240, 4320],
  /** Seconds between carousel pages of rooms. */
  switch_interval: [3, 600],
  /** Milliseconds between marquee scroll steps. */
  scroll_interval: [10, 10_000],
  /** Pixels per marquee scroll step. */
  scroll_step: [1, 200],
  /** Speech pitch (Web Speech API 0..2). */
  voice_tone: [0, 2],
  /** Speech rate (Web Speech API 0.1..10; the spec's 0.6 by default). */
  voice_speed: [0.1, 10],
  voice_volume: [0, 1],
  /** Seconds a call stays marked as current in its room row. */
  call_duration: [1, 3600],
  /** Seconds the full-screen call view stays up. */
  scree_interval: [1, 120],
  /** How many times an announcement is played. */
  play_times: [1, 10],
  title_font_size: [8, 200],
  font_size: [8, 200],
  new_message_count: [1, 20],
  countdown: [30, 300],
} as const;
type RangeKey = keyof typeof CALL_SETTING_RANGES;
const ranged = (k: RangeKey) => intInput(CALL_SETTING_RANGES[k][0], CALL_SETTING_RANGES[k][1]);
const rangedDecimal = (k: RangeKey) => decimal(CALL_SETTING_RANGES[k][0], CALL_SETTING_RANGES[k][1]);

/** 1 the number (id), 2 the name, 3 both. */
export const CALL_TYPES = [1, 2, 3] as const;

export const CALL_SETTING_DEFAULTS = {
  screen_width: 1920,
  screen_height: 1080,
  switch_interval: 10,
  scroll_interval: 30,
  scroll_step: 1,
  voice_tone: 1,
  voice_speed: 0.6,
  voice_volume: 1,
  call_duration: 60,
  scree_interval: 10,
  play_times: 2,
  call_type: 3,
  title_font_size: 48,
  title_bg_color: '#1677ff',
  font_size: 32,
  font_color: '#ffffff',
  bg_color: '#001529',
  border_color: '#1f3a5f',
  new_message_count: 5,
  countdown: 60,
  marquee: '',
} as const;

/** Each setting's rule, without its default (updatemechanic changes only the fields it names). */
const settingRules = {
  screen_width: ranged('screen_width'),
  screen_height: ranged('screen_height'),
  switch_interval: ranged('switch_interval'),
  scroll_interval: ranged('scroll_interval'),
  scroll_step: ranged('scroll_step'),
  voice_tone: rangedDecimal('voice_tone'),
  voice_speed: rangedDecimal('voice_speed'),
  voice_volume: rangedDecimal('voice_volume'),
  call_duration: ranged('call_duration'),
  scree_interval: ranged('scree_interval'),
  play_times: ranged('play_times'),
  call_type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  title_font_size: ranged('title_font_size'),
  title_bg_color: Colour,
  font_size: ranged('font_size'),
  font_color: Colour,
  bg_color: Colour,
  border_color: Colour,
  new_message_count: ranged('new_message_count'),
  countdown: ranged('countdown'),
  /** Footer marquee text. */
  marquee: text(256),
};
type SettingRules = typeof settingRules;
const settingsShape = Object.fromEntries(
  Object.entries(settingRules).map(([k, rule]) => [
    k,
    (rule as z.ZodType).default(CALL_SETTING_DEFAULTS[k as keyof SettingRules]),
  ]),
) as { [K in keyof SettingRules]: z.ZodDefault<SettingRules[K]> };
const settingsPatchShape = Object.fromEntries(
  Object.entries(settingRules).map(([k, rule]) => [k, (rule as z.ZodType).optional()]),
) as { [K in keyof SettingRules]: z.ZodOptional<SettingRules[K]> };

/** The display and voice settings of a call device (every field has a default). */
export const CallSettingsSchema = z.object(settingsShape);
export type CallSettings = z.output<typeof CallSettingsSchema>;

// ---------------------------------------------------------------- call devices and rooms

export const RoomInputSchema = z.strictObject({ room_name: RoomNameSchema });

/** POST /device/saveCall: create (no pk) or replace a call device with its rooms and settings. */
export const CallDeviceSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  name: z.string().trim().min(1).max(NAME_MAX),
  /** The device's hospital; a hospital administrator's devices are always in their own hospital. */
  hospital_code: HospitalCodeSchema.optional(),
  department: text(64).default(''),
  status: intInput(0, 1).default(1),
  rooms: z.array(RoomInputSchema).max(50).default([]),
  ...settingsShape,
});
export type CallDeviceSave = z.input<typeof CallDeviceSaveSchema>;
/** The answer of saveCall and newKey: the device key is shown here only (only its hash is kept). */
export const CallDeviceSavedSchema = z.object({ pk: z.number().int(), device_key: z.string().optional() });
export type CallDeviceSaved = z.infer<typeof CallDeviceSavedSchema>;

/** POST /device/updatemechanic: change some settings (fields left out keep their value). */
export const CallSettingsPatchSchema = z.strictObject({
  pk: pkInput(),
  department: text(64).optional(),
  ...settingsPatchShape,
});
export type CallSettingsPatch = z.input<typeof CallSettingsPatchSchema>;

export const CallDevicePkSchema = z.strictObject({ pk: pkInput() });
export const CallDeviceStatusSchema = z.strictObject({ pk: pkInput(), status: intInput(0, 1) });

export const CallRoomSchema = z.object({
  pk: z.number().int(),
  hospital_code: z.string(),
  room_name: z.string(),
  /** The doctor on duty (set from the call panel), '' none. */
  doctor: z.string(),
  /** Devices that show this room. */
  device_pks: z.array(z.number().int()),
});
export type CallRoom = z.infer<typeof CallRoomSchema>;

export const CallDeviceRowSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  department: z.string(),
  status: z.number().int(),
  /** Has a key been issued (the key itself is never answered again). */
  has_key: z.boolean(),
  rooms: z.array(z.object({ pk: z.number().int(), room_name: z.string() })),
  settings: CallSettingsSchema,
  create_time: z.string(),
});
export type CallDeviceRow = z.infer<typeof CallDeviceRowSchema>;

/** POST /device/pageCallList: paged devices with a keyword and the hospital (super administrator). */
export const CallDevicePageSchema = PageRequestSchema.extend({
  keyword: FilterTextSchema.optional(),
  hospital_code: HospitalCodeSchema.optional(),
  status: intInput(0, 1).optional(),
}).strict();
export const CallDevicePageResultSchema = pageOf(CallDeviceRowSchema);

/** Calls that name a hospital (pick lists): absent means the caller's own. */
export const HospitalQuerySchema = z.strictObject({ hospital_code: HospitalCodeSchema.optional() });

/** POST /device/saveCallRoom: a room of a hospital, optionally shown by some devices. */
export const CallRoomSaveSchema = z.strictObject({
  hospital_code: HospitalCodeSchema.optional(),
  room_name: RoomNameSchema,
  device_pks: z.array(pkInput()).max(50).default([]),
});
/** POST /device/updateCallRoom: rename a room (its queue follows) and/or change the devices showing it. */
export const CallRoomUpdateSchema = z.strictObject({
  pk: pkInput(),
  room_name: RoomNameSchema.optional(),
  device_pks: z.array(pkInput()).max(50).optional(),
});

/** POST /config/mechanicList: what the settings form needs (ranges and defaults). */
export const MechanicListSchema = z.object({
  ranges: z.record(z.string(), z.tuple([z.number(), z.number()])),
  defaults: CallSettingsSchema,
  call_types: z.array(z.number().int()),
});

// ---------------------------------------------------------------- registrations

export const QUEUE_SEXES = ['M', 'F', 'O'] as const;
const PatIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}\\^=]+$/u, msg('noControlChars'));
const PatNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}\\^=]+$/u, msg('noControlChars'));

/**
 * POST /register/save: register a patient (no pk) into a room: a scheduled study is created (or the
 * given study_pk, an order of that hospital not yet registered, is used) and a number is taken in the
 * room when call_room is given. With pk: edit the patient fields of a registration not yet called.
 */
export const RegisterSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  hospital_code: HospitalCodeSchema.optional(),
  study_pk: pkInput().optional(),
  pat_id: PatIdSchema,
  pat_name: PatNameSchema,
  patient_sex: z.enum(QUEUE_SEXES),
  patient_age: text(16).default(''),
  patient_phone: text(32).default(''),
  modality: z.enum(MODALITIES),
  call_room: RoomNameSchema.optional(),
  accession_no: text(64)
    .regex(/^[A-Za-z0-9._-]*$/, msg('codeChars'))
    .default(''),
  study_desc: text(512).default(''),
  sq_doctor: text(64).default(''),
  /** ISO date-time of the scheduled examination; now when absent. */
  scheduled_time: z.iso.datetime({ offset: true }).optional(),
});
export type RegisterSave = z.input<typeof RegisterSaveSchema>;

export const RegistrationSchema = z.object({
  pk: z.number().int(),
  hospital_code: z.string(),
  study_pk: z.number().int(),
  study_iuid: z.string(),
  accession_no: z.string(),
  pat_id: z.string(),
  pat_name: z.string(),
  patient_sex: z.string(),
  patient_age: z.string(),
  modality: z.string(),
  call_room: z.string(),
  /** Per room per day, from 1 (a room with a US number segment: from its start); null before a number is taken. */
  call_no: z.number().int().nullable(),
  /** The room's segment prefix when the number was issued ('' none): shown before the number (B101). */
  call_prefix: z.string(),
  state: QueueStateSchema,
  /** Who is calling (the user who last called it). */
  doctor: z.string(),
  sq_doctor: z.string(),
  /** Moved first in its room by topOne. */
  top: z.number().int(),
  call_count: z.number().int(),
  is_del: z.number().int(),
  /** The queue day (YYYY-MM-DD, server time zone). */
  queue_day: z.string(),
  register_time: z.string(),
  number_time: z.string().nullable(),
  call_time: z.string().nullable(),
  pass_time: z.string().nullable(),
  check_time: z.string().nullable(),
  complete_time: z.string().nullable(),
  abandon_time: z.string().nullable(),
  create_user: z.string(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** A call number as the desk, the screen and the voice show it: prefix and number (B101); '' without a number. */
export const callNoLabel = (prefix: string, no: number | null): string => (no === null ? '' : `${prefix}${no}`);

/** Every action on one registration: callNumber, callAgain, pass, checking, completeInspection, abandon, topOne, deletePatient, recovery, findRegisterDatial. */
export const RegisterPkSchema = z.strictObject({ pk: pkInput() });
/** POST /register/callNo (take a number) and /register/referral (move to another room). */
export const RegisterRoomSchema = z.strictObject({ pk: pkInput(), call_room: RoomNameSchema });
/** POST /register/callNext: call the first waiting patient of a room (topped first, then by number). */
export const CallNextSchema = z.strictObject({
  hospital_code: HospitalCodeSchema.optional(),
  call_room: RoomNameSchema,
});
/** POST /register/doctor: the doctor on duty in a room (the screens show it; '' clears). */
export const RoomDoctorSchema = z.strictObject({
  hospital_code: HospitalCodeSchema.optional(),
  call_room: RoomNameSchema,
  doctor: text(64).default(''),
});

/** POST /register/findByPage: registrations of a day range (the desk's list). */
export const RegisterPageSchema = PageRequestSchema.extend({
  hospital_code: HospitalCodeSchema.optional(),
  keyword: FilterTextSchema.optional(),
  call_room: RoomNameSchema.optional(),
  state: QueueStateSchema.optional(),
  modality: z.enum(MODALITIES).optional(),
  startDate: DateSchema.optional(),
  endDate: DateSchema.optional(),
  /** 1: the deleted ones (to recover). */
  is_del: intInput(0, 1).default(0),
}).strict();
/** POST /register/callPageList: one day's queue of a room or all rooms, in calling order. */
export const CallPageSchema = PageRequestSchema.extend({
  hospital_code: HospitalCodeSchema.optional(),
  call_room: RoomNameSchema.optional(),
  states: z.array(QueueStateSchema).max(QUEUE_STATES.length).optional(),
  day: DateSchema.optional(),
}).strict();
export const RegistrationPageSchema = pageOf(RegistrationSchema);

/** POST /register/countCallroom and /register/countRegister: one day (today by default). */
export const QueueCountQuerySchema = z.strictObject({
  hospital_code: HospitalCodeSchema.optional(),
  day: DateSchema.optional(),
});
const StateCountsSchema = z.object(
  Object.fromEntries(QUEUE_STATES.map((s) => [s, z.number().int()])) as Record<QueueState, z.ZodNumber>,
);
export type StateCounts = Record<QueueState, number>;
export const RoomCountSchema = z.object({ call_room: z.string(), total: z.number().int(), states: StateCountsSchema });
export const RoomCountsSchema = z.array(RoomCountSchema);
export const RegisterCountSchema = z.object({ total: z.number().int(), states: StateCountsSchema });

/** POST /register/workList: the hospital's scheduled studies without images and not registered (orders to pick up). */
export const QueueWorkListQuerySchema = z.strictObject({
  hospital_code: HospitalCodeSchema.optional(),
  keyword: FilterTextSchema.optional(),
  modality: z.enum(MODALITIES).optional(),
  day: DateSchema.optional(),
});
export const QueueOrderSchema = z.object({
  study_pk: z.number().int(),
  study_iuid: z.string(),
  accession_no: z.string(),
  pat_id: z.string(),
  pat_name: z.string(),
  patient_sex: z.string(),
  patient_age: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  study_datetime: z.string(),
});
export const QueueOrdersSchema = z.array(QueueOrderSchema);

/** GET /register/playmp3: by a signed-in user of the hospital, or by a call device (its pk and key). */
export const PlayMp3QuerySchema = z.strictObject({
  pat_id: PatIdSchema,
  device_pk: pkInput().optional(),
  key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .optional(),
});
