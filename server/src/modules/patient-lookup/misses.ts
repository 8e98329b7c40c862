import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { PATIENT_IDENTIFIERS, PATIENT_LOOKUP_LIMIT, type PatientLookup } from '@shared/schemas/patient-lookup';
import type { Db } from '../../platform/db/client';
import { patientLookupMiss } from '../../platform/db/schema';

/** An identifier a look-up named, as stored: its hash with the hospital and the field (never the value). */
const targetHash = (hospital: string, field: string, value: string) =>
  createHash('sha256').update(`${hospital}\u0000${field}\u0000${value}`).digest('hex');

export const targetsOf = (q: PatientLookup) =>
  PATIENT_IDENTIFIERS.filter((k) => q[k]).map((k) => targetHash(q.hospital_code, k, q[k]));

const since = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** Whether the hospital has had so many misses within the hour that its look-up pauses. */
export async function hospitalPaused(db: Db, hospital: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(patientLookupMiss)
    .where(
      and(
        eq(patientLookupMiss.hospital_code, hospital),
        gt(patientLookupMiss.at, since(now, PATIENT_LOOKUP_LIMIT.hospitalWindowS)),
      ),
    );
  return Number(row?.n ?? 0) >= PATIENT_LOOKUP_LIMIT.hospitalMisses;
}

/** Whether any identifier the look-up names has had too many misses within the day (then it answers as a miss). */
export async function targetLocked(db: Db, targets: string[], now: Date): Promise<boolean> {
  if (!targets.length) return false;
  const rows = await db
    .select({ target: patientLookupMiss.target_hash, n: count() })
    .from(patientLookupMiss)
    .where(
      and(
        inArray(patientLookupMiss.target_hash, targets),
        gt(patientLookupMiss.at, since(now, PATIENT_LOOKUP_LIMIT.targetWindowS)),
      ),
    )
    .groupBy(patientLookupMiss.target_hash);
  return rows.some((r) => Number(r.n) >= PATIENT_LOOKUP_LIMIT.targetMisses);
}

/** Records a miss against each named identifier; rows older than the longest window go. */
export async function recordMiss(db: Db, hospital: string, targets: string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(patientLookupMiss).where(lt(patientLookupMiss.at, since(now, PATIENT_LOOKUP_LIMIT.targetWindowS)));
    if (targets.length) {
      await tx
        .insert(patientLookupMiss)
        .values(targets.map((target_hash) => ({ hospital_code: hospital, target_hash, at: now })));
    }
  });
}
