import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queueCounter } from '../../platform/db/schema';
import { segmentCallNo, type IssuedNumber } from './segment-number';

/**
 * The next number of a room for the day: one upsert increments the counter row under its row lock, so
 * concurrent registrations never get the same number (the unique index on registrations backs this up).
 * A room with a US number segment maps the count into its range and gives its prefix, kept with the number
 * so a later edit of the prefix leaves numbers already issued as they were (us-stations/segment-number.ts).
 */
export async function nextCallNo(tx: Tx, hospitalCode: string, callRoom: string, day: string): Promise<IssuedNumber> {
  const [row] = await tx
    .insert(queueCounter)
    .values({ hospital_code: hospitalCode, call_room: callRoom, queue_day: day, last_no: 1 })
    .onConflictDoUpdate({
      target: [queueCounter.hospital_code, queueCounter.call_room, queueCounter.queue_day],
      set: { last_no: sql`${queueCounter.last_no} + 1` },
    })
    .returning({ no: queueCounter.last_no });
  return segmentCallNo(tx, hospitalCode, callRoom, row!.no);
}
