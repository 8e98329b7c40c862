import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { AccountSettingsPage } from '../pages/account-settings-page';
import { ReportPrintPage } from '../pages/report-print-page';
import { testPng } from '../support/test-png';

const e2e = useE2e();
const dir = path.join(tmpdir(), `rx-sign-${process.pid}`);
const file = (name: string, bytes: Buffer | string) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};
/** A signature-like scribble, and a round red seal. */
const SIGNATURE = testPng(240, 80);
const SEAL = testPng(160, 160, {
  pixel: (x, y) => {
    const r = Math.hypot(x - 80, y - 80);
    return (r > 66 && r < 74) || (r < 30 && (x + y) % 7 < 3) ? [212, 32, 44] : [255, 255, 255];
  },
});

/** Whether every image under the test id has loaded with pixels. */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((imgs) =>
      imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    );

let pending: { study_iuid: string };

beforeAll(async () => {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  const doctor = await apiToken(e2e.platform, 'doctor');
  const [fresh] = await studiesWithStatus(e2e.platform, doctor, 0);
  if (!fresh) throw new Error('the demo data has no unwritten study');
  pending = fresh;
});

describe('signature images and the hospital seal', () => {
  it('a user uploads their signature (a refusal shows the server message), the administrator the seal', async () => {
    for (const user of ['auditor', 'doctor'] as const) {
      const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, user, { width: 1440, height: 900 });
      const settings = new AccountSettingsPage(page, e2e.platform.appUrl);
      await settings.open('base');
      const input = page.locator('[data-testid=own-sign] input[type=file]');
      await input.setInputFiles(file('not-an-image.png', 'just text, named .png'));
      await page.getByTestId('own-sign-error').waitFor();
      expect(await page.getByTestId('own-sign-error').textContent()).toBe('图片须为 jpg、jpeg 或 png 格式');
      await page.locator('[data-testid=own-sign][data-state=empty]').waitFor();
      await input.setInputFiles(file(`${user}-sign.png`, SIGNATURE));
      await page.locator('[data-testid=own-sign][data-state=set]').waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=own-sign-image]');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      expect(await page.getByTestId('own-sign-error').count()).toBe(0);
      if (user === 'auditor') {
        await shot(page, 'sign-image-account-settings-zh-CN');
        await shell.switchLanguage('en-US');
        await page.getByText('Signature image (printed on the reports you write and audit)').waitFor();
        await shot(page, 'sign-image-account-settings-en-US');
        await shell.switchLanguage('zh-CN');
      }
      await close();
    }

    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    await page.goto(`${e2e.platform.appUrl}#/system/hospital`);
    await page.getByTestId('hospital-edit').first().click();
    await page.getByTestId('hospital-sign').waitFor();
    await page.locator('[data-testid=hospital-sign] input[type=file]').setInputFiles(file('seal.png', SEAL));
    await page.locator('[data-testid=hospital-sign][data-state=set]').waitFor();
    await page
      .locator('[data-testid=hospital-logo] input[type=file]')
      .setInputFiles(file('logo.png', testPng(96, 96, { pixel: (x, y) => [30 + x, 100 + y, 200] })));
    await page.locator('[data-testid=hospital-logo][data-state=set]').waitFor();
    await page
      .locator('[data-testid=hospital-head] input[type=file]')
      .setInputFiles(file('huge.png', testPng(2400, 10)));
    await page.getByTestId('hospital-head-error').waitFor();
    expect(await page.getByTestId('hospital-head-error').textContent()).toContain('2400 × 10');
    expect(await loaded(page, '[data-testid=hospital-sign-image], [data-testid=hospital-logo-image]')).toEqual([
      true,
      true,
    ]);
    await page
      .getByTestId('hospital-images')
      .first()
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    await page.getByTestId('hospital-head-error').scrollIntoViewIfNeeded();
    await shot(page, 'hospital-images-admin-zh-CN');
    await page.keyboard.press('Escape');
    await shell.switchLanguage('en-US');
    await page.getByTestId('hospital-edit').first().click();
    await page.locator('[data-testid=hospital-sign][data-state=set]').waitFor();
    await page.getByTestId('hospital-head').scrollIntoViewIfNeeded();
    await shot(page, 'hospital-images-admin-en-US');
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.platform.appUrl}#/system/user`);
    await page.getByTestId('user-row-edit-auditor').click();
    await page.locator('[data-testid=user-sign][data-state=set]').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=user-sign-image]');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await shot(page, 'sign-image-user-admin-en-US');
    await close();
  });

  it('the print page shows both signatures and the seal once audited, and nothing before', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    await ReportPrintPage.stubPrinting(page);
    const print = new ReportPrintPage(page, e2e.platform.appUrl);
    const info = await writeAndAudit(e2e.platform, pending.study_iuid, {
      findings: '肝脏形态大小正常，实质回声均匀。',
      opinion: '肝脏未见明显异常。',
    });
    const report = info.reports[0]! as (typeof info.reports)[number] & { report_doctor_sign?: string };
    expect(report.report_doctor_sign).toMatch(/^\/tool\/signImage\//);
    await print.open({ study_iuid: pending.study_iuid, rpt_pk: String(report.rpt_pk) });
    await print.waitReady();
    const images = '[data-testid=print-root] img';
    const sources = await page.locator(images).evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(sources.filter((s) => s.includes('/tool/signImage/'))).toHaveLength(3);
    expect((await loaded(page, images)).every(Boolean)).toBe(true);
    await page.locator(images).last().scrollIntoViewIfNeeded();
    await shot(page, 'report-print-signatures-seal-zh-CN');
    await close();
  });
});
