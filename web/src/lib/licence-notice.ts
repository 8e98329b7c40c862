import type { ButtonProps } from 'antd';
import { LICENCE_HEADERS, LICENCE_WARNING_DAYS } from '@shared/constants';
import { lastingFeedback } from './feedback';
import { i18n, i18nReady } from './i18n';
import { STORAGE_KEYS } from './storage-keys';

let dialogShown = false;

function warnedThisSession(): boolean {
  try {
    if (sessionStorage.getItem(STORAGE_KEYS.licenceWarned)) return true;
    sessionStorage.setItem(STORAGE_KEYS.licenceWarned, '1');
  } catch {
    // Storage disabled: the page's own flag below still keeps it to once per load.
  }
  return false;
}

let warnedThisLoad = false;

/**
 * The licence headers of an answer (spec part 2, section 8): `pacs_auth` false opens the dialog to contact
 * the vendor (once per page load); `pacs_day` of 30 or less shows the days left (once per tab session).
 */
export function noticeLicence(headers: Headers | undefined): void {
  if (!headers) return; // a stand-in answer without headers (tests)
  const auth = headers.get(LICENCE_HEADERS.auth);
  if (auth === 'false') {
    if (dialogShown) return;
    dialogShown = true;
    // The first answers of a page can arrive before its language's texts.
    void i18nReady.then(() =>
      lastingFeedback().modal.error({
        title: i18n.t('common:licence.expiredTitle'),
        content: i18n.t('common:licence.expired'),
        okText: i18n.t('common:licence.ok'),
        okButtonProps: { 'data-testid': 'licence-dialog-ok' } as ButtonProps,
        className: 'rx-licence-dialog',
      }),
    );
    return;
  }
  const raw = headers.get(LICENCE_HEADERS.days);
  if (raw === null || !/^\d+$/.test(raw)) return;
  const days = Number(raw);
  if (days > LICENCE_WARNING_DAYS || warnedThisLoad) return;
  warnedThisLoad = true;
  if (warnedThisSession()) return;
  void i18nReady.then(() =>
    lastingFeedback().notification.warning({
      key: 'licence',
      title: i18n.t('common:licence.nearTitle'),
      description: i18n.t('common:licence.near', { days }),
      className: 'rx-licence-warning',
    }),
  );
}

/** For tests: forget what this page load has shown. */
export function resetLicenceNotice(): void {
  dialogShown = false;
  warnedThisLoad = false;
}
