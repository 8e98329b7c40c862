import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => ({ dialogs: [] as unknown[], warnings: [] as { description: unknown }[] }));
vi.mock('./feedback', () => ({
  lastingFeedback: () => ({
    modal: { error: (o: unknown) => shown.dialogs.push(o) },
    notification: { warning: (o: { description: unknown }) => shown.warnings.push(o) },
  }),
}));
vi.mock('./i18n', () => ({
  i18n: { t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key) },
  i18nReady: Promise.resolve(),
}));

const storage = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => storage.set(k, v),
  removeItem: (k: string) => storage.delete(k),
});

const { noticeLicence, resetLicenceNotice } = await import('./licence-notice');

const headers = (h: Record<string, string>) => new Headers(h);
/** The notices wait for the texts (a resolved promise here). */
const settled = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  shown.dialogs.length = 0;
  shown.warnings.length = 0;
  storage.clear();
  resetLicenceNotice();
});

describe('licence headers in the web app', () => {
  it('pacs_auth false opens the vendor dialog once per page load', async () => {
    noticeLicence(headers({ pacs_auth: 'false', pacs_day: '0' }));
    noticeLicence(headers({ pacs_auth: 'false', pacs_day: '0' }));
    await settled();
    expect(shown.dialogs).toHaveLength(1);
    expect(shown.warnings).toHaveLength(0);
  });

  it('30 days or fewer: one warning with the days left per tab session; 31 or no date: none', async () => {
    noticeLicence(headers({ pacs_auth: 'true', pacs_day: '31' }));
    noticeLicence(headers({ pacs_auth: 'true' }));
    expect(shown.warnings).toHaveLength(0);
    noticeLicence(headers({ pacs_auth: 'true', pacs_day: '30' }));
    noticeLicence(headers({ pacs_auth: 'true', pacs_day: '30' }));
    await settled();
    expect(shown.warnings).toHaveLength(1);
    expect(String(shown.warnings[0]!.description)).toContain('{"days":30}');
    // a reload of the same tab: the page forgets, the tab's session remembers
    resetLicenceNotice();
    noticeLicence(headers({ pacs_auth: 'true', pacs_day: '29' }));
    await settled();
    expect(shown.warnings).toHaveLength(1);
    expect(shown.dialogs).toHaveLength(0);
  });

  it('ignores headers that are not a number of days', async () => {
    noticeLicence(headers({ pacs_auth: 'true', pacs_day: '-3' }));
    noticeLicence(headers({ pacs_auth: 'true', pacs_day: 'soon' }));
    await settled();
    expect(shown.warnings).toHaveLength(0);
  });
});
