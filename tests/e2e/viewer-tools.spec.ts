import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import type { ViewerAnnotation, ViewerAnnotations } from '@shared/schemas/image-viewer';
import { demoCtFiles } from '../../server/src/modules/images/demo-series';
import { zipOf } from '../support/dicom-builder';
import { useE2e, type E2e } from '../fixtures/e2e';
import { apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { ImageViewerPage } from '../pages/image-viewer';
import { shot } from '../fixtures/shots';

const STUDY = '1.2.826.0.1.3680043.8.498.4141';
const SERIES = `${STUDY}.2`;
const PRIOR = '1.2.826.0.1.3680043.8.498.4142';
const patient = { patient_id: 'CT0041', patient_name: '王^五', patient_sex: 'M' };
const FILES = demoCtFiles(
  { ...patient, study_iuid: STUDY, accession_no: 'A20261130041', study_datetime: new Date('2026-11-30T09:30:00Z') },
  SERIES,
);
/** The same patient's chest CT of last year (the same phantom: a prior to compare with). */
const PRIOR_FILES = demoCtFiles(
  { ...patient, study_iuid: PRIOR, accession_no: 'A20250310041', study_datetime: new Date('2025-03-10T09:30:00Z') },
  `${PRIOR}.2`,
);

async function uploadDemoCt(e2e: E2e): Promise<void> {
  const admin = await apiToken(e2e.platform, 'admin');
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append(
    'file',
    new Blob([new Uint8Array(await zipOf([...FILES, ...PRIOR_FILES.map((f) => ({ ...f, name: `P/${f.name}` }))]))]),
    'ct.zip',
  );
  const r = await fetch(`${e2e.platform.origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const last = JSON.parse((await r.text()).trim().split('\n').at(-1)!) as { data: { uploaded: number } };
  expect(last.data.uploaded).toBe(FILES.length + PRIOR_FILES.length);
}

const e2e = useE2e(uploadDemoCt);

/** The HU of an instance's pixels as dcmjs (a parser nobody here wrote) reads the file: rows of columns. */
function huOf(sop: string): { hu: (x: number, y: number) => number; origin: number[]; spacing: number[] } {
  const file = FILES.find((f) => f.data.includes(Buffer.from(sop)))!;
  const ds = dcmjs.data.DicomMetaDictionary.naturalizeDataset(
    dcmjs.data.DicomMessage.readFile(file.data.buffer.slice(file.data.byteOffset) as ArrayBuffer).dict,
  );
  const px = new Uint16Array((ds.PixelData as ArrayBuffer[])[0]!);
  const cols = Number(ds.Columns);
  const slope = Number(ds.RescaleSlope);
  const intercept = Number(ds.RescaleIntercept);
  return {
    hu: (x, y) => px[y * cols + x]! * slope + intercept,
    origin: (ds.ImagePositionPatient as number[]).map(Number),
    spacing: (ds.PixelSpacing as number[]).map(Number),
  };
}

/** The mean HU of the pixels whose centres lie in an ellipse saved by the viewer (points: top, bottom, left, right). */
function ellipseMean(m: ViewerAnnotation): { mean: number; n: number } {
  const img = huOf(m.sop_iuid);
  const [top, bottom, left, right] = m.points.map(([x, y]) => [
    (x - img.origin[0]!) / img.spacing[1]!,
    (y - img.origin[1]!) / img.spacing[0]!,
  ]) as [[number, number], [number, number], [number, number], [number, number]];
  const cx = (left[0] + right[0]) / 2;
  const cy = (top[1] + bottom[1]) / 2;
  const rx = Math.abs(right[0] - left[0]) / 2;
  const ry = Math.abs(bottom[1] - top[1]) / 2;
  let sum = 0;
  let n = 0;
  for (let y = Math.ceil(cy - ry); y <= Math.floor(cy + ry); y++)
    for (let x = Math.ceil(cx - rx); x <= Math.floor(cx + rx); x++)
      if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) {
        sum += img.hu(x, y);
        n++;
      }
  return { mean: sum / n, n };
}

async function savedMarks(token: string): Promise<ViewerAnnotation[]> {
  const r = await fetch(`${e2e.platform.origin}/wado/annotations?studyUID=${STUDY}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await r.json()) as { data: ViewerAnnotations }).data.annotations;
}

