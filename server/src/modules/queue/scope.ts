import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../platform/core/auth-user';
import type { DbOrTx } from '../../platform/db/client';
import { hospital } from '../../platform/db/schema';
import { AppError, forbidden } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import type { Locale } from '@shared/constants';

/**
 * The hospital a queue call acts on: anyone but the super administrator acts on their own (naming another
 * is 403); the super administrator names an existing one, or acts on their own when they have one.
 */
export async function queueHospital(
  db: DbOrTx,
  me: AuthUser,
  locale: Locale,
  wanted: string | undefined,
): Promise<string> {
  if (!me.isSuper) {
    if (wanted && wanted !== me.hospital_code) throw forbidden('forbiddenHospital');
    return me.hospital_code;
  }
  const code = wanted || me.hospital_code;
  const known = code ? await db.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, code)) : [];
  if (!known.length) {
    const msg = translate(locale, code ? 'orgNoHospital' : 'required');
    throw AppError.validation('validation', [{ field: 'hospital_code', msg }]);
  }
  return code;
}

/** A row of the caller's hospital; another hospital's reads as absent. */
export function ownRow<T extends { hospital_code: string }>(me: AuthUser, row: T | undefined): row is T {
  return Boolean(row) && (me.isSuper || row!.hospital_code === me.hospital_code);
}
