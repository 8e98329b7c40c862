import { eq, type SQL } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { ImportDetail } from '@shared/schemas/list';
import { ScanItemInputSchema } from '@shared/schemas/scan-item';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import type { Caller } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import { scanItem } from '../../platform/db/schema';
import { translate } from '../../platform/core/i18n';
import { validateRows, type SheetRow } from '../../platform/list/xlsx-import';
import { descriptionKey, lockHospitalItems, takenDescriptions } from './unique';

/**
 * Imports scan items into the caller's hospital: rows valid by the schema, not repeated in the file and
 * not already there (same description and modality: ./unique) go in, in one transaction; the rest come
 * back as details. Imports of one hospital take turns (advisory lock), so two at once cannot both add
 * a description.
 */
export async function importScanItems(
  db: Db,
  { me, ip }: Caller,
  rows: SheetRow[],
  locale: Locale,
): Promise<{ imported: number; details: ImportDetail[] }> {
  const { valid, details } = validateRows(ScanItemInputSchema, rows, locale);
  const firstRow = new Map<string, number>();
  const fresh = valid.filter((r) => {
    const seen = firstRow.get(descriptionKey(r.data));
    if (seen === undefined) return firstRow.set(descriptionKey(r.data), r.row);
    details.push({ row: r.row, field: 'description', msg: translate(locale, 'importRepeated', { row: seen }) });
    return false;
  });
  const hospitalCode = me.hospital_code;
  const imported = await db.transaction(async (tx) => {
    if (!fresh.length) return 0;
    await lockHospitalItems(tx, hospitalCode);
    const taken = await takenDescriptions(
      tx,
      hospitalCode,
      fresh.map((r) => r.data),
    );
    const rowsIn = fresh.filter((r) => {
      if (!taken.has(descriptionKey(r.data))) return true;
      details.push({ row: r.row, field: 'description', msg: translate(locale, 'importExists') });
      return false;
    });
    if (!rowsIn.length) return 0;
    const added = await tx
      .insert(scanItem)
      .values(
        rowsIn.map(({ data }) => ({
          ...data,
          cost: data.cost.toFixed(2),
          other_price: data.other_price === undefined ? null : data.other_price.toFixed(2),
          hospital_code: hospitalCode,
        })),
      )
      .returning({ scanp_id: scanItem.scanp_id, description: scanItem.description, modality: scanItem.modality });
    // One row for the import: which items it added (each item's own row would flood the trail).
    await auditChange(tx, me, {
      action: 'scanp_import',
      target: `scan_item:${hospitalCode || '*'}`,
      after: { hospital_code: hospitalCode, count: added.length, items: added },
      ip,
    });
    return rowsIn.length;
  });
  return { imported, details };
}

/** The scan items a caller administers: their hospital's; the super administrator's: all. */
export function scanItemScope(me: AuthUser): SQL | undefined {
  return me.isSuper ? undefined : eq(scanItem.hospital_code, me.hospital_code);
}
