import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { callRoom, usNumber } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';

/** A number as issued: the number and the prefix of the room's segment at that moment ('' none). */
export interface IssuedNumber {
  call_no: number;
  call_prefix: string;
}

type Segment = { prefix: string; start_no: number; end_no: number };

/** The room's n-th number of the day: start_no + n - 1 with the segment's prefix, else n; 409 past the end. */
export function numberInSegment(room: string, seg: Segment | undefined, n: number): IssuedNumber {
  if (!seg) return { call_no: n, call_prefix: '' };
  const no = seg.start_no + n - 1;
  if (no > seg.end_no) throw segmentExhausted(room, seg.prefix, seg.end_no);
  return { call_no: no, call_prefix: seg.prefix };
}

/**
 * The call number of the room's n-th number of the day, read under the segment's lock (409 past its end;
 * the transaction, counter included, rolls back). The count comes from the room's atomic counter, so two
 * desks never get the same number.
 */
export async function segmentCallNo(tx: Tx, hospitalCode: string, room: string, n: number): Promise<IssuedNumber> {
  const [seg] = await tx
    .select({ prefix: usNumber.prefix, start_no: usNumber.start_no, end_no: usNumber.end_no })
    .from(usNumber)
    .innerJoin(callRoom, eq(callRoom.pk, usNumber.room_pk))
    .where(and(eq(callRoom.hospital_code, hospitalCode), eq(callRoom.room_name, room)))
    // Shared lock: an edit of the segment waits for this number, then sees it counted (segments.ts).
    .for('share', { of: usNumber });
  return numberInSegment(room, seg, n);
}

/** 409: the room's segment has no number left today (nothing was written). */
export const segmentExhausted = (room: string, prefix: string, end: number) =>
  new AppError(409, 'US_NUMBER_EXHAUSTED', 'usNumberExhausted', { room, prefix, end });
