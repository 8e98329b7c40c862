import type { z } from 'zod';
import type { Locale } from '@shared/constants';
import type { ImportDetail } from '@shared/schemas/list';
import type { ScanItemImportRowSchema } from '@shared/schemas/scan-item';
import type { AuthUser } from '../../platform/core/auth-user';
import type { scanItem } from '../../platform/db/schema';
import { translate } from '../../platform/core/i18n';
import { descriptionKey } from './unique';

export type ScanDbRow = typeof scanItem.$inferSelect;
export type ImportRow = { row: number; data: z.output<typeof ScanItemImportRowSchema> };
/** A row that passed the scope checks: where it goes, and the item it changes (none yet: a new one). */
export type PlacedRow = ImportRow & { hospital: string; target?: ScanDbRow };

/** The item's key within the installation: hospital, modality and description (./unique's rule). */
export const itemKey = (hospital: string, r: { modality: string; description: string }) =>
  `${hospital}\u0000${descriptionKey(r)}`;

/**
 * Where each row goes, as the form decides it: the hospital named in the row, else the item's own, else the
 * caller's. A hospital administrator may name only their hospital, and an ID only of an item they administer
 * (byId holds those); a row breaking either is refused with its reason.
 */
export function placeRows(
  rows: ImportRow[],
  byId: ReadonlyMap<number, ScanDbRow>,
  me: AuthUser,
  locale: Locale,
  details: ImportDetail[],
): PlacedRow[] {
  return rows.flatMap((r): PlacedRow[] => {
    const named = r.data.hospital_code;
    if (named !== undefined && !me.isSuper && named !== me.hospital_code) {
      const msg = translate(locale, 'importOtherHospital', { hospital: named, own: me.hospital_code });
      details.push({ row: r.row, field: 'hospital_code', msg });
      return [];
    }
    const target = r.data.scanp_id === undefined ? undefined : byId.get(r.data.scanp_id);
    if (r.data.scanp_id !== undefined && !target) {
      details.push({
        row: r.row,
        field: 'scanp_id',
        msg: translate(locale, 'importNoSuchItem', { id: r.data.scanp_id }),
      });
      return [];
    }
    return [{ ...r, hospital: named ?? target?.hospital_code ?? me.hospital_code, target }];
  });
}

/**
 * Gives each row without an ID the hospital's item of the same description and modality (so a file
 * without the ID column updates too), then refuses a row naming the same item or the same key as an
 * earlier row, and one taking the key of an item the file leaves alone (`existing`: the hospitals' items
 * holding any of the file's keys).
 */
export function matchRows(
  placed: PlacedRow[],
  existing: ScanDbRow[],
  locale: Locale,
  details: ImportDetail[],
): PlacedRow[] {
  const holder = new Map(existing.map((e) => [itemKey(e.hospital_code, e), e]));
  const matched = placed.map((p) => (p.target ? p : { ...p, target: holder.get(itemKey(p.hospital, p.data)) }));
  const targets = new Set(matched.flatMap((p) => (p.target ? [p.target.scanp_id] : [])));
  const firstById = new Map<number, number>();
  const firstByKey = new Map<string, number>();
  return matched.filter((p) => {
    const key = itemKey(p.hospital, p.data);
    const seen = (p.target && firstById.get(p.target.scanp_id)) ?? firstByKey.get(key);
    if (seen !== undefined) {
      details.push({ row: p.row, field: 'description', msg: translate(locale, 'importRepeated', { row: seen }) });
      return false;
    }
    if (p.target) firstById.set(p.target.scanp_id, p.row);
    firstByKey.set(key, p.row);
    const other = holder.get(key);
    if (other && other.scanp_id !== p.target?.scanp_id && !targets.has(other.scanp_id)) {
      details.push({ row: p.row, field: 'description', msg: translate(locale, 'scanpExists') });
      return false;
    }
    return true;
  });
}
