import { COLUMN_SETTINGS_MS } from '@shared/constants';
import { readJson, STORAGE_KEYS, writeJson } from '@web/lib/storage-keys';

interface Saved {
  hidden: string[];
  /** Epoch ms after which the setting is forgotten (spec: column settings are kept 7 days). */
  expires: number;
}

export const columnSettingsKey = (route: string) => `${STORAGE_KEYS.listColumns}${route}`;

function isSaved(v: unknown): v is Saved {
  const s = v as Saved | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    Array.isArray(s.hidden) &&
    s.hidden.every((k) => typeof k === 'string') &&
    typeof s.expires === 'number'
  );
}

/** The hidden column keys saved for a route; none when nothing is saved or the setting has expired. */
export function readHiddenColumns(storage: Storage, route: string, now: number): string[] {
  const key = columnSettingsKey(route);
  const saved = readJson<unknown>(storage, key, null);
  if (!isSaved(saved)) return [];
  if (saved.expires <= now) {
    storage.removeItem(key);
    return [];
  }
  return saved.hidden;
}

/** Saves the hidden columns for 7 days from now; showing every column again removes the entry. */
export function writeHiddenColumns(storage: Storage, route: string, hidden: readonly string[], now: number): void {
  const key = columnSettingsKey(route);
  if (hidden.length === 0) storage.removeItem(key);
  else writeJson(storage, key, { hidden: [...hidden], expires: now + COLUMN_SETTINGS_MS } satisfies Saved);
}
