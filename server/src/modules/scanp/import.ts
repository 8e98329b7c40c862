import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { ImportDetail } from '@shared/schemas/list';
import { ScanItemImportRowSchema } from '@shared/schemas/scan-item';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, Tx } from '../../platform/db/client';
import type { Caller } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import { hospital, scanItem } from '../../platform/db/schema';
import { translate } from '../../platform/core/i18n';
import { validateRows, type ImportCounts, type SheetRow } from '../../platform/list/xlsx-import';
import { matchRows, placeRows, type PlacedRow, type ScanDbRow } from './import-plan';
import { lockHospitalItems } from './unique';

const NONE: ImportCounts = { inserted: 0, updated: 0, unchanged: 0 };

/**
 * Imports scan items, all or nothing, in one transaction: a row with an ID (the export's key column)
 * changes that item, one without changes the hospital's item of the same description and modality or
 * adds one. A hospital administrator imports into their hospital only; any refused row (invalid, another
 * hospital's, repeated, clashing) comes back as a detail and nothing is written. Imports and form saves
 * of one hospital take turns (advisory lock), so two cannot both add a description.
 */
export async function importScanItems(
  db: Db,
  caller: Caller,
  rows: SheetRow[],
  locale: Locale,
): Promise<{ counts: ImportCounts; details: ImportDetail[] }> {
  const { me } = caller;
  const { valid, details } = validateRows(ScanItemImportRowSchema, rows, locale);
  return db.transaction(async (tx) => {
    const ids = valid.flatMap((r) => (r.data.scanp_id === undefined ? [] : [r.data.scanp_id]));
    const byId = new Map(
      (await lockedItems(tx, me, ids.length ? inArray(scanItem.scanp_id, ids) : undefined)).map((r) => [r.scanp_id, r]),
    );
    const placed = placeRows(valid, byId, me, locale, details);
    const hospitals = [...new Set(placed.map((p) => p.hospital))].sort();
    if (me.isSuper) await refuseUnknownHospitals(tx, placed, hospitals, locale, details);
    for (const h of hospitals) await lockHospitalItems(tx, h);
    const descriptions = [...new Set(placed.map((p) => p.data.description))];
    const existing = descriptions.length
      ? await lockedItems(
          tx,
          me,
          and(inArray(scanItem.hospital_code, hospitals), inArray(scanItem.description, descriptions)),
        )
      : [];
    const planned = matchRows(placed, existing, locale, details);
    if (details.length || !planned.length) return { counts: NONE, details };
    return { counts: await writeRows(tx, caller, planned), details };
  });
}

/** The items matching `where` that the caller administers, locked until the import ends (none: nothing asked). */
async function lockedItems(tx: Tx, me: AuthUser, where: SQL | undefined): Promise<ScanDbRow[]> {
  if (!where) return [];
  return tx
    .select()
    .from(scanItem)
    .where(and(where, scanItemScope(me)))
    .for('update');
}

/** The super administrator names hospitals: each must exist ('' is the installation-wide items). */
async function refuseUnknownHospitals(
  tx: Tx,
  placed: PlacedRow[],
  hospitals: string[],
  locale: Locale,
  details: ImportDetail[],
): Promise<void> {
  const named = hospitals.filter(Boolean);
  if (!named.length) return;
  const known = await tx.select({ code: hospital.code }).from(hospital).where(inArray(hospital.code, named));
  const ok = new Set(['', ...known.map((k) => k.code)]);
  for (const p of placed) {
    if (!ok.has(p.hospital))
      details.push({ row: p.row, field: 'hospital_code', msg: translate(locale, 'unknownHospital') });
  }
}

const valuesOf = (p: PlacedRow) => ({
  description: p.data.description,
  code: p.data.code,
  modality: p.data.modality,
  cost: p.data.cost.toFixed(2),
  other_price: p.data.other_price === undefined ? null : p.data.other_price.toFixed(2),
  partnum: p.data.partnum,
  coefficient: p.data.coefficient,
  custom_code: p.data.custom_code,
  en: p.data.en,
  hospital_code: p.hospital,
});
type ScanValues = ReturnType<typeof valuesOf>;

/** The fields a row changes in its item, as they were and as they become (none: unchanged). */
function changeOf(before: ScanDbRow, after: ScanValues) {
  const fields = (Object.keys(after) as (keyof ScanValues)[]).filter((k) => before[k] !== after[k]);
  if (!fields.length) return undefined;
  return {
    scanp_id: before.scanp_id,
    before: Object.fromEntries(fields.map((k) => [k, before[k]])),
    after: Object.fromEntries(fields.map((k) => [k, after[k]])),
  };
}

/** Adds the new items and changes the others, with one audit row naming what was added and changed. */
async function writeRows(tx: Tx, { me, ip }: Caller, planned: PlacedRow[]): Promise<ImportCounts> {
  const fresh = planned.filter((p) => !p.target).map(valuesOf);
  const added = fresh.length
    ? await tx
        .insert(scanItem)
        .values(fresh)
        .returning({ scanp_id: scanItem.scanp_id, description: scanItem.description, modality: scanItem.modality })
    : [];
  const changes = [];
  for (const p of planned) {
    if (!p.target) continue;
    const change = changeOf(p.target, valuesOf(p));
    if (!change) continue;
    await tx.update(scanItem).set(valuesOf(p)).where(eq(scanItem.scanp_id, p.target.scanp_id));
    changes.push(change);
  }
  // One row for the import (each item's own row would flood the trail).
  await auditChange(tx, me, {
    action: 'scanp_import',
    target: `scan_item:${me.hospital_code || '*'}`,
    after: { hospital_code: me.hospital_code, inserted: added.length, updated: changes.length, items: added, changes },
    ip,
  });
  return { inserted: added.length, updated: changes.length, unchanged: planned.length - added.length - changes.length };
}

/** The scan items a caller administers: their hospital's; the super administrator's: all. */
export function scanItemScope(me: AuthUser): SQL | undefined {
  return me.isSuper ? undefined : eq(scanItem.hospital_code, me.hospital_code);
}
