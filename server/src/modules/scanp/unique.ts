import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { scanItem } from '../../platform/db/schema';

/**
 * The one uniqueness rule of a scan item, for the form and the import alike: its description is unique
 * within its hospital and modality ('' hospital: the installation-wide items).
 */
export const descriptionKey = (r: { modality: string; description: string }) => `${r.modality}\u0000${r.description}`;

/** Changes to one hospital's scan items take turns, so two cannot both add a description. */
export async function lockHospitalItems(tx: DbOrTx, hospitalCode: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scan_item:${hospitalCode}`}))`);
}

/** The keys (descriptionKey) of these items the hospital already has, the item being edited left out. */
export async function takenDescriptions(
  tx: DbOrTx,
  hospitalCode: string,
  items: { modality: string; description: string }[],
  exceptId?: number,
): Promise<Set<string>> {
  if (!items.length) return new Set();
  const rows = await tx
    .select({ modality: scanItem.modality, description: scanItem.description })
    .from(scanItem)
    .where(
      and(
        eq(scanItem.hospital_code, hospitalCode),
        inArray(
          scanItem.description,
          items.map((i) => i.description),
        ),
        or(...[...new Set(items.map((i) => i.modality))].map((m) => eq(scanItem.modality, m))),
        exceptId === undefined ? undefined : ne(scanItem.scanp_id, exceptId),
      ),
    );
  return new Set(rows.map(descriptionKey));
}
