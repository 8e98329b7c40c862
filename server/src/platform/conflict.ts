import type { Locale } from '@shared/constants';
import { AppError } from './core/errors';
import { translate, type MessageKey } from './core/i18n';

const FIELD_LABEL = {
  sn: 'orgFieldSn',
  code: 'orgFieldCode',
  aet: 'orgFieldAet',
  name: 'orgFieldName',
} as const satisfies Record<string, MessageKey>;

/** A value that must be unique is taken: 409 naming the field (by its label), in the caller's language. */
export function duplicate(locale: Locale, field: keyof typeof FIELD_LABEL, value: string): AppError {
  const label = translate(locale, FIELD_LABEL[field]);
  const e = new AppError(409, 'CONFLICT', 'orgDuplicate', { field: label, value });
  e.errors = [{ field, msg: translate(locale, 'orgDuplicate', { field: label, value }) }];
  return e;
}

/** PostgreSQL's unique_violation (23505), wherever in drizzle's cause chain it sits. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export type UseCounts = Partial<
  Record<'studies' | 'users' | 'devices' | 'scanItems' | 'children' | 'hospitals' | 'templates' | 'roles', number>
>;

const COUNT_KEY: Record<keyof UseCounts, MessageKey> = {
  studies: 'orgCountStudies',
  users: 'orgCountUsers',
  devices: 'orgCountDevices',
  scanItems: 'orgCountScanItems',
  children: 'orgCountChildren',
  hospitals: 'orgCountHospitals',
  templates: 'orgCountTemplates',
  roles: 'orgCountRoles',
};

/**
 * Throws 409 when anything still uses a row, naming what and how many ("2 users, 120 studies"); the
 * counts also go out as `data` so a client can show them its own way.
 */
export function refuseWhileUsed(locale: Locale, key: MessageKey, counts: UseCounts): void {
  const used = (Object.entries(counts) as [keyof UseCounts, number][]).filter(([, n]) => n > 0);
  if (!used.length) return;
  const what = used.map(([k, n]) => translate(locale, COUNT_KEY[k], { n })).join(translate(locale, 'orgListSep'));
  throw new AppError(409, 'CONFLICT', key, { what }, undefined, Object.fromEntries(used));
}
