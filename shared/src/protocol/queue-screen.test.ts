import { describe, expect, it } from 'vitest';
import { ScreenServerMessageSchema } from './queue-screen';

const call = {
  type: 'call',
  call_room: 'US1',
  call_no: 101,
  pat_name: '张*丰',
  pat_id: 'P1',
  name_current: 'Dr Li',
  sq_doctor: '',
  repeat: 0,
  speak_text: '请 101 号 到 US1 检查',
  time: '2026-01-01 08:00:00',
};

describe('screen messages', () => {
  it('carry the number segment prefix beside the number', () => {
    expect(ScreenServerMessageSchema.parse({ ...call, call_prefix: 'B' })).toMatchObject({ call_prefix: 'B' });
  });

  it("read a message without a prefix (from a process not yet updated) as ''", () => {
    expect(ScreenServerMessageSchema.parse(call)).toMatchObject({ call_no: 101, call_prefix: '' });
    const rooms = ScreenServerMessageSchema.parse({
      type: 'rooms',
      rooms: [
        { room_name: 'US1', doctor: '', current: null, waiting: [{ call_no: 3, pat_name: '李*' }], waiting_count: 1 },
      ],
    });
    expect(rooms).toMatchObject({ rooms: [{ waiting: [{ call_no: 3, call_prefix: '' }] }] });
  });
});
