import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { callRoom, usNumber } from '../../db/schema';
import { segmentExhausted } from './errors';

/**
 * The call number of the room's n-th number of the day: start_no + n - 1 when the room has a number
 * segment (409 past its end; the transaction, counter included, rolls back), else n itself. The count
 * comes from the room's atomic counter, so two desks never get the same number.
 */
export async function segmentCallNo(tx: Tx, hospitalCode: string, room: string, n: number): Promise<number> {
  const [seg] = await tx
    .select({ prefix: usNumber.prefix, start_no: usNumber.start_no, end_no: usNumber.end_no })
    .from(usNumber)
    .innerJoin(callRoom, eq(callRoom.pk, usNumber.room_pk))
    .where(and(eq(callRoom.hospital_code, hospitalCode), eq(callRoom.room_name, room)))
    // Shared lock: an edit of the segment waits for this number, then sees it counted (segments.ts).
    .for('share', { of: usNumber });
  if (!seg) return n;
  const no = seg.start_no + n - 1;
  if (no > seg.end_no) throw segmentExhausted(room, seg.prefix, seg.end_no);
  return no;
}
