import { describe, expect, it } from 'vitest';
import { buildDicom, uid, zipOf } from '../support/dicom-builder';
import { pixelDicom, words } from '../support/pixel-dicom';
import { useE2e, type E2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { apiPost, apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { ImageViewerPage } from '../pages/image-viewer';
import { shot } from '../fixtures/shots';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { ReportWritePage } from '../pages/report-write-page';

/** One 512x512 CT series of 21 images with a GB18030 name; image 2 is deleted, so the stack holds 20. */
const STUDY = uid(41);
const SERIES = uid(41, 1);
const DELETED = uid(41, 1, 2);
/** One DX image: CT's window presets mean nothing on it. */
const DX_STUDY = uid(42);
/** A DX image whose header carries three windows (as DX detectors write "normal, harder, softer"). */
const DX_WINDOWS = uid(43);

async function uploadSeries(e2e: E2e): Promise<void> {
  const admin = await apiToken(e2e.platform, 'admin');
  const entries = Array.from({ length: 21 }, (_, i) => ({
    name: `CT/IM${i + 1}`,
    data: buildDicom({
      study: STUDY,
      series: SERIES,
      sop: uid(41, 1, i + 1),
      instanceNumber: i + 1,
      charset: 'GB18030',
      patientName: '李^四',
      seriesDesc: '头颅平扫',
    }),
  }));
  entries.push({
    name: 'DX/IM1',
    data: buildDicom({ study: DX_STUDY, series: uid(42, 1), sop: uid(42, 1, 1), instanceNumber: 1, modality: 'DX' }),
  });
  entries.push({
    name: 'DX2/IM1',
    data: pixelDicom({
      study: DX_WINDOWS,
      series: uid(43, 1),
      sop: uid(43, 1, 1),
      rows: 64,
      cols: 64,
      modality: 'DX',
      pixels: words(Array.from({ length: 64 * 64 }, (_, i) => (i % 64) * 64)),
      center: '2048\\1800\\2300',
      width: '4096\\3000\\3000',
    }),
  });
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(entries))]), 'ct.zip');
  const r = await fetch(`${e2e.platform.origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const last = JSON.parse((await r.text()).trim().split('\n').at(-1)!) as { data: { uploaded: number } };
  expect(last.data.uploaded).toBe(23);
  await apiPost(e2e.platform, admin, '/wado/deleteImage', { study_iuid: STUDY, sop_iuids: DELETED });
}

const e2e = useE2e(uploadSeries);

describe('web image viewer (/readingFilm)', () => {
  it('opens from the writing screen in a new window: first image drawn, overlay, scrolling, a preset; the deleted image is skipped', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      const rw = new ReportWritePage(page);
      await rw.open(e2e.platform.appUrl, STUDY);
      const imageUrls: string[] = [];
      const previews: string[] = [];
      // On the context, before the window opens: its early script asks for the preview at once, before a
      // listener on the new page could be attached. Only the viewer asks for these (thumbnails carry rows=).
      page.context().on('request', (r) => {
        if (r.url().includes('contentType=application%2Fdicom')) imageUrls.push(r.url());
        const first = r.url().includes('/wado/viewerPreview?');
        if (first || (r.url().includes('contentType=image%2Fjpeg') && !r.url().includes('rows=')))
          previews.push(r.url());
      });
      // Every script the window runs is let in by the page's policy (the early one is inline, by its hash).
      await page.context().addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
        );
      });
      const [popup] = await Promise.all([page.context().waitForEvent('page'), rw.button('openImage').click()]);
      const viewer = new ImageViewerPage(popup);
      expect(popup.url()).toContain(`#/readingFilm?uid=${STUDY}`);
      expect(await viewer.firstImageMs()).toBeGreaterThan(0);
      expect(await viewer.stackImageMs()).toBeGreaterThan(0);
      expect(await viewer.nonBlackPixels()).toBeGreaterThan(1000);
      // the server-rendered preview stood in until Cornerstone drew, then went
      expect(previews.length).toBeGreaterThan(0);
      // asked as the window opened with its session (a header, never in the URL), or by the page with the viewer token
      expect(
        previews.every((u) => (u.includes('/wado/viewerPreview?') ? !u.includes('token=') : u.includes('token='))),
      ).toBe(true);
      expect(await popup.getByTestId('viewer-preview').count()).toBe(0);
      expect(await popup.locator('[data-testid=viewer-early-preview]').count()).toBe(0);
      // the early script ran, inline in the page's head, and nothing was refused
      expect(await popup.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      const early = () =>
        (performance.getEntriesByName('rx-viewer:early-script') as PerformanceMark[]).map((m) => m.detail);
      expect(await popup.evaluate(early)).toEqual([{ inline: true }]);
      expect(await popup.evaluate(() => document.head.querySelector('script')?.outerHTML ?? '')).toMatch(
        /^<script>\(\(\)=>\{.*\}\)\(\);<\/script>$/s,
      );
      expect(await viewer.patientName().textContent()).toBe('李四');
      await expect.poll(() => viewer.position().textContent()).toMatch(/1\/20$/);

      await viewer.toolsReady();
      const box = (await viewer.viewport().boundingBox())!;
      await popup.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await popup.mouse.wheel(0, 120);
      await expect.poll(() => viewer.position().textContent()).toMatch(/2\/20$/);
      await popup.keyboard.press('ArrowDown');
      await expect.poll(() => viewer.position().textContent()).toMatch(/3\/20$/);
      await popup.keyboard.press('ArrowUp');
      await expect.poll(() => viewer.position().textContent()).toMatch(/2\/20$/);

      await viewer.preset('lung').click();
      await expect.poll(() => viewer.window().textContent()).toMatch(/1500.*-600/);
      await viewer.preset('brain').click();
      await expect.poll(() => viewer.window().textContent()).toMatch(/80.*40/);

      // Every image request carried the viewer token, never the session's; the deleted image was never asked for.
      expect(imageUrls.length).toBeGreaterThanOrEqual(2);
      const session = await popup.evaluate(() => sessionStorage.getItem('rxpacs.session') ?? '');
      const sessionToken = (JSON.parse(session) as { state: { token: string } }).state.token;
      for (const u of imageUrls) {
        expect(new URL(u).searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
        expect(u).not.toContain(sessionToken);
      }
      expect(imageUrls.join()).not.toContain(`objectUID=${DELETED}&`);
    } finally {
      await close();
    }
  });

  it('a link with a viewer token opens in a browser without a session; without either, a message (no sign-in loop)', async () => {
    const doctor = await apiToken(e2e.platform, 'doctor');
    const { token } = await apiPost<{ token: string }>(e2e.platform, doctor, '/wado/token', { study_iuid: STUDY });
    const { context, page } = await newPage(e2e.browser);
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, STUDY, token);
      await viewer.stackImageMs();
      expect(await viewer.nonBlackPixels()).toBeGreaterThan(1000);
      await expect.poll(() => viewer.position().textContent()).toMatch(/1\/20$/);

      // A DX image is offered no CT window presets (reset and window/level by dragging remain).
      const dx = await apiPost<{ token: string }>(e2e.platform, doctor, '/wado/token', { study_iuid: DX_STUDY });
      expect(await viewer.preset('lung').count()).toBe(1);
      await viewer.open(e2e.platform.appUrl, DX_STUDY, dx.token);
      await page.reload();
      await viewer.stackImageMs();
      await page.getByTestId('viewer-reset').waitFor();
      expect(await page.locator('[data-testid^=viewer-preset-]').count()).toBe(0);
      expect(await page.locator('[data-testid^=viewer-file-window-]').count()).toBe(0);

      // A DX image with windows of its own is offered them (its modality's presets), and each applies.
      const dx2 = await apiPost<{ token: string }>(e2e.platform, doctor, '/wado/token', { study_iuid: DX_WINDOWS });
      await viewer.open(e2e.platform.appUrl, DX_WINDOWS, dx2.token);
      await page.reload();
      await viewer.stackImageMs();
      await page.getByTestId('viewer-file-window-2').waitFor();
      expect(await page.locator('[data-testid^=viewer-file-window-]').allTextContents()).toEqual([
        '窗宽 4096 / 窗位 2048',
        '窗宽 3000 / 窗位 1800',
        '窗宽 3000 / 窗位 2300',
      ]);
      expect(await page.locator('[data-testid^=viewer-preset-]').count()).toBe(0);
      await page.getByTestId('viewer-file-window-1').click();
      await expect.poll(() => viewer.window().textContent()).toMatch(/3000.*1800/);
      await page.getByTestId('viewer-file-window-2').click();
      await expect.poll(() => viewer.window().textContent()).toMatch(/3000.*2300/);
      await shot(page, 'viewer-dx-windows-zh-CN');
      await page.evaluate((key) => localStorage.setItem(key, 'en-US'), STORAGE_KEYS.locale);
      await page.reload();
      await viewer.stackImageMs();
      await page.getByTestId('viewer-file-window-2').waitFor();
      expect(await page.getByTestId('viewer-file-window-0').textContent()).toBe('W 4096 / L 2048');
      await page.getByTestId('viewer-file-window-1').click();
      await expect.poll(() => viewer.window().textContent()).toMatch(/3000.*1800/);
      await shot(page, 'viewer-dx-windows-en-US');
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.locale);

      await viewer.open(e2e.platform.appUrl, STUDY);
      await page.reload();
      await viewer.message().waitFor();
      expect(await viewer.message().textContent()).toMatch(/此窗口没有登录会话，也没有阅片令牌/);
      expect(page.url()).toContain('#/readingFilm');
    } finally {
      await context.close();
    }
  });

  it('doctor2 (H002) cannot view an H001 study: the token is refused, a message shows, no pixels', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor2');
    try {
      const dicom: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/wado?')) dicom.push(r.url());
      });
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, STUDY);
      await viewer.message().waitFor();
      expect(await viewer.message().textContent()).toMatch(/无法查看此检查的影像/);
      expect(await viewer.nonBlackPixels()).toBe(0);
      expect(await page.getByTestId('viewer-overlay-name').count()).toBe(0);
      expect(dicom).toEqual([]);
    } finally {
      await close();
    }
  });
});
