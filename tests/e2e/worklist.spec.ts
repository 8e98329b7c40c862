import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { study } from '../../server/src/platform/db/schema';
import { useE2e } from '../fixtures/e2e';
import { signedIn, type USERS } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { WorklistPage } from '../pages/worklist-page';

const e2e = useE2e();

async function openList(user: keyof typeof USERS) {
  const session = await signedIn(e2e.browser, e2e.platform, user);
  const list = new WorklistPage(session.page);
  await list.waitForResults();
  return { ...session, list };
}

describe('worklist', () => {
  it('signing in lands on the order list with rows, 20 a page', async () => {
    const { page, list, close } = await openList('doctor');
    expect(new URL(page.url()).hash).toBe('#/orderList');
    expect(await list.rows().count()).toBe(20);
    expect(await list.total()).toBeGreaterThan(20);
    await close();
  });

  it('filters by modality and by patient id', async () => {
    const { list, close } = await openList('doctor');
    await list.chooseModality('CT');
    await list.search('modalitys=CT');
    const modalities = await list.cellTexts('cell-modality');
    expect(modalities.length).toBeGreaterThan(0);
    expect(new Set(modalities)).toEqual(new Set(['CT']));

    const [patientId] = await list.cellTexts('cell-patient-id');
    expect(patientId).toBeTruthy();
    await list.reset();
    await list.fillPatientId(patientId!);
    await list.search(`patient_id=${patientId}`);
    const ids = await list.cellTexts('cell-patient-id');
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set([patientId]));
    await close();
  });

  it('remembers the last search for the session', async () => {
    const { page, list, close } = await openList('doctor');
    await list.chooseModality('MR');
    await list.search('modalitys=MR');
    await page.goto(`${e2e.platform.appUrl}#/account/collection`);
    await page.getByTestId('collection-page').waitFor();
    await page.goto(`${e2e.platform.appUrl}#/orderList`);
    await list.waitForResults({ query: 'modalitys=MR' });
    expect(new Set(await list.cellTexts('cell-modality'))).toEqual(new Set(['MR']));
    await close();
  });

  it('a doctor of the second hospital sees only its studies', async () => {
    const { list, close } = await openList('doctor2');
    const codes = await list.hospitalCodes();
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['H002']));
    // one hospital's user: no hospital column repeating its name on every row
    expect(await list.page.getByTestId('cell-hospital').count()).toBe(0);
    await close();
  });

  it('a query without results warns "no data"', async () => {
    const { page, list, close } = await openList('doctor');
    await list.fillPatientId('NO-SUCH-PATIENT');
    await list.search('patient_id=NO-SUCH-PATIENT');
    expect(await list.total()).toBe(0);
    await page.locator('.ant-message-warning').getByText('暂无数据').waitFor();
    await close();
  });

  it("another hospital's data is refused with the Forbidden notice", async () => {
    const { page, list, close } = await openList('doctor2');
    await page.goto(`${e2e.platform.appUrl}#/orderList?sn=H001&pageNumber=1`);
    const notice = page.locator('.ant-notification-notice-error');
    await notice.getByText('禁止访问').waitFor();
    expect(await notice.textContent()).toContain('无权访问其他医院的数据');
    expect(await list.rows().count()).toBe(0);
    await close();
  });

  it('keeps a long name, patient id and accession number inside their cells at 1440 and 1280 px, whole on hover', async () => {
    const { page, list, shell, close } = await openList('doctor');
    const { db } = e2e.platform.deps;
    const key = await list.rows().first().getAttribute('data-row-key');
    const [before] = await db.select().from(study).where(eq(study.study_iuid, key!));
    const long = { patient_name: 'ZHANGSANFENGXY', patient_id: 'P20261128000017', accession_no: 'CT2026112800123' };
    await db.update(study).set(long).where(eq(study.study_iuid, key!));
    try {
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await list.waitForResults();
        const cells = await page.locator(`[data-row-key="${key}"] > td`).evaluateAll((tds) =>
          tds.map((td) => {
            // Text wider than its box is fine where that box clips it (an ellipsis); anywhere else it spills over.
            const boxes = [td, ...td.querySelectorAll('*')] as HTMLElement[];
            const clips = (e: HTMLElement) => getComputedStyle(e).overflowX === 'hidden';
            return {
              text: td.textContent ?? '',
              spills: boxes.some(
                (e) =>
                  e.scrollWidth > e.clientWidth + 1 &&
                  !clips(e) &&
                  !boxes.some((c) => c !== e && e.contains(c) && clips(c) && c.scrollWidth > c.clientWidth + 1),
              ),
              title: td.querySelector('[title]')?.getAttribute('title') ?? td.getAttribute('title') ?? '',
            };
          }),
        );
        expect(
          cells.filter((c) => c.spills).map((c) => c.text),
          `at ${width} px`,
        ).toEqual([]);
        for (const value of Object.values(long)) expect(cells.some((c) => c.title === value)).toBe(true);
        await shot(page, `worklist-long-values-${width}-zh-CN`);
      }
      await shell.switchLanguage('en-US');
      await list.waitForResults();
      await page.mouse.move(700, 899); // away from the header's status tooltip
      await shot(page, 'worklist-long-values-1280-en-US');
      await shell.switchLanguage('zh-CN');
    } finally {
      await db.update(study).set({ patient_name: before!.patient_name, patient_id: before!.patient_id, accession_no: before!.accession_no }).where(eq(study.study_iuid, key!)); // prettier-ignore
      await close();
    }
  });
});
