import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { MRRT_MAX_ELEMENTS, type MrrtImportQuery, type MrrtImportResult } from '@shared/schemas/layout';
import type { TemplateElement } from '@shared/schemas/report';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { createLayout } from '../../platform/db/layout-versions';
import { hospital, layoutTemplate } from '../../platform/db/schema';
import type { Caller } from '../../platform/http/caller';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import type { MrrtSource } from './mrrt-export';
import { freeName } from './names';
import { importMrrt, MrrtTooLarge } from './mrrt-import';

const bad = (field: string, msg: string) => AppError.validation('validation', [{ field, msg }]);

/**
 * Where a layout goes: the super administrator names any hospital or '' (the installation's default);
 * anyone else always their own hospital (empty means theirs, another one is refused).
 */
function targetHospital(me: AuthUser, wanted: string): string {
  if (me.isSuper) return wanted;
  if (wanted && wanted !== me.hospital_code) throw forbidden('forbiddenHospital');
  return me.hospital_code;
}

/**
 * The hospital an import goes to, checked before the file is read: another hospital is refused (403), an
 * unknown one named by the super administrator is a 400.
 */
export async function importTarget(db: Db, caller: Caller, q: MrrtImportQuery): Promise<MrrtImportQuery> {
  const { me, locale } = caller;
  const hospitalCode = targetHospital(me, q.hospital_code);
  if (me.isSuper && hospitalCode) {
    const [known] = await db.select({ pk: hospital.pk }).from(hospital).where(eq(hospital.code, hospitalCode));
    if (!known) throw bad('hospital_code', translate(locale, 'unknownHospital'));
  }
  return { hospital_code: hospitalCode, modality: q.modality };
}

/** Reads an MRRT file into a new layout of `importTarget`'s hospital (audited in the same transaction). */
export async function importLayout(
  db: Db,
  caller: Caller,
  target: MrrtImportQuery,
  html: string,
): Promise<MrrtImportResult> {
  const layout = readMrrt(html, caller.locale);
  return db.transaction(async (tx) => {
    const name = await freeName(tx, target.hospital_code, layout.name);
    // A draft: no report changes until an administrator has looked at it and activated it.
    const values = { ...target, name, elements: layout.elements };
    const row = await createLayout(tx, values, caller.me.username, { draft: true });
    await auditChange(tx, caller.me, {
      action: 'layout_import_mrrt',
      target: `layout_template:${row.pk}`,
      after: { name: row.name, ...target, elements: layout.count },
      ip: caller.ip,
    });
    return { pk: row.pk, name: row.name, elements: layout.count, removed: layout.removed };
  });
}

function readMrrt(html: string, locale: Locale) {
  let layout: ReturnType<typeof importMrrt>;
  try {
    layout = importMrrt(html);
  } catch (e) {
    if (e instanceof MrrtTooLarge) throw bad('body', translate(locale, 'mrrtTooLarge', { max: MRRT_MAX_ELEMENTS }));
    throw e;
  }
  if (!layout.elements.length) throw bad('body', translate(locale, 'mrrtEmpty'));
  return layout;
}

/** A layout the caller may read: their hospital's or the installation's; any for the super administrator. */
export async function layoutForExport(db: Db, me: AuthUser, pk: number): Promise<MrrtSource> {
  const scope = me.isSuper
    ? undefined
    : inArray(layoutTemplate.hospital_code, me.hospital_code ? [me.hospital_code, ''] : ['']);
  const [row] = await db
    .select()
    .from(layoutTemplate)
    .where(and(eq(layoutTemplate.pk, pk), scope));
  if (!row) throw notFound();
  return { ...row, elements: row.elements as TemplateElement[] };
}
