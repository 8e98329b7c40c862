import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ScanItem } from '@shared/schemas/patient';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { scanItem } from '../../platform/db/schema';
import { escapeLike } from '../../platform/list/query';

const LIST_MAX = 500;

type ScanRow = typeof scanItem.$inferSelect;
const toScanItem = (r: ScanRow): ScanItem => ({
  scanp_id: r.scanp_id,
  code: r.code,
  description: r.description,
  modality: r.modality,
  partnum: r.partnum,
  en: r.en,
  hospital_code: r.hospital_code,
});

/** Scan items of a hospital plus the installation-wide ones (hospital_code ''). */
function hospitalsOf(code: string): string[] {
  return code ? [code, ''] : [''];
}

/** The caller's scan items (their hospital's and shared ones; every hospital's for the super administrator). */
export async function findScanItems(
  db: Db,
  me: AuthUser,
  q: { modality?: string | undefined; keyword?: string | undefined },
): Promise<ScanItem[]> {
  const where: SQL[] = [];
  if (!me.isSuper) where.push(inArray(scanItem.hospital_code, hospitalsOf(me.hospital_code)));
  if (q.modality) where.push(eq(scanItem.modality, q.modality));
  if (me.modalities.length) where.push(inArray(scanItem.modality, me.modalities));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(scanItem.description, like), ilike(scanItem.code, like), ilike(scanItem.en, like))!);
  }
  const rows = await db
    .select()
    .from(scanItem)
    .where(and(...where))
    .orderBy(asc(scanItem.modality), asc(scanItem.description))
    .limit(LIST_MAX);
  return rows.map(toScanItem);
}

/** The chosen scan items, if every one exists for this hospital and modality; otherwise null. */
export async function scanItemsFor(
  db: Db,
  hospitalCode: string,
  modality: string,
  ids: number[],
): Promise<ScanItem[] | null> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(scanItem)
    .where(
      and(
        inArray(scanItem.scanp_id, unique),
        inArray(scanItem.hospital_code, hospitalsOf(hospitalCode)),
        eq(scanItem.modality, modality),
      ),
    );
  if (rows.length !== unique.length) return null;
  const byId = new Map(rows.map((r) => [r.scanp_id, r]));
  return unique.map((id) => toScanItem(byId.get(id)!));
}
