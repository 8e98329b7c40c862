import { STORAGE_KEYS } from '@web/lib/storage-keys';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/*
 * The screen's device key arrives once in the address (`&key=`), is kept in this browser's storage per
 * device, and is then taken out of the address bar, so it is not left on view or in the history of a
 * public screen. Later visits (`/screen?pk=7`) read it from storage; a new address with a new key wins.
 */

const storageKey = (pk: string) => `${STORAGE_KEYS.screenKey}${pk}`;

export function keepCallDeviceKey(pk: string, key: string, storage: KeyStorage): void {
  try {
    storage.setItem(storageKey(pk), key);
  } catch {
    // storage disabled: the key works while it is in the address
  }
}

export function readCallDeviceKey(pk: string, storage: KeyStorage): string | null {
  try {
    return storage.getItem(storageKey(pk));
  } catch {
    return null;
  }
}

/** The key to use: the address's, else the one kept for this device. */
export const callDeviceKeyOf = (pk: string, query: URLSearchParams, storage: KeyStorage): string | null =>
  query.get('key') || readCallDeviceKey(pk, storage);

/** The address without the key. */
export function withoutKey(query: URLSearchParams): URLSearchParams {
  const cleaned = new URLSearchParams(query);
  cleaned.delete('key');
  return cleaned;
}
