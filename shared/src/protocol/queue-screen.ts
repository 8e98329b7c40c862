import { z } from 'zod';
import { CallSettingsSchema } from '../schemas/call-devices';

/**
 * The call screen's socket: `GET /websocket.ws/{device_pk}?key={device_key}` (no sign-in: the device key
 * the administrator issued is the credential). The server only sends; the screen may send `ping` and is
 * answered `pong` (the server also pings every WS_KEEPALIVE_MS). Names never travel in full here.
 */
export const SCREEN_SOCKET_PREFIX = '/websocket.ws/';
export const screenSocketPath = (devicePk: number) => `${SCREEN_SOCKET_PREFIX}${devicePk}`;

/** Close codes of the screen socket. The screen retries after WS_RETRY_MS except for `replaced`/`gone`. */
export const SCREEN_CLOSE = {
  /** The device was switched off (status 0). */
  disabled: 4403,
  /** A new key was issued: this socket's key is no longer valid. */
  replaced: 4409,
  /** The device was deleted. */
  gone: 4404,
} as const;

/**
 * A name as the public screen may show it: first and last character with '*' between
 * ("张三丰" → "张*丰", "欧阳娜娜" → "欧**娜"); two characters → first + '*'; one character as is.
 * Counts code points, so a name of astral characters is not split inside a character.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/**
 * The number segment's prefix the number was issued with (B of B101; '' none). Defaults to '' so a message
 * from a server process not yet updated still parses (the fan-out carries messages between processes).
 */
const CallPrefixSchema = z.string().default('');

/** One room as the screen lists it. */
export const ScreenRoomSchema = z.object({
  room_name: z.string(),
  /** The doctor on duty ('' none). */
  doctor: z.string(),
  /** The patient called last into this room (masked), or null. */
  current: z
    .object({
      call_no: z.number().int(),
      call_prefix: CallPrefixSchema,
      pat_name: z.string(),
      state: z.string(),
      call_time: z.string(),
    })
    .nullable(),
  /** The next ones waiting (numbers taken or passed, in calling order; at most new_message_count), masked. */
  waiting: z.array(z.object({ call_no: z.number().int(), call_prefix: CallPrefixSchema, pat_name: z.string() })),
  waiting_count: z.number().int(),
});
export type ScreenRoom = z.infer<typeof ScreenRoomSchema>;

export const ScreenDeviceSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  department: z.string(),
  status: z.number().int(),
  settings: CallSettingsSchema,
});
export type ScreenDevice = z.infer<typeof ScreenDeviceSchema>;

export const ScreenUpdateDeviceSchema = z.object({
  type: z.literal('update_device'),
  device: ScreenDeviceSchema,
  /** The rooms this device shows, in order. */
  rooms: z.array(z.object({ room_name: z.string(), doctor: z.string() })),
});

/** A call: shown full screen for scree_interval seconds and announced play_times times. */
export const ScreenCallSchema = z.object({
  type: z.literal('call'),
  call_room: z.string(),
  call_no: z.number().int(),
  call_prefix: CallPrefixSchema,
  /** Masked (maskName): the screen never receives a full name. */
  pat_name: z.string(),
  /** The hospital's patient ID, for GET /register/playmp3?pat_id= (the recorded announcement). */
  pat_id: z.string(),
  /** Who called (the signed-in user at the desk or call panel). */
  name_current: z.string(),
  /** The requesting doctor of the study. */
  sq_doctor: z.string(),
  /** 1 when the patient is called again. */
  repeat: z.number().int(),
  /** What the browser's speech synthesis may say: prefixed number and room, no name (the recorded audio has it). */
  speak_text: z.string(),
  time: z.string(),
});

/** The doctor on duty of a room changed. */
export const ScreenDoctorSchema = z.object({
  type: z.literal('doctor'),
  call_room: z.string(),
  name_current: z.string(),
});

/** The current state of the device's rooms: on connect and after every change in one of them. */
export const ScreenRoomsSchema = z.object({ type: z.literal('rooms'), rooms: z.array(ScreenRoomSchema) });

export const ScreenPongSchema = z.object({ type: z.literal('pong') });

export const ScreenServerMessageSchema = z.discriminatedUnion('type', [
  ScreenUpdateDeviceSchema,
  ScreenCallSchema,
  ScreenDoctorSchema,
  ScreenRoomsSchema,
  ScreenPongSchema,
]);
export type ScreenServerMessage = z.infer<typeof ScreenServerMessageSchema>;
export type ScreenCall = z.infer<typeof ScreenCallSchema>;
export type ScreenUpdateDevice = z.infer<typeof ScreenUpdateDeviceSchema>;

export const ScreenClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** The spec's test message (device_pk); answered with the device config again. */
  z.object({ type: z.literal('device_pk'), pk: z.number().int().optional() }),
]);
export type ScreenClientMessage = z.infer<typeof ScreenClientMessageSchema>;
