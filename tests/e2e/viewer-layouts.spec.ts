import { describe, expect, it } from 'vitest';
import type { ViewerAnnotations } from '@shared/schemas/image-viewer';
import { demoCtFiles } from '../../server/src/modules/images/demo-series';
import { buildDicom, uid, zipOf } from '../support/dicom-builder';
import { useE2e, type E2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { apiPost, apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ImageViewerPage } from '../pages/image-viewer';

/** An MR study of four series (T1, T2, FLAIR, DWI; three small images each), numbered in that order. */
const MR = uid(71);
const MR_SERIES = [1, 2, 3, 4].map((n) => uid(71, n));
const MR_DESC = ['T1', 'T2', 'FLAIR', 'DWI'];
/** A CT study of two series (the demo phantom twice: 24 slices each). */
const CT = '1.2.826.0.1.3680043.8.498.4151';
const CT_SERIES = [`${CT}.2`, `${CT}.3`];
const patient = { patient_id: 'LY0071', patient_name: '赵^六', patient_sex: 'F' };

async function upload(e2e: E2e): Promise<void> {
  const admin = await apiToken(e2e.platform, 'admin');
  const at = {
    ...patient,
    study_iuid: CT,
    accession_no: 'A20261130071',
    study_datetime: new Date('2026-11-30T10:00:00Z'),
  };
  const entries = [
    ...MR_SERIES.flatMap((series, s) =>
      [1, 2, 3].map((i) => ({
        name: `MR/${s}/IM${i}`,
        data: buildDicom({
          study: MR,
          series,
          sop: uid(71, s + 1, i),
          modality: 'MR',
          seriesNumber: s + 1,
          seriesDesc: MR_DESC[s],
          instanceNumber: i,
          patientName: 'ZHAO^LIU',
          rows: 128,
          cols: 128,
        }),
      })),
    ),
    ...CT_SERIES.flatMap((series, s) => demoCtFiles(at, series).map((f) => ({ ...f, name: `CT/${s}/${f.name}` }))),
  ];
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(entries))]), 'studies.zip');
  const r = await fetch(`${e2e.platform.origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const last = JSON.parse((await r.text()).trim().split('\n').at(-1)!) as { data: { uploaded: number } };
  expect(last.data.uploaded).toBe(entries.length);
}

const e2e = useE2e(upload);

const cellSeries = (viewer: ImageViewerPage) =>
  viewer.page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid^=viewer-cell-]')).map((c) => c.getAttribute('data-series')),
  );
const layoutOf = (viewer: ImageViewerPage) => viewer.page.getByTestId('viewer-grid').getAttribute('data-layout');
const cell = (viewer: ImageViewerPage, i: number) => viewer.page.getByTestId(`viewer-cell-${i}`);

async function savedMarks(token: string): Promise<ViewerAnnotations['annotations']> {
  const r = await fetch(`${e2e.platform.origin}/wado/annotations?studyUID=${CT}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await r.json()) as { data: ViewerAnnotations }).data.annotations;
}

/** Draws a length across the middle of a viewport with the length tool. */
async function drawLength(viewer: ImageViewerPage, testId: string): Promise<void> {
  await viewer.page.locator(`[data-testid=${testId}][data-tools-ready=true]`).waitFor();
  const box = (await viewer.page.getByTestId(testId).boundingBox())!;
  const y = box.y + box.height * 0.6;
  await viewer.page.mouse.move(box.x + box.width * 0.3, y);
  await viewer.page.mouse.down();
  await viewer.page.mouse.move(box.x + box.width * 0.7, y, { steps: 8 });
  await viewer.page.mouse.up();
}

