import { expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken } from '../fixtures/report-api';
import { shot } from '../fixtures/shots';

const e2e = useE2e();

it('/page1, /page2/{newId}/{newTitle} and /temp say they are not set up, then lead to the addresses the administrator sets', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${e2e.platform.appUrl}#/temp`);
    await page.getByTestId('static-page-not-set').waitFor();
    await shot(page, 'static-page-not-set-zh-CN');
    const admin = await apiToken(e2e.platform, 'admin');
    await apiPost(e2e.platform, admin, '/config/update', {
      name: 'static_page2_url',
      value: `${e2e.platform.origin}/healthz`,
    });
    await page.goto(`${e2e.platform.appUrl}#/page2/42/${encodeURIComponent('院内通知')}`);
    await page.waitForURL((u) => u.pathname === '/healthz');
    const url = new URL(page.url());
    expect([url.searchParams.get('newId'), url.searchParams.get('newTitle')]).toEqual(['42', '院内通知']);
  } finally {
    await context.close();
  }
});
