import type { ScreenDevice, ScreenRoom, ScreenServerMessage } from '@shared/protocol/queue-screen';

export interface ScreenState {
  device: ScreenDevice | null;
  /** The device's rooms in its order, each with its current and waiting patients (names masked). */
  rooms: ScreenRoom[];
}

export const EMPTY_SCREEN: ScreenState = { device: null, rooms: [] };

const emptyRoom = (room_name: string, doctor: string): ScreenRoom => ({
  room_name,
  doctor,
  current: null,
  waiting: [],
  waiting_count: 0,
});

/** The board after a server message (calls themselves go to the call view, not here). */
export function screenReducer(s: ScreenState, m: ScreenServerMessage): ScreenState {
  switch (m.type) {
    case 'update_device': {
      const known = new Map(s.rooms.map((r) => [r.room_name, r]));
      const rooms = m.rooms.map((r) => ({
        ...(known.get(r.room_name) ?? emptyRoom(r.room_name, r.doctor)),
        doctor: r.doctor,
      }));
      return { device: m.device, rooms };
    }
    case 'rooms':
      return { ...s, rooms: m.rooms };
    case 'doctor':
      return {
        ...s,
        rooms: s.rooms.map((r) => (r.room_name === m.call_room ? { ...r, doctor: m.name_current } : r)),
      };
    case 'call':
    case 'pong':
      return s;
  }
}
