import { z } from 'zod';
import { MODALITIES } from '../constants';
import { DateSchema, FilterTextSchema, intInput, msg, pageOf, PageRequestSchema, pkInput } from './common';

/**
 * Issue 13: registration desk, call queue and call devices (server and web share these).
 * Wire names keep the spec's (`call_room`, `call_no`, `pat_id`, `pat_name`, `scree_interval`, `play_times`).
 */

export const text = (max: number) => z.string().trim().max(max);
export const HospitalCodeSchema = z
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

// ---------------------------------------------------------------- registrations

export const QUEUE_SEXES = ['M', 'F', 'O'] as const;
/**
 * What keeps a patient's id or name from going to imaging equipment (DICOM PN/LO): a control character
 * (a line break pasted in) or one of DICOM's separators (\\ between values, ^ and = inside a name).
 * '' when none; the form names the character and why (issue 40).
 */
export function dicomTextProblem(value: string): '' | 'control' | '\\' | '^' | '=' {
  for (const ch of value) {
    if (/\p{Cc}/u.test(ch)) return 'control';
    if (ch === '\\' || ch === '^' || ch === '=') return ch;
  }
  return '';
}

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
