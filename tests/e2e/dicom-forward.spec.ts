import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildDicom, uid, zipOf } from '../support/dicom-builder';
import { useE2e, type E2e } from '../fixtures/e2e';
import { signedIn } from '../fixtures/session';
import { ReportWritePage } from '../pages/report-write-page';

/** Study F: three small CT images of H001; device FWD_E2E: a listener on 127.0.0.1 that hangs up. */
const F = uid(71);
let listenerPort = 0;

async function setup(e2e: E2e) {
  const { origin } = e2e.platform;
  const login = await fetch(`${origin}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'Admin@123', logon_type: 'PC' }),
  });
  const { token } = (await login.json()) as { token: string };
  const files = [1, 2, 3].map((n) => ({
    name: `${n}.dcm`,
    data: buildDicom({ study: F, series: `${F}.1`, sop: `${F}.1.${n}`, instanceNumber: n, rows: 16, cols: 16 }),
  }));
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(files))]), 'f.zip');
  const up = await fetch(`${origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect((await up.text()).trim().split('\n').at(-1)).toContain('"uploaded":3');
  const server = net.createServer((s) => s.destroy());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  listenerPort = (server.address() as net.AddressInfo).port;
  const saved = await fetch(`${origin}/device/saveAet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Hangs up',
      aet: 'FWD_E2E',
      ip: '127.0.0.1',
      port: listenerPort,
      hospital_code: 'H001',
    }),
  });
  expect(saved.status).toBe(200);
  return async () => {
    await new Promise((r) => server.close(r));
  };
}

const e2e = useE2e(setup);

describe('image forwarding', () => {
  it('the writing screen forwards to a chosen device: the images not sent and why, the result', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    const rw = new ReportWritePage(page);
    await rw.open(e2e.platform.appUrl, F);
    await page.getByTestId('rw-btn-forward').click();
    const modal = page.getByTestId('fwd-modal');
    await expect.poll(() => modal.locator('tr[data-aet]').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('fwd-send').isDisabled()).toBe(true);
    await modal.locator('tr[data-aet=FWD_E2E]').click();
    await page.getByTestId('fwd-send').click();
    const result = page.getByTestId('fwd-result');
    await result.waitFor();
    expect(await result.getAttribute('data-success')).toBe('false');
    expect(await result.textContent()).toContain('Hangs up (FWD_E2E)');
    expect(await page.getByTestId('fwd-failures').locator('tbody tr.ant-table-row').count()).toBe(3);
    await page.getByTestId('fwd-close').click();
    await close();
  });

  it('the device screen tests a connection and shows why it failed', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'hadmin', { width: 1440, height: 900 });
    await page.goto(`${e2e.platform.appUrl}#/system/device`);
    await page.locator('tr[data-aet=FWD_E2E] [data-testid=device-echo]').click();
    await expect.poll(() => page.locator('.ant-message-notice').first().textContent()).toMatch(/连接失败/);
    await close();
  });
});
