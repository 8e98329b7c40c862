import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDicom, TINY_JPEG, truncate, uid, zipOf } from '../support/dicom-builder';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { LoginPage } from '../pages/login-page';
import { PatientFilesDialog, UploadZipScreen, VideoScreen } from '../pages/image-upload';
import { ReportWritePage } from '../pages/report-write-page';
import { ShellPage } from '../pages/shell-page';

const STUDY = uid(41);
const image = (n: number) =>
  buildDicom({ study: STUDY, series: `${STUDY}.1`, sop: `${STUDY}.1.${n}`, instanceNumber: n, rows: 64, cols: 64 });

const e2e = useE2e();
let fakeCamera: Browser | undefined;
afterAll(async () => {
  await fakeCamera?.close();
});

describe('image upload, attachments and capture', () => {
  it('/uploadZip: transfer and ingest progress, a result per file with the corrupt one named', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    const up = new UploadZipScreen(page);
    await up.open(e2e.platform.appUrl);
    await up.send();
    await expect(page.getByTestId('upload-problem').textContent()).resolves.toBe('请选择医院');
    await up.chooseHospital('第一人民医院');
    const zip = await zipOf([
      { name: 'IM1.dcm', data: image(1) },
      { name: 'IM2.dcm', data: image(2) },
      { name: 'IM3.dcm', data: truncate(image(3)) },
      { name: 'IM4.dcm', data: image(4) },
    ]);
    await up.chooseFile('ct.zip', zip);
    await up.send();
    expect(await up.finished()).toBe('done');
    expect(await up.results().count()).toBe(4);
    expect(await up.result('IM3.dcm').getAttribute('data-status')).toBe('failed');
    expect(await up.result('IM3.dcm').textContent()).toContain('IM3.dcm');
    expect(await up.result('IM1.dcm').getAttribute('data-status')).toBe('uploaded');
    expect(await page.getByTestId('upload-transfer').getAttribute('data-percent')).toBe('100');
    expect(await page.getByTestId('upload-ingest').getAttribute('data-percent')).toBe('100');
    expect(await up.summary().textContent()).toContain('3');
    await page.getByTestId('upload-open-viewer').waitFor();
    await close();
  });

  it('writing screen: add an attachment and delete it, the count beside the button follows', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    const rw = new ReportWritePage(page);
    await rw.open(e2e.platform.appUrl, STUDY);
    const files = new PatientFilesDialog(page);
    await files.countIs(0);
    await files.open();
    await files.add('consent.jpg', 'image/jpeg', TINY_JPEG);
    await files.countIs(1);
    await files.remove('consent.jpg');
    await files.countIs(0);
    await close();
  });

  it('/readingVideo: without a capture device the page says so', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    const video = new VideoScreen(page);
    await video.open(e2e.platform.appUrl, STUDY);
    await video.countIs(0);
    await video.startDevice();
    await video.noDevice().waitFor();
    await close();
  });

  it('/readingVideo: a frame of the (fake) capture device saved with F8 is counted among the images', async () => {
    fakeCamera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    const { page } = await newPage(fakeCamera);
    await new LoginPage(page, e2e.platform.appUrl).open();
    await new LoginPage(page, e2e.platform.appUrl).signIn('doctor', 'Doctor@123');
    await new ShellPage(page).waitReady();
    const video = new VideoScreen(page);
    await video.open(e2e.platform.appUrl, STUDY);
    await video.countIs(0);
    await video.startDevice();
    await video.live();
    await page.keyboard.press('F8');
    await video.countIs(1);
    await page.getByTestId('capture-thumbnail').first().waitFor();
  });
});
