/** Every key this app keeps in the browser's storage, in one place. */
export const STORAGE_KEYS = {
  /** sessionStorage: token, expiry, lock state. */
  session: 'rxpacs.session',
  /** sessionStorage: open tabs of the multi-tab bar. */
  tabs: 'rxpacs.tabs',
  /** sessionStorage: the last worklist search (cleared at sign-in). */
  worklistSearch: 'rxpacs.worklist.search',
  /** sessionStorage: the last worklist filters as the OrderList body, for "next study" (lib/next-study.ts). */
  worklistFilters: 'rxpacs.worklist.filters',
  /** localStorage: zh-CN | en-US. */
  locale: 'rxpacs.locale',
  /** localStorage: failed sign-ins on this browser (captcha from 2). */
  loginFailures: 'rxpacs.login.failures',
  /** localStorage: password expiry info, one entry per username. */
  passwordExpiry: 'rxpacs.password.expiry',
  /** localStorage: when the low-disk warning last showed. */
  lowDiskWarnedAt: 'rxpacs.lowDisk.warnedAt',
  dbStrainWarnedAt: 'rxpacs.dbStrain.warnedAt',
  /** localStorage: hidden columns of a list, per route, with an expiry stamp (prefix + route). */
  listColumns: 'rxpacs.list.columns:',
  /** localStorage: a call screen's device key (prefix + device pk). */
  screenKey: 'rxpacs.screen.key:',
  /** localStorage: '1' once someone turned a call screen's sound on in this browser (autoplay). */
  screenSound: 'rxpacs.screen.soundOn',
  /** sessionStorage: '1' once the licence's days-left warning showed in this tab. */
  licenceWarned: 'rxpacs.licence.warned',
  /** localStorage: the room the call panel calls for on this workstation. */
  callPanelRoom: 'rxpacs.callPanel.room',
} as const;

export function readJson<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working without persistence.
  }
}
