import { and, eq } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import { callRoom, queueCounter } from '../../platform/db/schema';
import { noRoom } from '../queue';

/** The pk of a consulting room of the hospital; 400 on call_room when there is none. */
export async function roomPkOf(db: DbOrTx, locale: Locale, hospitalCode: string, room: string): Promise<number> {
  const [row] = await db
    .select({ pk: callRoom.pk })
    .from(callRoom)
    .where(and(eq(callRoom.hospital_code, hospitalCode), eq(callRoom.room_name, room)));
  if (!row) throw noRoom(locale, room);
  return row.pk;
}

/** How many numbers a room gave out on a day (its queue counter). */
export async function issuedOn(db: DbOrTx, hospitalCode: string, room: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: queueCounter.last_no })
    .from(queueCounter)
    .where(
      and(
        eq(queueCounter.hospital_code, hospitalCode),
        eq(queueCounter.call_room, room),
        eq(queueCounter.queue_day, day),
      ),
    );
  return row?.n ?? 0;
}
