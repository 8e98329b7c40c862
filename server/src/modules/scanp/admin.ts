import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ScanItem } from '@shared/schemas/patient';
import type { ScanItemRow, ScanItemSaveSchema } from '@shared/schemas/scan-item';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { hospital, scanItem } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import type { Caller } from '../../platform/http/caller';
import { scanItemScope } from './import';
import { descriptionKey, lockHospitalItems, takenDescriptions } from './unique';

type ScanDbRow = typeof scanItem.$inferSelect;

export const toScanRow = (r: ScanDbRow): ScanItemRow => ({
  scanp_id: r.scanp_id,
  description: r.description,
  code: r.code,
  modality: r.modality,
  cost: Number(r.cost),
  other_price: r.other_price === null ? null : Number(r.other_price),
  partnum: r.partnum,
  coefficient: r.coefficient,
  custom_code: r.custom_code,
  en: r.en,
  hospital_code: r.hospital_code,
});

const toPick = (r: ScanDbRow): ScanItem => ({
  scanp_id: r.scanp_id,
  code: r.code,
  description: r.description,
  modality: r.modality,
  partnum: r.partnum,
  en: r.en,
  hospital_code: r.hospital_code,
});

const bad = (field: string, msg: string) => AppError.validation('validation', [{ field, msg }]);

/**
 * The scan items a caller may pick (body-part search, shortcuts): their hospital's and the
 * installation-wide ones, within their modalities (data2); every one for the super administrator.
 */
export function scanItemReadScope(me: AuthUser): SQL | undefined {
  if (me.isSuper) return undefined;
  return and(
    inArray(scanItem.hospital_code, me.hospital_code ? [me.hospital_code, ''] : ['']),
    me.modalities.length ? inArray(scanItem.modality, me.modalities) : undefined,
  );
}

/** Where the item goes: the hospital asked for (another one: the super administrator only), else where it is. */
function hospitalOf(me: AuthUser, wanted: string | undefined, current: string | undefined): string {
  if (wanted === undefined) return current ?? me.hospital_code;
  if (!me.isSuper && wanted !== me.hospital_code) throw forbidden('forbiddenHospital');
  return wanted;
}

/**
 * Creates (scanp_id absent) or replaces a scan item of the caller's hospital; the super administrator
 * also any hospital's and the installation-wide ones (hospital_code ''). Out of scope: 404, nothing written.
 */
export async function saveScanItem(
  db: Db,
  caller: Caller,
  input: z.output<typeof ScanItemSaveSchema>,
): Promise<ScanItemRow> {
  const { me, locale } = caller;
  return db.transaction(async (tx) => {
    const before =
      input.scanp_id === undefined
        ? undefined
        : (
            await tx
              .select()
              .from(scanItem)
              .where(and(eq(scanItem.scanp_id, input.scanp_id), scanItemScope(me)))
              .for('update')
          )[0];
    if (input.scanp_id !== undefined && !before) throw notFound();
    const hospitalCode = hospitalOf(me, input.hospital_code, before?.hospital_code);
    if (me.isSuper && hospitalCode) {
      const [known] = await tx.select({ pk: hospital.pk }).from(hospital).where(eq(hospital.code, hospitalCode));
      if (!known) throw bad('hospital_code', translate(locale, 'unknownHospital'));
    }
    await lockHospitalItems(tx, hospitalCode);
    const taken = await takenDescriptions(tx, hospitalCode, [input], before?.scanp_id);
    if (taken.has(descriptionKey(input))) throw bad('description', translate(locale, 'scanpExists'));
    const values = {
      description: input.description,
      code: input.code,
      modality: input.modality,
      cost: input.cost.toFixed(2),
      other_price: input.other_price === undefined ? null : input.other_price.toFixed(2),
      partnum: input.partnum,
      coefficient: input.coefficient,
      custom_code: input.custom_code,
      en: input.en,
      hospital_code: hospitalCode,
    };
    const [after] = before
      ? await tx.update(scanItem).set(values).where(eq(scanItem.scanp_id, before.scanp_id)).returning()
      : await tx.insert(scanItem).values(values).returning();
    await auditChange(tx, me, {
      action: before ? 'scanp_update' : 'scanp_create',
      target: `scan_item:${after!.scanp_id}`,
      before: before ?? null,
      after: after ?? null,
      ip: caller.ip,
    });
    return toScanRow(after!);
  });
}

/** The items with these ids the caller may pick, in the order asked (others are left out). */
export async function scanItemsByIds(db: Db, me: AuthUser, ids: number[]): Promise<ScanItem[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(scanItem)
    .where(and(inArray(scanItem.scanp_id, ids), scanItemReadScope(me)));
  const byId = new Map(rows.map((r) => [r.scanp_id, r]));
  return [...new Set(ids)].flatMap((id) => {
    const r = byId.get(id);
    return r ? [toPick(r)] : [];
  });
}

/** The descriptions the caller may pick, grouped by modality (pick lists such as statistics filters). */
export async function descriptionsByModality(db: Db, me: AuthUser, modality?: string) {
  const rows = await db
    .select()
    .from(scanItem)
    .where(and(scanItemReadScope(me), modality ? eq(scanItem.modality, modality) : undefined))
    .orderBy(asc(scanItem.modality), asc(scanItem.description), asc(scanItem.scanp_id));
  const groups = new Map<string, { scanp_id: number; description: string; en: string }[]>();
  for (const r of rows) {
    const g = groups.get(r.modality) ?? [];
    g.push({ scanp_id: r.scanp_id, description: r.description, en: r.en });
    groups.set(r.modality, g);
  }
  return [...groups].map(([m, items]) => ({ modality: m, items }));
}