/** Every text Cornerstone draws over the image (measured values), joined. */
const drawnText = (viewer: ImageViewerPage) =>
  viewer.page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid=viewer-viewport] svg text'))
      .map((t) => t.textContent)
      .join('|'),
  );

describe('viewer tools on the demo CT', () => {
  it('an ellipse ROI gives the mean HU of the pixel data; a saved length is shown again when the viewer reopens', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const doctor = await apiToken(e2e.platform, 'doctor');
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, STUDY);
      await viewer.stackImageMs();
      await viewer.toolsReady();
      const box = (await viewer.viewport().boundingBox())!;
      const side = Math.min(box.width, box.height);
      const at = (fx: number, fy: number) => [box.x + box.width / 2 + fx * side, box.y + box.height / 2 + fy * side];

      // From the middle (heart and mediastinum) out over the left lung: a mean that depends on the outline.
      await viewer.tool('ellipse').click();
      const [x1, y1] = at(-0.02, -0.12);
      const [x2, y2] = at(-0.28, 0.1);
      await page.mouse.move(x1!, y1!);
      await page.mouse.down();
      await page.mouse.move(x2!, y2!, { steps: 8 });
      await page.mouse.up();
      await expect.poll(() => savedMarks(doctor).then((m) => m.length), { timeout: 10_000 }).toBe(1);
      const [ellipse] = await savedMarks(doctor);
      expect(ellipse).toMatchObject({ tool: 'EllipticalROI', series_iuid: SERIES });
      const expected = ellipseMean(ellipse!);
      expect(expected.n).toBeGreaterThan(1000);
      await expect.poll(() => drawnText(viewer)).toMatch(/Mean: -?[\d.]+ HU/);
      const shown = Number(/Mean: (-?[\d.]+) HU/.exec(await drawnText(viewer))![1]);
      expect(Math.abs(shown - expected.mean)).toBeLessThanOrEqual(1);
      // not a uniform region: the outline matters
      expect(Math.abs(expected.mean - huOf(ellipse!.sop_iuid).hu(256, 256))).toBeGreaterThan(50);

      await viewer.tool('length').click();
      const [a1, b1] = at(-0.2, 0.2);
      const [a2, b2] = at(0.2, 0.2);
      await page.mouse.move(a1!, b1!);
      await page.mouse.down();
      await page.mouse.move(a2!, b2!, { steps: 8 });
      await page.mouse.up();
      await expect
        .poll(() => savedMarks(doctor).then((m) => m.map((x) => x.tool).sort()))
        .toEqual(['EllipticalROI', 'Length']);
      await expect.poll(() => drawnText(viewer)).toMatch(/\|[\d.]+ mm(\||$)/);
      const lengthText = /\|([\d.]+ mm)(\||$)/.exec(await drawnText(viewer))![1]!;

      await shot(page, 'viewer-roi-zh-CN');
      // Marks belong to their image: another slice shows none of them.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 120);
      await expect.poll(() => viewer.position().textContent()).toMatch(/2\/24$/);
      await expect.poll(() => drawnText(viewer)).not.toContain(lengthText);
      await page.mouse.wheel(0, -120);
      await expect.poll(() => drawnText(viewer)).toContain(lengthText);

      // Reopened: both marks are drawn again from the server, their values computed again from the pixels.
      await page.reload();
      await viewer.stackImageMs();
      await viewer.toolsReady();
      await expect.poll(() => drawnText(viewer), { timeout: 10_000 }).toContain(lengthText);
      expect(await drawnText(viewer)).toContain(`Mean: ${shown} HU`);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 120);
      await expect.poll(() => viewer.position().textContent()).toMatch(/2\/24$/);
      await expect.poll(() => drawnText(viewer)).not.toContain(lengthText);

      // another doctor does not see them
      const { page: other, close: closeOther } = await signedIn(e2e.browser, e2e.platform, 'auditor');
      try {
        const otherViewer = new ImageViewerPage(other);
        await otherViewer.open(e2e.platform.appUrl, STUDY);
        await otherViewer.toolsReady();
        expect(await drawnText(otherViewer)).not.toContain(lengthText);
      } finally {
        await closeOther();
      }
    } finally {
      await close();
    }
  });

  it('the prior study opens side by side and scrolls and windows with the study', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await shell.switchLanguage('en-US');
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, STUDY);
      await viewer.stackImageMs();
      await viewer.toolsReady();
      await page.getByTestId('viewer-prior-select').click();
      await page.locator('.ant-select-item-option', { hasText: '2025-03-10' }).click();
      const prior = page.getByTestId('viewer-prior');
      await expect.poll(() => prior.getByTestId('viewer-overlay-position').textContent()).toMatch(/1\/24$/);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const c = document.querySelector<HTMLCanvasElement>('[data-testid=viewer-prior-viewport] canvas');
            return c ? c.width * c.height : 0;
          }),
        )
        .toBeGreaterThan(0);
      expect(await prior.textContent()).toContain('2025');

      // scrolling the study moves the prior to the same place
      const box = (await viewer.viewport().boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 120);
      await expect.poll(() => viewer.position().first().textContent()).toMatch(/6\/24$/);
      await expect.poll(() => prior.getByTestId('viewer-overlay-position').textContent()).toMatch(/6\/24$/);
      // the first test's marks are on image 1: two viewports in one window do not mix them up
      await expect.poll(() => drawnText(viewer)).not.toMatch(/Mean:/);
      // and its window: both CT
      await viewer.preset('lung').click();
      await expect.poll(() => prior.getByTestId('viewer-overlay-window').textContent()).toMatch(/1500.*-600/);
      // the prior leads once the person works in it
      const pbox = (await page.getByTestId('viewer-prior-viewport').boundingBox())!;
      await page.mouse.move(pbox.x + pbox.width / 2, pbox.y + pbox.height / 2);
      await page.mouse.wheel(0, -120);
      await expect.poll(() => prior.getByTestId('viewer-overlay-position').textContent()).toMatch(/5\/24$/);
      await expect.poll(() => viewer.position().first().textContent()).toMatch(/5\/24$/);
      await shot(page, 'viewer-prior-en-US');
      // MPR beside the prior, in English
      await page.getByTestId('viewer-mpr-toggle').click();
      await page.getByTestId('viewer-mpr').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('viewer-mpr-sagittal').textContent()).toContain('Sagittal');
      await shot(page, 'viewer-mpr-en-US');
    } finally {
      await close();
    }
  });

  it('MPR shows the three planes of the demo series, cut from its pixels, and a click moves the crosshairs', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, STUDY);
      await viewer.stackImageMs();
      await viewer.toolsReady();
      // invert changes the drawn pixels; reset undoes it and a quarter turn (each button shows its state)
      const centre = () =>
        page.evaluate(() => {
          const c = document.querySelector<HTMLCanvasElement>('[data-testid=viewer-viewport] canvas')!;
          const copy = document.createElement('canvas');
          [copy.width, copy.height] = [c.width, c.height];
          const ctx = copy.getContext('2d')!;
          ctx.drawImage(c, 0, 0);
          // in the left lung (image pixel 180 of 512 across, the image fitted to the shorter side)
          const x = Math.round(c.width / 2 + ((180 - 256) / 512) * Math.min(c.width, c.height));
          return ctx.getImageData(x, c.height >> 1, 1, 1).data[0]!;
        });
      const before = await centre();
      expect(before).toBeLessThan(40);
      await page.getByTestId('viewer-invert').click();
      await expect.poll(() => page.getByTestId('viewer-invert').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(centre).toBeGreaterThan(215);
      await page.getByTestId('viewer-rotate').click();
      await expect.poll(() => page.getByTestId('viewer-rotate').getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('viewer-reset').click();
      await expect.poll(() => page.getByTestId('viewer-invert').getAttribute('aria-pressed')).toBe('false');
      expect(await page.getByTestId('viewer-rotate').getAttribute('aria-pressed')).toBe('false');
      await expect.poll(centre).toBe(before);

      // "clear marks" removes the first test's marks on screen and on the server, after a confirmation
      await expect.poll(() => drawnText(viewer)).toMatch(/Mean:/);
      await page.getByTestId('viewer-clear-marks').click();
      await page.getByTestId('viewer-clear-ok').click();
      await expect.poll(() => drawnText(viewer)).not.toMatch(/Mean:/);
      const doctor = await apiToken(e2e.platform, 'doctor');
      await expect.poll(() => savedMarks(doctor).then((m) => m.length)).toBe(0);

      // cine plays the stack from the image on view, and pauses
      await page.getByTestId('viewer-cine').click();
      const at = async () => Number(/(\d+)\/24$/.exec((await viewer.position().textContent()) ?? '')?.[1]);
      await expect.poll(at).toBeGreaterThan(2);
      await page.getByTestId('viewer-cine').click();
      expect(await page.getByTestId('viewer-cine').getAttribute('aria-pressed')).toBe('false');

      await page.getByTestId('viewer-mpr-toggle').click();
      await page.getByTestId('viewer-mpr').waitFor({ timeout: 20_000 });
      const size = (plane: string) =>
        page.evaluate((p) => {
          const c = document.querySelector<HTMLCanvasElement>(`[data-testid=viewer-mpr-${p}] canvas`)!;
          return [c.width, c.height];
        }, plane);
      expect(await size('axial')).toEqual([512, 512]);
      expect(await size('sagittal')).toEqual([512, 24]);
      expect(await size('coronal')).toEqual([512, 24]);

      // The coronal plane through row 256: its pixel (x, k) is pixel (x, 256) of slice k (head first), windowed 40/400.
      const grey = (hu: number) => Math.min(255, Math.max(0, Math.round(((hu + 160) / 400) * 255)));
      const coronal = await page.evaluate(() => {
        const c = document.querySelector<HTMLCanvasElement>('[data-testid=viewer-mpr-coronal] canvas')!;
        return Array.from(
          c
            .getContext('2d')!
            .getImageData(0, 0, c.width, c.height)
            .data.filter((_, i) => i % 4 === 0),
        );
      });
      for (const [x, k] of [
        [100, 0],
        [180, 5],
        [256, 12],
        [330, 23],
      ] as const) {
        const hu = huOf(`${SERIES}.${k + 1}`).hu(x, 256);
        expect(Math.abs(coronal[k * 512 + x]! - grey(hu))).toBeLessThanOrEqual(1);
      }
      expect(new Set(coronal).size).toBeGreaterThan(10);

      // a click on the axial plane moves the sagittal and coronal planes there
      const axial = (await page.locator('[data-testid=viewer-mpr-axial] canvas').boundingBox())!;
      await page.mouse.click(axial.x + axial.width * 0.25 + 1, axial.y + axial.height * 0.75 + 1);
      await expect.poll(() => page.getByTestId('viewer-mpr-sagittal').getAttribute('data-index')).toBe('128');
      await expect.poll(() => page.getByTestId('viewer-mpr-coronal').getAttribute('data-index')).toBe('384');
      await shot(page, 'viewer-mpr-zh-CN');
    } finally {
      await close();
    }
  });
});
