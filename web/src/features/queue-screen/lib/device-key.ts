import { STORAGE_KEYS } from '@web/lib/storage-keys';

/**
 * The screen's device key: it arrives once in the address (`&key=`), is kept in this browser's storage per
 * device and taken out of the address bar, so it is not left on view or in the history of a public screen.
 * Later visits (`/screen?pk=7`) read it from storage.
 */
export function takeDeviceKey(
  pk: string,
  loc: { search: string; hash: string; pathname: string },
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  replaceUrl: (url: string) => void,
): string | null {
  const storageKey = `${STORAGE_KEYS.screenKey}${pk}`;
  // A hash router keeps its query inside the hash: /rxpacs/#/screen?pk=7&key=...
  const [route = '', query = ''] = loc.hash.split('?');
  const params = new URLSearchParams(query);
  const given = params.get('key');
  if (given) {
    try {
      storage.setItem(storageKey, given);
    } catch {
      // storage disabled: the key works for this visit only
    }
    params.delete('key');
    const rest = params.toString();
    replaceUrl(`${loc.pathname}${loc.search}${route}${rest ? `?${rest}` : ''}`);
    return given;
  }
  try {
    return storage.getItem(storageKey);
  } catch {
    return null;
  }
}
