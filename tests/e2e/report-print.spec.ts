import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SPLIT_MARKER } from '@shared/report/document';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { ReportPrintPage } from '../pages/report-print-page';
import { WorklistPage } from '../pages/worklist-page';

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
const pdfInfo = (pdf: Buffer) => execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');

const e2e = useE2e();
let audited: { study_iuid: string; patient_name: string; rpt_pk: string };
let notAudited: string;
let twoPages: { study_iuid: string; rpt_pk: string };
let longText: { study_iuid: string; rpt_pk: string };
let tooLong: { study_iuid: string; rpt_pk: string };
const LINE = '胆囊大小正常，壁光滑，腔内未见明显异常回声，胆总管未见扩张。';
// At 16 px this does not fit the page; at 12-15 px it does (demo layout, Noto CJK fonts).
const LONG_LINES = 28;
const FINDINGS = `打印测试所见：肝脏形态大小正常，实质回声均匀。${Date.now()}`;
const OPINION = '打印测试意见：肝脏未见明显异常。';

beforeAll(async () => {
  const doctor = await apiToken(e2e.platform, 'doctor');
  const [fresh, other, paged, long, longer] = await studiesWithStatus(e2e.platform, doctor, 0);
  if (!fresh || !other || !paged || !long || !longer) throw new Error('the demo data has too few unwritten studies');
  const info = await writeAndAudit(e2e.platform, fresh.study_iuid, { findings: FINDINGS, opinion: OPINION });
  expect(info.reports[0]?.rpt_status).toBe(2);
  audited = {
    study_iuid: fresh.study_iuid,
    patient_name: info.study.patient_name,
    rpt_pk: String(info.reports[0]?.rpt_pk),
  };
  notAudited = other.study_iuid;
  const p = await writeAndAudit(e2e.platform, paged.study_iuid, {
    findings: `第一页所见${PAGE_SPLIT_MARKER}第二页所见`,
    opinion: `第一页意见${PAGE_SPLIT_MARKER}第二页意见`,
  });
  twoPages = { study_iuid: paged.study_iuid, rpt_pk: String(p.reports[0]?.rpt_pk) };
  const l = await writeAndAudit(e2e.platform, long.study_iuid, {
    findings: Array.from({ length: LONG_LINES }, (_, i) => `${i + 1}. ${LINE}`).join('\n'),
    opinion: '长文本意见',
  });
  longText = { study_iuid: long.study_iuid, rpt_pk: String(l.reports[0]?.rpt_pk) };
  const t = await writeAndAudit(e2e.platform, longer.study_iuid, {
    findings: Array.from({ length: 90 }, (_, i) => `${i + 1}. ${LINE}`).join('\n'),
    opinion: '超长文本意见',
  });
  tooLong = { study_iuid: longer.study_iuid, rpt_pk: String(t.reports[0]?.rpt_pk) };
});

async function printPage() {
  const session = await signedIn(e2e.browser, e2e.platform, 'doctor');
  await ReportPrintPage.stubPrinting(session.page);
  return { ...session, print: new ReportPrintPage(session.page, e2e.platform.appUrl) };
}