describe('viewer layouts and hanging protocols', () => {
  it('an MR study of four series opens in 2x2 with its series in order, each drawn', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
      try {
        if (lang === 'en-US') await shell.switchLanguage('en-US');
        const viewer = new ImageViewerPage(page);
        await viewer.open(e2e.platform.appUrl, MR);
        await expect.poll(() => layoutOf(viewer), { timeout: 15_000 }).toBe('2x2');
        expect(await cellSeries(viewer)).toEqual(MR_SERIES);
        for (let i = 0; i < 4; i++) {
          await expect
            .poll(() => cell(viewer, i).getByTestId('viewer-overlay-position').textContent())
            .toMatch(/1\/3$/);
          expect(await cell(viewer, i).textContent()).toContain(MR_DESC[i]);
        }
        // MR has no fixed scale: no CT window presets
        expect(await page.locator('[data-testid^=viewer-preset-]').count()).toBe(0);
        await viewer.toolsReady();
        await shot(page, `viewer-layout-2x2-${lang}`);
      } finally {
        await close();
      }
    }
  });

  it("a CT study switched to 1x2 shows two viewports; a series goes into the active one; each viewport's marks are saved together; the layout is remembered for CT", async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const doctor = await apiToken(e2e.platform, 'doctor');
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, CT);
      await viewer.stackImageMs();
      await viewer.toolsReady();
      expect(await layoutOf(viewer)).toBe('1x1');
      expect(await cellSeries(viewer)).toEqual([CT_SERIES[0]]);

      await page.getByTestId('viewer-layout-1x2').click();
      await expect.poll(() => cellSeries(viewer)).toEqual(CT_SERIES);
      await expect.poll(() => cell(viewer, 1).getByTestId('viewer-overlay-position').textContent()).toMatch(/1\/24$/);
      // CT presets on CT, in either viewport
      expect(await viewer.preset('lung').count()).toBe(1);

      // a mark in each viewport: both kept, neither save drops the other's
      await viewer.tool('length').click();
      await drawLength(viewer, 'viewer-viewport');
      await drawLength(viewer, 'viewer-viewport-1');
      await expect
        .poll(() => savedMarks(doctor).then((m) => m.map((x) => x.series_iuid).sort()), { timeout: 10_000 })
        .toEqual([...CT_SERIES].sort());

      // the last clicked viewport is active: the series list loads into it, scrolling stays its own
      expect(await cell(viewer, 1).getAttribute('data-active')).toBe('true');
      await viewer.series(0).click();
      await expect.poll(() => cellSeries(viewer)).toEqual([CT_SERIES[0], CT_SERIES[0]]);
      const box = (await viewer.page.getByTestId('viewer-viewport-1').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 120);
      await expect.poll(() => cell(viewer, 1).getByTestId('viewer-overlay-position').textContent()).toMatch(/2\/24$/);
      expect(await cell(viewer, 0).getByTestId('viewer-overlay-position').textContent()).toMatch(/1\/24$/);
      // the first viewport, clicked, takes the series list's choice
      await cell(viewer, 0).click();
      await viewer.series(1).click();
      await expect.poll(() => cellSeries(viewer)).toEqual([CT_SERIES[1], CT_SERIES[0]]);

      // the choice is the user's for CT: kept in their settings, the study opens in 1x2 again
      const info = await apiPost<{ user: { data1: { viewer_layouts?: Record<string, string> } } }>(
        e2e.platform,
        doctor,
        '/user/info',
        {},
      );
      expect(info.user.data1.viewer_layouts).toEqual({ CT: '1x2' });
      await page.reload();
      await expect.poll(() => layoutOf(viewer), { timeout: 15_000 }).toBe('1x2');
      expect(await cellSeries(viewer)).toEqual(CT_SERIES);
      // both marks drawn again, one in each viewport
      const drawn = (testId: string) =>
        page.evaluate((id) => document.querySelectorAll(`[data-testid=${id}] svg text`).length, testId);
      await expect.poll(() => drawn('viewer-viewport'), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => drawn('viewer-viewport-1'), { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('a window with a viewer token alone follows the defaults (CT in one viewport)', async () => {
    const doctor = await apiToken(e2e.platform, 'doctor');
    const { token } = await apiPost<{ token: string }>(e2e.platform, doctor, '/wado/token', { study_iuid: CT });
    const { context, page } = await newPage(e2e.browser);
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, CT, token);
      await viewer.stackImageMs();
      expect(await layoutOf(viewer)).toBe('1x1');
    } finally {
      await context.close();
    }
  });
});
