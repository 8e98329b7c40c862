import type { WebSocket } from 'ws';
import type { ScreenServerMessage } from '@shared/protocol/queue-screen';
import type { DbOrTx } from '../../platform/db/client';
import type { QueueEvent } from '../../platform/realtime/queue-events';
import { buildRooms, roomRows, type ScreenDeviceState } from './screen-state';
import { trace, traceClock } from './call-trace';

export interface Screen {
  ws: WebSocket;
  /** The key hash the socket was opened with: a new key closes it. */
  keyHash: string;
}

/** A device's open screens on this process, with the device as they show it. */
export interface DeviceEntry {
  state: ScreenDeviceState;
  screens: Set<Screen>;
}

/**
 * One message serialised once, sent as a text frame to every open socket of the devices: the same bytes
 * for each (no JSON, no UTF-8 encoding per socket), without waiting for any.
 */
export function sendToDevices(entries: Iterable<DeviceEntry>, m: ScreenServerMessage | string): void {
  const data = Buffer.from(typeof m === 'string' ? m : JSON.stringify(m));
  for (const e of entries) {
    for (const s of e.screens) if (s.ws.readyState === s.ws.OPEN) s.ws.send(data, { binary: false });
  }
}

/**
 * The rooms of each device after a change: ONE query for the rooms of all of them (the devices of one
 * hospital), then each device gets its own rooms, with its own count of waiting numbers; devices that show
 * the same rooms with the same count share one serialised message. Answers the number of queries (0 or 1).
 */
export async function refreshRooms(
  db: DbOrTx,
  hospitalCode: string,
  day: string,
  entries: DeviceEntry[],
): Promise<number> {
  if (!entries.length) return 0;
  // The devices as they are now: what the query reads is what their messages are built from.
  const shown = entries.map((e) => ({
    e,
    rooms: e.state.update.rooms,
    max: e.state.update.device.settings.new_message_count,
  }));
  const names = [...new Set(shown.flatMap((d) => d.rooms.map((r) => r.room_name)))];
  const rows = await roomRows(db, hospitalCode, names, day);
  const texts = new Map<string, string>();
  for (const { e, rooms, max } of shown) {
    const key = JSON.stringify([max, rooms]);
    let text = texts.get(key);
    if (text === undefined) {
      text = JSON.stringify({ type: 'rooms', rooms: buildRooms(rows, rooms, max) } satisfies ScreenServerMessage);
      texts.set(key, text);
    }
    sendToDevices([e], text);
  }
  return 1;
}

/** The devices of this process showing a room of a hospital. */
export const serving = (devices: Map<number, DeviceEntry>, hospitalCode: string, room: string) =>
  [...devices.values()].filter(
    (e) => e.state.hospital_code === hospitalCode && e.state.update.rooms.some((r) => r.room_name === room),
  );

/** A call, a doctor or a room change, delivered to this process's screens of the devices showing the room. */
export async function deliverRoomEvent(
  db: DbOrTx,
  devices: Map<number, DeviceEntry>,
  ev: Exclude<QueueEvent, { kind: 'device' }>,
  day: () => string,
): Promise<void> {
  const received = traceClock();
  const targets = serving(devices, ev.hospital_code, ev.call_room);
  const sockets = targets.reduce((n, e) => n + e.screens.size, 0);
  if (ev.kind === 'call') {
    sendToDevices(targets, ev.call);
    const key = `${ev.hospital_code}|${ev.call_room}|${ev.call.call_no}`;
    trace('deliver', { key, received, sent: traceClock(), sockets });
  } else if (ev.kind === 'doctor') {
    for (const e of targets) {
      const room = e.state.update.rooms.find((r) => r.room_name === ev.call_room);
      if (room) room.doctor = ev.name_current;
    }
    sendToDevices(targets, { type: 'doctor', call_room: ev.call_room, name_current: ev.name_current });
  } else {
    const queries = await refreshRooms(db, ev.hospital_code, day(), targets);
    trace('rooms', { room: ev.call_room, received, sent: traceClock(), sockets, queries });
  }
}