describe('report print page', () => {
  it('renders the audited report on one A4 page whose PDF has the patient name and both texts', async () => {
    const { print, close } = await printPage();
    await print.open({ study_iuid: audited.study_iuid, rpt_pk: audited.rpt_pk });
    await print.waitReady();
    expect(await print.pages().count()).toBe(1);
    const box = await print.pages().first().boundingBox();
    // 210 x 297 mm at 96 px per inch
    expect(Math.round(box?.width ?? 0)).toBe(794);
    expect(Math.round(box?.height ?? 0)).toBe(1123);

    const pdf = await print.pdf();
    const text = pdfText(pdf).replace(/\s+/g, '');
    expect(text).toContain(audited.patient_name);
    expect(text).toContain(FINDINGS.replace(/\s+/g, ''));
    expect(text).toContain(OPINION);
    const info = pdfInfo(pdf);
    expect(info).toMatch(/Pages:\s+1\n/);
    const [w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)?.slice(1).map(Number) ?? [0, 0];
    // A4 is 595.28 x 841.89 pt; Chromium rounds the page box to whole device pixels
    expect(Math.abs((w ?? 0) - 595.28)).toBeLessThan(1);
    expect(Math.abs((h ?? 0) - 841.89)).toBeLessThan(1);
    expect(await print.printCalls()).toEqual([0, 0]);
    await close();
  });

  it('prints by itself and closes when the address says print=1', async () => {
    const { page, print, close } = await printPage();
    await print.open({ study_iuid: audited.study_iuid, rpt_pk: audited.rpt_pk, print: '1' });
    await print.waitReady();
    await page.waitForFunction(() => window.__printCalls === 1 && window.__closeCalls === 1);
    await close();
  });

  it('refuses a report that is not audited, with the reason, and does not print', async () => {
    const { page, print, close } = await printPage();
    await print.open({ study_iuid: notAudited, print: '1' });
    await print.notice('print-refused').waitFor();
    expect(await print.notice('print-refused').textContent()).toContain('报告尚未审核，不能打印');
    expect(await page.getByTestId('report-document').count()).toBe(0);
    expect(await print.printCalls()).toEqual([0, 0]);
    // In the user's language
    await page.evaluate(() => localStorage.setItem('rxpacs.locale', 'en-US'));
    await page.reload();
    await print.notice('print-refused').waitFor();
    expect(await print.notice('print-refused').textContent()).toContain('not audited yet and cannot be printed');
    await close();
  });

  it('a reader whose screen is in English prints the Chinese report with Chinese labels and values', async () => {
    const { page, shell, print, close } = await printPage();
    await shell.switchLanguage('en-US');
    await print.open({ study_iuid: audited.study_iuid, rpt_pk: audited.rpt_pk, isJz: '1' });
    await print.waitReady();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(['男', '女']).toContain(await page.getByTestId('rd-field-patient_sex').first().textContent());
    expect(await print.watermark().locator('span').textContent()).toBe('急诊');
    const text = pdfText(await print.pdf());
    expect(text).not.toMatch(/\b(Male|Female|Emergency)\b/);
    await close();
  });

  it('a tab opened in English is ready and prints only once the Chinese report is drawn, not before', async () => {
    const { page, shell, print, close } = await printPage();
    await shell.switchLanguage('en-US');
    // A new document whose Chinese words come after the report's data (a slow network).
    await page.route(/(start|texts)-zh-CN[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('about:blank');
    await print.open({ study_iuid: audited.study_iuid, rpt_pk: audited.rpt_pk, print: '1' });
    await print.waitReady();
    expect(await print.pagesNow()).toBe(1);
    await page.waitForFunction(() => window.__printCalls === 1);
    expect(await print.printedPages()).toBe(1);
    await close();
  });

  it('an emergency print carries the watermark at 15 degrees and opacity 0.4, on paper too', async () => {
    const { print, close } = await printPage();
    await print.open({ study_iuid: audited.study_iuid, rpt_pk: audited.rpt_pk, isJz: '1' });
    await print.waitReady();
    const mark = print.watermark().locator('span');
    expect(await mark.textContent()).toBe('急诊');
    const style = await mark.evaluate((el) => {
      const s = getComputedStyle(el);
      return { opacity: s.opacity, transform: s.transform };
    });
    expect(style.opacity).toBe('0.4');
    const [a, b] = /matrix\(([^,]+), ([^,]+)/.exec(style.transform)?.slice(1).map(Number) ?? [0, 0];
    expect(Math.round((Math.atan2(b ?? 0, a ?? 1) * 180) / Math.PI)).toBe(-15);
    // Rotated text comes out of the PDF glyph by glyph: count the watermark's characters against a plain print.
    const emergency = pdfText(await print.pdf());
    await print.open({ study_iuid: audited.study_iuid, rpt_pk: audited.rpt_pk });
    await print.waitReady();
    expect(await print.watermark().count()).toBe(0);
    const plain = pdfText(await print.pdf());
    const count = (s: string, ch: string) => s.split(ch).length - 1;
    expect(count(emergency, '急') - count(plain, '急')).toBe(1);
    expect(count(emergency, '诊') - count(plain, '诊')).toBe(1);
    await close();
  });

  it('the worklist print button opens a tab that keeps the session and prints the report', async () => {
    const { page, close } = await printPage();
    const list = new WorklistPage(page);
    await list.fillPatientId('');
    await page.getByTestId('wl-status').click();
    await page.locator('.ant-select-item-option[title="已审核"]').click();
    await page.keyboard.press('Escape');
    await list.search('rpt_status=2');
    const popup = page.context().waitForEvent('page');
    await page.getByTestId('row-print').first().click();
    const tab = await popup;
    await tab.locator('[data-testid=print-root][data-ready=true]').waitFor();
    await tab.waitForFunction(() => window.__printCalls === 1);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await close();
  });

  it('prints one A4 sheet per page-split marker, each with its share of the texts', async () => {
    const { print, close } = await printPage();
    await print.open(twoPages);
    await print.waitReady();
    expect(await print.pages().count()).toBe(2);
    const pdf = await print.pdf();
    expect(pdfInfo(pdf)).toMatch(/Pages:\s+2\n/);
    const page2 = execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', '2', '-l', '2', '-', '-'], {
      input: pdf,
    }).toString();
    expect(page2).toContain('第二页所见');
    expect(page2).toContain('第二页意见');
    expect(page2).not.toContain('第一页所见');
    await close();
  });

  it('shrinks the text of an overflowing page by whole pixels, not below 12 px, until it fits', async () => {
    const { print, close } = await printPage();
    await print.open(longText);
    await print.waitReady();
    const page = print.pages().first();
    const font = Number(await page.getAttribute('data-font'));
    const fits = await page.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
    expect(font).toBeLessThan(16);
    expect(font).toBeGreaterThanOrEqual(12);
    expect(fits).toBe(true);
    const textFont = await page.getByTestId('page-text-findings').evaluate((el) => getComputedStyle(el).fontSize);
    expect(textFont).toBe(`${font}px`);
    await close();
  });

  it('stops shrinking at 12 px and lets a page still too long run onto a second sheet rather than cut text', async () => {
    const { print, close } = await printPage();
    await print.open(tooLong);
    await print.waitReady();
    const page = print.pages().first();
    expect(await page.getAttribute('data-font')).toBe('12');
    expect(await page.getAttribute('data-overflow')).toBe('true');
    const pdf = await print.pdf();
    expect(pdfInfo(pdf)).toMatch(/Pages:\s+2\n/);
    const text = pdfText(pdf);
    expect(text).toContain(`90. ${LINE}`);
    expect(text).toContain('超长文本意见');
    await close();
  });

  it('asks to sign in when the tab has no session', async () => {
    const { context, page } = await newPage(e2e.browser);
    const print = new ReportPrintPage(page, e2e.platform.appUrl);
    await print.open({ study_iuid: audited.study_iuid });
    await print.notice('print-sign-in').waitFor();
    await context.close();
  });
});
