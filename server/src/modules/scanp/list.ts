import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { SCAN_ITEM_FILTERS, type ScanItemRow } from '@shared/schemas/scan-item';
import { scanItem } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { hospitalScope, inScope } from '../../platform/hospital-scope';
import { toScanRow } from './admin';
import { scanItemScope } from './import';
import { escapeLike } from '../../platform/list/query';

/** Scan item administration: the caller's hospital's items; the super administrator's: all, or one hospital's (sn). */
export const scanItemList = defineList<
  ScanItemRow,
  typeof SCAN_ITEM_FILTERS,
  'description' | 'modality' | 'code' | 'cost' | 'hospital_code'
>({
  name: 'scan_item',
  sorts: {
    description: scanItem.description,
    modality: scanItem.modality,
    code: scanItem.code,
    cost: scanItem.cost,
    hospital_code: scanItem.hospital_code,
  },
  defaultSort: { column: 'modality', order: 'asc' },
  tiebreak: scanItem.scanp_id,
  filters: SCAN_ITEM_FILTERS,
  where: async (f, { db, user }) => {
    const where: (SQL | undefined)[] = [scanItemScope(user)];
    if (f.sn) {
      where.push(inScope(await hospitalScope(db, user, f.sn), scanItem.hospital_code));
    }
    if (f.modality) where.push(eq(scanItem.modality, f.modality));
    if (f.keyword) {
      const like = `%${escapeLike(f.keyword)}%`;
      where.push(
        or(
          ilike(scanItem.description, like),
          ilike(scanItem.code, like),
          ilike(scanItem.en, like),
          ilike(scanItem.custom_code, like),
        ),
      );
    }
    return and(...where);
  },
  rows: async ({ db }, q) => {
    const rows = await db
      .select()
      .from(scanItem)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map(toScanRow);
  },
  count: ({ db }, where) => db.$count(scanItem, where),
});
