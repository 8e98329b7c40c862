import { describe, expect, it } from 'vitest';
import { demoCtFiles } from '../../server/src/modules/images/demo-series';
import { zipOf } from '../support/dicom-builder';
import { useE2e, type E2e } from '../fixtures/e2e';
import { apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ImageViewerPage } from '../pages/image-viewer';
import { ViewerTagsPanel } from '../pages/viewer-tags';

const STUDY = '1.2.826.0.1.3680043.8.498.4143';
const SERIES = `${STUDY}.2`;
const PATIENT_ID = 'CT0043';
const FILES = demoCtFiles(
  {
    patient_id: PATIENT_ID,
    patient_name: '赵^六',
    patient_sex: 'F',
    study_iuid: STUDY,
    accession_no: 'A20261130043',
    study_datetime: new Date('2026-11-30T09:30:00Z'),
  },
  SERIES,
);

async function uploadDemoCt(e2e: E2e): Promise<void> {
  const admin = await apiToken(e2e.platform, 'admin');
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(FILES))]), 'ct.zip');
  const r = await fetch(`${e2e.platform.origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const last = JSON.parse((await r.text()).trim().split('\n').at(-1)!) as { data: { uploaded: number } };
  expect(last.data.uploaded).toBe(FILES.length);
}

const e2e = useE2e(uploadDemoCt);

/** The value cell (the last) of a tag's row. */
const valueOf = (tags: ViewerTagsPanel, tag: string) => tags.row(tag).locator('td').last().textContent();

describe('the viewer’s tag browser on the demo CT', () => {
  it('shows the header of the image on view, follows a scroll, and the filter narrows the rows', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, STUDY);
      await viewer.stackImageMs();
      await viewer.toolsReady();
      const tags = new ViewerTagsPanel(page);
      await tags.open();
      await expect.poll(() => tags.sop().textContent()).toBe(`${SERIES}.1`);
      expect(await valueOf(tags, '(0010,0020)')).toBe(PATIENT_ID);
      expect(await valueOf(tags, '(0008,0018)')).toBe(`${SERIES}.1`);
      expect(await valueOf(tags, '(7fe0,0010)')).toContain(String(512 * 512 * 2));

      // The wheel over the image (the drawer leaves the stage's left part free): the drawer follows.
      const box = (await viewer.viewport().boundingBox())!;
      await page.mouse.move(box.x + 120, box.y + box.height / 2);
      await page.mouse.wheel(0, 120);
      await expect.poll(() => viewer.position().textContent()).toMatch(/2\/24$/);
      await expect.poll(() => tags.sop().textContent()).toBe(`${SERIES}.2`);
      await tags.ready();
      expect(await valueOf(tags, '(0008,0018)')).toBe(`${SERIES}.2`);
      expect(await valueOf(tags, '(0020,0013)')).toBe('2');
      await shot(page, 'viewer-tags-zh-CN');

      const all = await tags.rows().count();
      expect(all).toBeGreaterThan(30);
      await tags.filter().fill('patientid');
      await expect.poll(() => tags.rows().count()).toBeLessThan(4);
      expect(await tags.row('(0010,0020)').count()).toBe(1);
      expect(await tags.row('(0008,0018)').count()).toBe(0);
      // by value too
      await tags.filter().fill(`${SERIES}.2`);
      await expect.poll(() => tags.row('(0008,0018)').count()).toBe(1);
      expect(await tags.row('(0010,0020)').count()).toBe(0);
      await tags.filter().fill('');
      await expect.poll(() => tags.rows().count()).toBe(all);
    } finally {
      await close();
    }
  });

  it('in English', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    await shell.switchLanguage('en-US');
    try {
      const viewer = new ImageViewerPage(page);
      await viewer.open(e2e.platform.appUrl, STUDY);
      await viewer.stackImageMs();
      await viewer.toolsReady();
      const tags = new ViewerTagsPanel(page);
      expect(await tags.button().textContent()).toBe('Tags');
      await tags.open();
      expect(await valueOf(tags, '(0010,0020)')).toBe(PATIENT_ID);
      expect(await valueOf(tags, '(7fe0,0010)')).toContain('bytes (not shown)');
      await shot(page, 'viewer-tags-en-US');
    } finally {
      await close();
    }
  });
});
