import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useE2e, type E2e } from '../fixtures/e2e';
import { apiPost, apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { StatisticsPage } from '../pages/statistics-page';
import { ImageViewerPage } from '../pages/image-viewer';
import { buildDicom, uid, zipOf } from '../support/dicom-builder';

/** A study of three CT images of H001 stored today: the viewer opens it for the download time. */
const VIEWED = uid(61);

async function uploadViewedStudy(platform: E2e['platform']): Promise<void> {
  const admin = await apiToken(platform, 'admin');
  const entries = [1, 2, 3].map((i) => ({
    name: `CT/IM${i}`,
    data: buildDicom({ study: VIEWED, series: uid(61, 1), sop: uid(61, 1, i), instanceNumber: i }),
  }));
  const form = new FormData();
  form.set('hospital_code', 'H001');
  form.append('file', new Blob([new Uint8Array(await zipOf(entries))]), 'ct.zip');
  const r = await fetch(`${platform.origin}/UploadDicom/uploadZip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(r.ok).toBe(true);
  await r.text();
}

/** Two reports written by `doctor` and audited by `auditor` today: the workload of this month has rows. */
const e2e = useE2e(async ({ platform }) => {
  const doctor = await apiToken(platform, 'doctor');
  const [a, b] = await studiesWithStatus(platform, doctor, 0);
  if (!a || !b) throw new Error('the demo data has too few unwritten studies');
  await writeAndAudit(platform, a.study_iuid, { findings: '统计测试所见一', opinion: '统计测试意见一' });
  await writeAndAudit(platform, b.study_iuid, { findings: '统计测试所见二', opinion: '统计测试意见二' });
  await uploadViewedStudy(platform);
});

/** Each row's numbers column by column summed: what the total row must show. */
const columnSums = (rows: number[][], width: number) =>
  Array.from({ length: width }, (_, i) => rows.reduce((s, r) => s + r[i]!, 0));

async function open(route: string, testId: string) {
  const session = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
  const stats = new StatisticsPage(session.page, e2e.platform.appUrl);
  await stats.open(route, testId);
  return { ...session, stats };
}

describe('statistics pages', () => {
  it('doctor workload: the query shows a row per doctor and a total row equal to their sum', async () => {
    const { stats, close } = await open('/UserWorkCount', 'work-count-page');
    await stats.query('userWorkCount');
    const { labels, rows, total } = await stats.table();
    expect(rows.length).toBeGreaterThan(0);
    expect(labels.every((l) => l.length > 0)).toBe(true);
    // 1 label + (report count + body parts) x (first diagnosis + audit) x (total + 5 modalities)
    expect(total).toHaveLength(24);
    const sums = total.map((_, i) => rows.reduce((s, r) => s + r[i]!, 0));
    expect(total).toEqual(sums);
    // The two reports of the setup: written twice, audited twice (demo data may add more).
    expect(total[0]).toBeGreaterThanOrEqual(2);
    expect(total[6]).toBeGreaterThanOrEqual(2);
    await close();
  });

  it('doctor workload: export downloads the xlsx of the table', async () => {
    const { stats, close } = await open('/UserWorkCount', 'work-count-page');
    await stats.query('userWorkCount');
    const { labels } = await stats.table();
    const file = await stats.exportFile();
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const firstColumn = wb.worksheets[0]!.getColumn(1).values.map((v) => String(v ?? ''));
    for (const doctor of labels) expect(firstColumn).toContain(doctor);
    await close();
  });

  it('monthly count: without month and hospital the spec message shows and nothing is asked', async () => {
    const { page, stats, close } = await open('/monthCount', 'month-count-page');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/orderCount/')) asked.push(r.url());
    });
    await page.getByTestId('stats-query').click();
    await stats.warning('请先选择月份和医院再查询');
    await page.getByTestId('stats-export').click();
    await stats.warning('请先选择月份和医院再查询');
    expect(asked).toEqual([]);
    await close();
  });

  it('monthly count: a month of H001 with studies answers rows and a total equal to their sum', async () => {
    // The month of the newest H001 study (demo data is dated relative to today).
    const token = await apiToken(e2e.platform, 'doctor');
    const newest = await apiPost<{ list: { study_datetime: string }[] }>(e2e.platform, token, '/api/order/OrderList', {
      pageNumber: 1,
      pageSize: 10,
      column: 'study_datetime',
      order: 'desc',
    });
    const month = newest.list[0]!.study_datetime.slice(0, 7);
    const { page, stats, close } = await open('/monthCount', 'month-count-page');
    await page.getByTestId('stats-month').click();
    await page.keyboard.type(month);
    await page.keyboard.press('Enter');
    await page.getByTestId('stats-hospital').click();
    await page.locator('.ant-select-item-option').first().click();
    await stats.query('monthCountByBodyPart');
    const { rows, total } = await stats.table();
    expect(rows.length).toBeGreaterThan(0);
    // body part (text) then routine, emergency, exam, total, parts
    const nums = (r: number[]) => r.slice(1);
    expect(nums(total)).toEqual(nums(total).map((_, i) => rows.reduce((s, r) => s + nums(r)[i]!, 0)));
    await close();
  });

  it('dashboard and storage draw their charts; storage exports its table', async () => {
    const { page, stats, close } = await open('/dashboard', 'dashboard-page');
    await page.getByTestId('dashboard-byDay').locator('canvas').waitFor();
    await page.getByTestId('dashboard-byHour').locator('canvas').waitFor();
    await stats.open('/fileCount', 'storage-page');
    await page.getByTestId('storage-chart').locator('canvas').waitFor();
    await page.getByTestId('stats-total-row').waitFor();
    expect((await stats.exportFile()).suggestedFilename()).toMatch(/\.xlsx$/);
    await close();
  });

  it('the three-tab page: every tab shows rows, each row sum is its 18 columns, the total row their sums', async () => {
    const { page, stats, close } = await open('/zhanjiang', 'zhanjiang-page');
    await stats.query('zhanJiangCount');
    for (const tab of ['part', 'report', 'work']) {
      if (tab !== 'part') {
        await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/orderCount/zhanJiangCount')),
          page.getByTestId(`zhanjiang-tab-${tab}`).click(),
        ]);
      }
      const { rows, total } = await stats.table('zhanjiang-table');
      expect(rows.length, tab).toBeGreaterThan(0);
      // 18 columns (CT DR MR x first diagnosis / audit x routine emergency exam), then the row sum
      expect(total, tab).toHaveLength(19);
      for (const r of rows) expect(r[18]).toBe(r.slice(0, 18).reduce((a, b) => a + b, 0));
      expect(total, tab).toEqual(columnSums(rows, 19));
    }
    // The setup's two reports were written and audited today: they are on the report tab.
    const { total } = await stats.table('zhanjiang-table');
    expect(total[18]).toBeGreaterThan(0);
    expect((await stats.exportFile()).suggestedFilename()).toMatch(/\.xlsx$/);
    await close();
  });

  it('film quality: the modality filter leaves only that modality', async () => {
    const { page, stats, close } = await open('/imgCount', 'film-quality-page');
    await stats.query('imgProportionCount');
    const all = await stats.column(1, 'film-quality-table');
    expect(new Set(all).size).toBeGreaterThan(1);
    const modality = all.includes('CT') ? 'CT' : all[0]!;
    await page.getByTestId('stats-modality').click();
    await page.locator('.ant-select-item-option').getByText(modality, { exact: true }).click();
    await stats.query('imgProportionCount');
    await expect.poll(() => stats.column(1, 'film-quality-table')).not.toEqual(all);
    const filtered = await stats.column(1, 'film-quality-table');
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((m) => m === modality)).toBe(true);
    // studies and rated of the total row equal the rows' sums (cells 2 and 3)
    const studies = (await stats.column(2, 'film-quality-table')).map(Number);
    const totalCells = await page
      .getByTestId('film-quality-table')
      .getByTestId('stats-total-row')
      .locator('td')
      .allInnerTexts();
    expect(Number(totalCells[2])).toBe(studies.reduce((a, b) => a + b, 0));
    await close();
  });

  it('statistics per hospital: table 2 lists consultations per hospital with its total', async () => {
    const { stats, close } = await open('/doctorCount', 'hospital-count-page');
    await stats.query('doctorCount');
    const hospitals = await stats.table('hospital-count-table');
    expect(hospitals.rows.length).toBeGreaterThan(0);
    const meetings = await stats.table('meeting-count-table');
    expect(meetings.total).toHaveLength(4);
    expect(meetings.total).toEqual(columnSums(meetings.rows, 4));
    await close();
  });

  it('dashboard: the headline figures and the new charts are drawn', async () => {
    const { page, close } = await open('/dashboard', 'dashboard-page');
    for (const chart of ['byAgeRegister', 'bodyParts', 'referrers', 'ray', 'phone']) {
      await page.getByTestId(`dashboard-${chart}`).locator('canvas').waitFor();
    }
    await expect
      .poll(async () =>
        Number(
          (await page.getByTestId('headline-studies').locator('.ant-statistic-content-value').innerText()).replace(
            /,/g,
            '',
          ),
        ),
      )
      .toBeGreaterThan(0);
    await close();
  });

  it('file download time: opening a study in the viewer posts its time; /useTime shows that day and the opening', async () => {
    const { page, stats, close } = await open('/dashboard', 'dashboard-page');
    const saved = page.waitForRequest((r) => r.url().endsWith('/monitor/saveUseTime'), { timeout: 30_000 });
    await page.goto(`${e2e.platform.appUrl}#/readingFilm?uid=${VIEWED}`);
    expect(await new ImageViewerPage(page).firstImageMs()).toBeGreaterThan(0);
    const body = (await saved).postDataJSON() as {
      study_iuid: string;
      first_ms: number;
      total_ms: number;
      images: number;
    };
    expect(body).toMatchObject({ study_iuid: VIEWED, images: 3 });
    expect(body.total_ms).toBeGreaterThanOrEqual(body.first_ms);
    await page.waitForResponse((r) => r.url().endsWith('/monitor/saveUseTime'));

    await stats.open('/useTime', 'use-time-page');
    const today = new Date().toLocaleDateString('sv-SE');
    await expect.poll(() => page.getByTestId('use-time-day').inputValue()).toBe(today);
    await page.getByTestId('use-time-row').filter({ hasText: VIEWED }).waitFor();
    expect(
      Number(await page.getByTestId('use-time-sum').locator('.ant-statistic-content-value').innerText()),
    ).toBeGreaterThan(0);
    await page.getByTestId('use-time-day').click();
    await page.getByTestId('use-time-marked').first().waitFor();
    await close();
  });
});
