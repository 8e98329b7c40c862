import type { ScreenCall } from '@shared/protocol/queue-screen';

/** The fan-out channel of the queue: every process delivers these to its own screens and desks. */
export const QUEUE_CHANNEL = 'queue';

export type QueueEvent =
  /** A patient was called into a room: the devices showing the room get the call. */
  | { kind: 'call'; hospital_code: string; call_room: string; call: ScreenCall }
  /** The registrations of a room changed: screens refresh the room, desks their list. */
  | { kind: 'room'; hospital_code: string; call_room: string }
  /** The doctor on duty of a room changed. */
  | { kind: 'doctor'; hospital_code: string; call_room: string; name_current: string }
  /** A device's settings, rooms, status or key changed (or it was deleted). */
  | { kind: 'device'; device_pk: number };
