import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { FilterTextSchema, intInput, msg, pageOf, PageRequestSchema, pkInput } from './common';
import { HospitalCodeSchema, RoomNameSchema, text } from './queue';

/** Call devices (the screens and speakers of the queue), their settings and rooms: server and web share these. */

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
