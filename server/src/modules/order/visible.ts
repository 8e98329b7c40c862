import type { AuthUser } from '../../platform/core/auth-user';
import { notFound } from '../../platform/core/errors';
import { allowedModalities } from '../../platform/hospital-scope';

/**
 * A study the caller may address: live, of their hospital (any for the super administrator) and of their
 * modalities (data2). Anything else answers 404 like an unknown one, so an address reveals nothing.
 */
export function assertVisible<T extends { hospital_code: string; modality: string; is_del: number }>(
  me: AuthUser,
  row: T | null | undefined,
): T {
  if (!row || row.is_del) throw notFound();
  if (!me.isSuper && row.hospital_code !== me.hospital_code) throw notFound();
  const modalities = allowedModalities(me);
  if (modalities && !modalities.includes(row.modality)) throw notFound();
  return row;
}
