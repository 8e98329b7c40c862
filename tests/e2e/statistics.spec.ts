import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { StatisticsPage } from '../pages/statistics-page';

/** Two reports written by `doctor` and audited by `auditor` today: the workload of this month has rows. */
const e2e = useE2e(async ({ platform }) => {
  const doctor = await apiToken(platform, 'doctor');
  const [a, b] = await studiesWithStatus(platform, doctor, 0);
  if (!a || !b) throw new Error('the demo data has too few unwritten studies');
  await writeAndAudit(platform, a.study_iuid, { findings: '统计测试所见一', opinion: '统计测试意见一' });
  await writeAndAudit(platform, b.study_iuid, { findings: '统计测试所见二', opinion: '统计测试意见二' });
});

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
});
