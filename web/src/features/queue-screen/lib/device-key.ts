import { STORAGE_KEYS } from '@web/lib/storage-keys';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The screen's device key: it arrives once in the address (`&key=`), is kept in this browser's storage per
 * device, and the address without it (`cleaned`) replaces the one shown, so the key is not left on view or
 * in the history of a public screen. Later visits (`/screen?pk=7`) read it from storage.
 */
export function takeDeviceKey(
  pk: string,
  query: URLSearchParams,
  storage: KeyStorage,
): { key: string | null; cleaned: URLSearchParams | null } {
  const storageKey = `${STORAGE_KEYS.screenKey}${pk}`;
  const given = query.get('key');
  if (given) {
    try {
      storage.setItem(storageKey, given);
    } catch {
      // storage disabled: the key works for this visit only
    }
    const cleaned = new URLSearchParams(query);
    cleaned.delete('key');
    return { key: given, cleaned };
  }
  try {
    return { key: storage.getItem(storageKey), cleaned: null };
  } catch {
    return { key: null, cleaned: null };
  }
}
