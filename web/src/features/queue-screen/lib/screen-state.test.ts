import { describe, expect, it } from 'vitest';
import { CALL_SETTING_DEFAULTS } from '@shared/schemas/call-devices';
import type { ScreenRoom } from '@shared/protocol/queue-screen';
import { EMPTY_SCREEN, screenReducer } from './screen-state';

const device = {
  pk: 7,
  name: 'Hall screen',
  hospital_code: 'H001',
  hospital_name: 'First Hospital',
  department: 'Radiology',
  status: 1,
  settings: { ...CALL_SETTING_DEFAULTS },
};
const room = (room_name: string, current: ScreenRoom['current'] = null): ScreenRoom => ({
  room_name,
  doctor: '',
  current,
  waiting: [],
  waiting_count: 0,
});

describe('screen state', () => {
  it('lists the device rooms in its order, keeping what is known of each', () => {
    const withRooms = screenReducer(EMPTY_SCREEN, {
      type: 'rooms',
      rooms: [
        room('CT1', {
          call_no: 3,
          call_prefix: '',
          pat_name: '张*丰',
          state: 'called',
          call_time: '2026-01-01T08:00:00Z',
        }),
      ],
    });
    const s = screenReducer(withRooms, {
      type: 'update_device',
      device,
      rooms: [
        { room_name: 'DR1', doctor: 'Dr Li' },
        { room_name: 'CT1', doctor: '' },
      ],
    });
    expect(s.device?.hospital_name).toBe('First Hospital');
    expect(s.rooms.map((r) => [r.room_name, r.doctor, r.current?.call_no ?? null])).toEqual([
      ['DR1', 'Dr Li', null],
      ['CT1', '', 3],
    ]);
  });

  it("replaces the rooms on a rooms message and sets a room's doctor on a doctor message", () => {
    const s1 = screenReducer(EMPTY_SCREEN, { type: 'rooms', rooms: [room('CT1'), room('MR1')] });
    const s2 = screenReducer(s1, { type: 'doctor', call_room: 'MR1', name_current: 'Dr Wang' });
    expect(s2.rooms.map((r) => r.doctor)).toEqual(['', 'Dr Wang']);
    expect(screenReducer(s2, { type: 'pong' })).toBe(s2);
  });
});
