import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SPLIT_MARKER } from '@shared/report/document';
import { useE2e } from '../fixtures/e2e';
import { apiToken, studiesWithStatus } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { ReportDocumentView } from '../pages/report-document';

const e2e = useE2e();
let studies: string[];
const LINE = '胆囊大小正常，壁光滑，腔内未见明显异常回声，胆总管未见扩张。';
const lines = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}. ${LINE}`).join('\n');

beforeAll(async () => {
  const doctor = await apiToken(e2e.platform, 'doctor');
  studies = (await studiesWithStatus(e2e.platform, doctor, 0)).map((s) => s.study_iuid);
});

/** The writing screen of an unwritten study, as the doctor: the document is editable. */
async function openDocument(study_iuid: string) {
  const session = await signedIn(e2e.browser, e2e.platform, 'doctor');
  await session.page.goto(`${e2e.platform.appUrl}#/writeRpt?study_iuid=${encodeURIComponent(study_iuid)}`);
  const doc = new ReportDocumentView(session.page);
  await doc.findings().waitFor();
  return { ...session, doc };
}

describe('report document on the writing screen', () => {
  it('a page-split marker adds a page; deleting it (after confirming) removes its text', async () => {
    const { doc, close } = await openDocument(studies[0] ?? '');
    await doc.findings().fill(`第一页所见${PAGE_SPLIT_MARKER}第二页所见`);
    await doc.waitPages(2);
    expect(await doc.findings(1).inputValue()).toBe('第二页所见');
    expect(await doc.page.getByTestId('page-delete-0').count()).toBe(0);
    await doc.deletePage(1);
    await doc.waitPages(1);
    expect(await doc.findings().inputValue()).toBe('第一页所见');
    await close();
  });

  it('clicking the title cycles its suffix through the six states', async () => {
    const { doc, close } = await openDocument(studies[1] ?? '');
    const seen = [await doc.title().getAttribute('data-suffix')];
    for (let i = 0; i < 6; i++) {
      const before = seen[seen.length - 1];
      await doc.title().click();
      await doc.page.waitForFunction(
        (prev) => document.querySelector('[data-testid=report-title]')?.getAttribute('data-suffix') !== prev,
        before,
      );
      seen.push(await doc.title().getAttribute('data-suffix'));
    }
    expect(seen).toEqual(['', 'emergency', 'critical', 'bedside', 'bedsideEmergency', 'inspection', '']);
    expect(await doc.title().textContent()).not.toContain('（');
    await close();
  });

  it('typing past the page shrinks the text by whole pixels and stops at 12 px', async () => {
    const { doc, close } = await openDocument(studies[2] ?? '');
    const page = doc.pages().first();
    // The Tool tab's size (16 px unless the user changed it)
    const base = (await page.getAttribute('data-font')) ?? '';
    await doc.findings().fill(lines(28));
    await doc.page.waitForFunction(
      (b) => document.querySelector('[data-testid=report-page]')?.getAttribute('data-font') !== b,
      base,
    );
    const font = Number(await page.getAttribute('data-font'));
    expect(font).toBeGreaterThanOrEqual(12);
    expect(font).toBeLessThan(Number(base));
    expect(await page.getAttribute('data-overflow')).toBe('false');
    await doc.findings().fill(lines(90));
    await doc.page.locator('[data-testid=report-page][data-overflow=true]').waitFor();
    expect(await page.getAttribute('data-font')).toBe('12');
    // Shorter text gets its size back.
    await doc.findings().fill('短');
    await doc.page.locator(`[data-testid=report-page][data-font="${base}"]`).waitFor();
    await close();
  });
});
