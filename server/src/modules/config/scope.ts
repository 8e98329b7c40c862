import { inArray, sql, type SQL } from 'drizzle-orm';
import { configHospital, HOSPITAL_CONFIG_BASES } from '@shared/config-kinds';
import type { AuthUser } from '../../platform/core/auth-user';
import { sysConfig } from '../../platform/db/schema';
import { forbidden, notFound } from '../../platform/core/errors';

/** The entries a hospital's administrator may see and change: their own hospital's `<base>_<code>` ones. */
const ownNames = (me: AuthUser) => Object.keys(HOSPITAL_CONFIG_BASES).map((base) => `${base}_${me.hospital_code}`);

/**
 * The list's condition: everything for the super administrator; for anyone else (sys:config of a
 * hospital's role) only their hospital's own entries, so the installation's and other hospitals' stay unseen.
 */
export function configScope(me: AuthUser): SQL | undefined {
  if (me.isSuper) return undefined;
  return me.hospital_code ? inArray(sysConfig.name, ownNames(me)) : sql`false`;
}

/**
 * An entry the caller may create, change or delete. One the installation shares is refused to anyone but
 * the super administrator (403, whatever their role holds); another hospital's reads as absent when it is
 * changed (404, as for the rest of another hospital's data) and is refused when it is to be created.
 */
export function assertConfigInScope(me: AuthUser, name: string, purpose: 'create' | 'change'): void {
  if (me.isSuper) return;
  const owner = configHospital(name);
  if (owner && me.hospital_code && owner === me.hospital_code) return;
  if (owner && purpose === 'change') throw notFound();
  throw forbidden('configNotOwnHospital');
}
