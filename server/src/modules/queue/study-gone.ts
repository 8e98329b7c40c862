import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { registration } from '../../platform/db/schema';
import { auditChange } from '../../platform/audit';
import type { QueueEvent } from '../../platform/realtime/queue-events';

/**
 * Studies that left the worklist (to the recycle bin): their live queue registrations leave the desk and the
 * call screens with them, as the desk's own delete does, audited as such. A restored study does not queue its
 * patient again (the day may be over): the desk registers them anew. Returns the rooms to refresh, to be
 * published once the transaction committed.
 */
export async function leaveQueue(
  tx: DbOrTx,
  studyPks: number[],
  who: { pk: number | null; username: string; ip: string },
): Promise<QueueEvent[]> {
  if (!studyPks.length) return [];
  const gone = await tx
    .update(registration)
    .set({ is_del: 1 })
    .where(and(inArray(registration.study_pk, studyPks), eq(registration.is_del, 0)))
    .returning();
  for (const r of gone)
    await auditChange(tx, who, {
      action: 'queue.delete',
      target: `registration:${r.pk}`,
      before: { ...r, is_del: 0 },
      after: { ...r, reason: 'study deleted' },
      ip: who.ip,
    });
  const rooms = new Map(gone.filter((r) => r.call_room).map((r) => [`${r.hospital_code}\n${r.call_room}`, r]));
  return [...rooms.values()].map((r) => ({ kind: 'room', hospital_code: r.hospital_code, call_room: r.call_room }));
}
