import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from './core/auth-user';
import type { Locale } from '@shared/constants';
import type { Db, DbOrTx } from './db/client';
import { hospital } from './db/schema';
import { AppError, forbidden } from './core/errors';
import { translate } from './core/i18n';

/**
 * The hospital a query is limited to. The super administrator sees every hospital (or the one asked
 * for); anyone else sees only their own, and asking for another is refused.
 */
export type HospitalScope = { all: true } | { all: false; code: string | null };

export async function hospitalScope(db: Db, user: AuthUser, sn?: string): Promise<HospitalScope> {
  const wanted = sn ? await codeOf(db, sn) : null;
  if (user.isSuper) return sn ? { all: false, code: wanted } : { all: true };
  if (sn && wanted !== user.hospital_code) throw forbidden('forbiddenHospital');
  return { all: false, code: user.hospital_code };
}

/** A scope as a condition on a hospital-code column: none for every hospital, nothing for an unknown one. */
export function inScope(scope: HospitalScope, column: AnyColumn): SQL | undefined {
  if (scope.all) return undefined;
  return scope.code === null ? sql`false` : eq(column, scope.code);
}

async function codeOf(db: Db, sn: string): Promise<string | null> {
  const [row] = await db.select({ code: hospital.code }).from(hospital).where(eq(hospital.sn, sn)).limit(1);
  return row?.code ?? null;
}

export function assertHospital(user: AuthUser, hospitalCode: string): void {
  if (!user.isSuper && user.hospital_code !== hospitalCode) throw forbidden('forbiddenHospital');
}

/** data2: when the user has a modality list, they see only those. */
export function allowedModalities(user: AuthUser, requested?: string[]): string[] | undefined {
  if (!user.modalities.length) return requested?.length ? requested : undefined;
  if (!requested?.length) return user.modalities;
  return requested.filter((m) => user.modalities.includes(m));
}

/**
 * The hospital a saved record (a device, an HIS interface) belongs to. A hospital administrator's records are
 * always in their own hospital (naming another is 403); the super administrator names an existing one (400
 * naming hospital_code otherwise), or keeps the record's current one.
 */
export async function hospitalToSave(
  db: DbOrTx,
  who: { me: AuthUser; locale: Locale },
  wanted: string | undefined,
  current?: string,
): Promise<string> {
  const { me, locale } = who;
  if (!me.isSuper) {
    if (wanted && wanted !== me.hospital_code) throw forbidden('forbiddenHospital');
    return me.hospital_code;
  }
  const code = wanted ?? current;
  const known = code ? await db.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, code)) : [];
  if (!known.length) {
    const msg = code ? translate(locale, 'orgNoHospital') : translate(locale, 'required');
    throw AppError.validation('validation', [{ field: 'hospital_code', msg }]);
  }
  return code!;
}
