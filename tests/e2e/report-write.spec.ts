import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { apiToken, studiesWithStatus } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { LoginPage } from '../pages/login-page';
import { ReportWritePage } from '../pages/report-write-page';
import { ShellPage } from '../pages/shell-page';
import { WorklistPage } from '../pages/worklist-page';

const e2e = useE2e();

/** Filters the worklist by one report status and opens the report of row `index`. */
async function openFromWorklist(page: Page, statusLabel: string, statusValue: number, index = 0) {
  const list = new WorklistPage(page);
  await list.waitForResults();
  await page.getByTestId('wl-status').click();
  await page.locator(`.ant-select-item-option[title="${statusLabel}"]`).click();
  await page.keyboard.press('Escape');
  await list.search(`rpt_status=${statusValue}`);
  await list.rows().nth(index).getByTestId('row-open-report').click();
  await page.waitForURL((u) => u.hash.startsWith('#/writeRpt?study_iuid='));
  const rw = new ReportWritePage(page);
  await rw.waitReady();
  return rw;
}

/** How many requests to `path` the page has sent since this was called. */
function countRequests(page: Page, path: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) n += 1;
  });
  return () => n;
}

describe('report writing screen', () => {
  let written = '';

  it('a doctor opens a new study from the worklist, applies a public template, edits and saves', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const rw = await openFromWorklist(page, '未写', 0);
    await rw.waitStatus(0);
    expect(await rw.findings().inputValue()).toBe('');

    const label = await rw.applyFirstPublicTemplate();
    await rw.message(`已应用模板：${label}`).waitFor();
    const fromTemplate = await rw.findings().inputValue();
    expect(fromTemplate.length).toBeGreaterThan(0);
    expect((await rw.opinion().inputValue()).length).toBeGreaterThan(0);

    await rw.findings().fill(`${fromTemplate}另见少许胸腔积液。`);
    await page.getByTestId('rw-good-2').click();
    const infoCalls = countRequests(page, '/report/info');
    await rw.button('save').click();
    await rw.waitStatus(1);
    await rw.message('报告已保存').waitFor();
    expect(await rw.findings().inputValue()).toBe(`${fromTemplate}另见少许胸腔积液。`);
    // The save's answer is the report as saved: one round trip, no second /report/info.
    expect(infoCalls()).toBe(0);
    written = rw.studyIuid();

    // Templates apply only to a report that is not written yet.
    await rw.doubleClickFirstPublicTemplate();
    await rw.message('只有未书写的报告可以应用模板').waitFor();
    expect(await rw.findings().inputValue()).toBe(`${fromTemplate}另见少许胸腔积液。`);

    // The saved version compared with the text as it is now: the addition is highlighted.
    await rw.findings().fill(`${fromTemplate}另见少许胸腔积液。心包少量积液。`);
    await rw.button('versions').click();
    await page.getByTestId('rw-version').first().waitFor();
    await page.getByTestId('rw-version-compare').first().click();
    const diff = page.getByTestId('rw-diff');
    await diff.waitFor();
    expect((await diff.locator('[data-diff=added]').allTextContents()).join('')).toBe('心包少量积液。');
    expect(await diff.locator('[data-diff=removed]').count()).toBe(0);

    // A version written after the drawer was first opened shows when it opens again (not its 30 s old list).
    const versions = await page.getByTestId('rw-version').count();
    await page.keyboard.press('Escape'); // the comparison
    await diff.waitFor({ state: 'hidden' });
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await page.getByTestId('rw-version').first().waitFor({ state: 'hidden' });
    await rw.button('save').click();
    await rw.message('报告已保存').last().waitFor();
    await rw.button('versions').click();
    await expect.poll(() => page.getByTestId('rw-version').count(), { timeout: 5000 }).toBe(versions + 1);
    await close();
  });

  it('the auditor opens it and audits; the report becomes read-only', async () => {
    expect(written).not.toBe('');
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'auditor');
    const rw = new ReportWritePage(page);
    await rw.open(e2e.platform.appUrl, written);
    await rw.waitStatus(1);
    const infoCalls = countRequests(page, '/report/info');
    await rw.button('audit').click();
    await rw.waitStatus(2);
    expect(infoCalls()).toBe(0);
    expect(await rw.findings().isDisabled()).toBe(true);
    expect(await rw.button('save').isDisabled()).toBe(true);
    expect(await rw.button('cancelAudit').isEnabled()).toBe(true);
    expect(await rw.button('print').isEnabled()).toBe(true);
    await close();
  });

  it('a stale tab’s save is refused naming who changed the report, and keeps its text', async () => {
    const doctor = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const auditor = await signedIn(e2e.browser, e2e.platform, 'auditor');
    const stale = await openFromWorklist(doctor.page, '已保存', 1);
    const iuid = stale.studyIuid();
    const fresh = new ReportWritePage(auditor.page);
    await fresh.open(e2e.platform.appUrl, iuid);
    await fresh.waitStatus(1);
    // The doctor holds the study: the auditor is told who.
    expect(await auditor.page.getByTestId('rw-locked-by').textContent()).toContain('张医生');

    await fresh.findings().fill('审核医生先修改的所见。');
    await fresh.button('save').click();
    await fresh.message('报告已保存').waitFor();

    await stale.findings().fill('报告医生在旧版本上写的所见。');
    await stale.button('save').click();
    const conflict = doctor.page.getByTestId('rw-stale-message');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('李主任');
    expect(await stale.findings().inputValue()).toBe('报告医生在旧版本上写的所见。');

    // Comparing shows the other doctor's text against ours; our text stays on screen.
    await doctor.page.getByTestId('rw-stale-compare').click();
    const diff = doctor.page.getByTestId('rw-diff');
    await diff.waitFor();
    expect((await diff.locator('[data-diff=removed]').allTextContents()).join('')).toContain('审核医生先修改');
    expect((await diff.locator('[data-diff=added]').allTextContents()).join('')).toContain('报告医生在旧版本上写');
    expect(await stale.findings().inputValue()).toBe('报告医生在旧版本上写的所见。');
    await doctor.close();
    await auditor.close();
  });

  it('the draft survives a page crash and is offered back on reopening', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const rw = await openFromWorklist(page, '未写', 0);
    const iuid = rw.studyIuid();
    const text = '崩溃前输入的所见，不应丢失。';
    await rw.findings().fill(text);
    // Wait for the 5-second draft to reach localStorage (polling, not sleeping).
    await page.waitForFunction(
      (t) => Object.keys(localStorage).some((k) => k.startsWith('rxpacs.reportDraft.') && localStorage[k].includes(t)),
      text,
      { timeout: 15_000 },
    );
    // A renderer crash: no pagehide, nothing else runs on the page.
    const cdp = await page.context().newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;

    // A new tab of the same browser profile (localStorage kept; the session is per tab: sign in again).
    const again = await page.context().newPage();
    await again.goto(`${e2e.platform.appUrl}#/writeRpt?study_iuid=${encodeURIComponent(iuid)}`);
    await new LoginPage(again, e2e.platform.appUrl).signIn('doctor', 'Doctor@123');
    const reopened = new ReportWritePage(again);
    await again.getByTestId('rw-draft-restore').click();
    await reopened.waitReady();
    await again.waitForFunction(
      (t) =>
        (
          document.querySelector(
            '[data-testid=report-page][data-page="0"] [data-testid=page-text-findings]',
          ) as HTMLTextAreaElement | null
        )?.value === t,
      text,
    );
    await close();
  });

  it('after an audit with autoShRptClose the report closes back to the list', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'auditor');
    await page.evaluate(async () => {
      const token = JSON.parse(sessionStorage.getItem('rxpacs.session') ?? '{}').state?.token as string;
      await fetch('/user/userConfig', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ data1: { autoShRptClose: true } }),
      });
    });
    await page.reload();
    const rw = await openFromWorklist(page, '已保存', 1);
    await rw.button('audit').click();
    await page.waitForURL((u) => u.hash.startsWith('#/orderList'));
    await page.getByTestId('worklist-page').waitFor();
    const tabs = await page.getByTestId('tab').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tabKey));
    expect(tabs).not.toContain('/writeRpt');
    await close();
  });

  it('the simple report page writes with the knowledge drawer and saves', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    // Row 0 is the crash test's study, which keeps the doctor's server draft (and would offer it back).
    const full = await openFromWorklist(page, '未写', 0, 1);
    const iuid = full.studyIuid();
    await page.goto(`${e2e.platform.appUrl}#/simpleRpt?uid=${encodeURIComponent(iuid)}`);
    await page.getByTestId('rw-simple').waitFor();
    await full.dismissQc();
    await page.getByTestId('rw-btn-knowledge').click();
    const drawer = page.getByTestId('rw-knowledge-drawer');
    await drawer.getByTestId('rw-tab-public').click();
    await drawer.locator('[data-testid=rw-tree-public] [data-testid=rw-k-node][data-leaf="1"]').first().click();
    await drawer.getByTestId('rw-k-apply').click();
    await page.keyboard.press('Escape');
    expect((await page.getByTestId('rw-findings').inputValue()).length).toBeGreaterThan(0);
    await page.getByTestId('rw-good-1').click();
    await page.getByTestId('rw-btn-save').click();
    await page.locator('[data-testid=rw-status][data-status="1"]').waitFor();
    await close();
  });

  it('the content check shows what matched; continuing saves anyway', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    // Row 0 is the crash test's study (its draft would be offered back): take the next new study.
    const rw = await openFromWorklist(page, '未写', 0, 1);
    await rw.findings().fill('左肺上叶见一小结节。');
    await rw.opinion().fill('右肺上叶小结节，建议随访。');
    await page.getByTestId('rw-good-2').click();
    await rw.button('save').click();
    const check = page.getByTestId('rw-content-check');
    await check.waitFor();
    expect(await check.textContent()).toContain('所见为左侧，诊断意见为右侧');
    await rw.waitStatus(0);
    await page.getByTestId('rw-content-continue').click();
    await rw.waitStatus(1);
    expect(await rw.findings().inputValue()).toBe('左肺上叶见一小结节。');
    await close();
  });

  it('closing the tab releases the study', async () => {
    const doctor = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const auditor = await signedIn(e2e.browser, e2e.platform, 'auditor');
    const rw = await openFromWorklist(doctor.page, '已审核', 2);
    const iuid = rw.studyIuid();
    const lockSeenBy = (page: Page) =>
      page.evaluate(async (study_iuid) => {
        const token = JSON.parse(sessionStorage.getItem('rxpacs.session') ?? '{}').state?.token as string;
        const res = await fetch('/report/info', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ study_iuid }),
        });
        return ((await res.json()) as { data: { lock: { lock_status: string } } }).data.lock.lock_status;
      }, iuid);
    await expect.poll(() => lockSeenBy(auditor.page)).toBe('张医生');
    await doctor.page.close({ runBeforeUnload: true });
    await expect.poll(() => lockSeenBy(auditor.page), { timeout: 10_000 }).toBe('');
    await doctor.close();
    await auditor.close();
  });

  it('signing out on the report screen frees the study: the next doctor sees no lock notice', async () => {
    const doctor = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const rw = await openFromWorklist(doctor.page, '已审核', 2, 2);
    await rw.waitIdle();
    const iuid = rw.studyIuid();
    await new ShellPage(doctor.page).signOut();

    const auditor = await signedIn(e2e.browser, e2e.platform, 'auditor');
    const other = new ReportWritePage(auditor.page);
    const lockAnswer = auditor.page.waitForResponse((r) => new URL(r.url()).pathname === '/report/lock');
    await other.open(e2e.platform.appUrl, iuid);
    const lock = (await (await lockAnswer).json()) as { data: { mine: boolean; lock_status: string } };
    expect(lock.data).toMatchObject({ mine: true, lock_status: '李主任' });
    await other.waitIdle();
    expect(await auditor.page.getByTestId('rw-locked-by').count()).toBe(0);
    await doctor.close();
    await auditor.close();
  });

  it('the QC dialog asks once: not again in a new session once recorded, never on an audited report', async () => {
    const doctor = await apiToken(e2e.platform, 'doctor');
    // The last of each list: the other tests of this file write into the first ones (drafts would ask first).
    const fresh = (await studiesWithStatus(e2e.platform, doctor, 0)).at(-1);
    const audited = (await studiesWithStatus(e2e.platform, doctor, 2)).at(-1);
    for (const s of [fresh!, audited!]) await e2e.platform.updateStudy(s.study_iuid, { use_qc: 1 });
    /** Opens the study in a new browser session; true when the QC dialog shows. */
    const asks = async (studyIuid: string) => {
      const session = await signedIn(e2e.browser, e2e.platform, 'doctor');
      const rw = new ReportWritePage(session.page);
      // Whether the dialog was there when the findings became editable (issue 40: a dialog opening later
      // takes the focus from a doctor already typing).
      await session.page.evaluate(() => {
        const w = window as unknown as { qcWithEditor?: boolean };
        const seen = new MutationObserver(() => {
          if (!document.querySelector('[data-testid=page-text-findings]')) return;
          w.qcWithEditor = !!document.querySelector('[data-testid=rw-qc-form]');
          seen.disconnect();
        });
        seen.observe(document, { subtree: true, childList: true });
      });
      await session.page.goto(`${e2e.platform.appUrl}#/writeRpt?study_iuid=${encodeURIComponent(studyIuid)}`);
      await rw.screen().waitFor();
      await session.page.getByTestId('report-document').waitFor();
      const withEditor = await session.page.evaluate(
        () => (window as unknown as { qcWithEditor?: boolean }).qcWithEditor,
      );
      return { ...session, withEditor, shown: await session.page.getByTestId('rw-qc-form').isVisible() };
    };

    const first = await asks(fresh!.study_iuid);
    expect(first.shown).toBe(true);
    expect(first.withEditor).toBe(true);
    // the focus is in the dialog, not in the text a doctor would type into unseen
    expect(await first.page.evaluate(() => !!document.activeElement?.closest('.ant-modal-wrap'))).toBe(true);
    await first.page.locator('[data-testid=rw-qc-form] .ant-radio-wrapper').first().click();
    await first.page.locator('.ant-modal-wrap:has([data-testid=rw-qc-form]) .ant-btn-primary').click();
    await first.page.getByTestId('rw-qc-form').waitFor({ state: 'hidden' });
    await first.close();

    const again = await asks(fresh!.study_iuid);
    expect(again.shown).toBe(false);
    await again.close();
    const onAudited = await asks(audited!.study_iuid);
    expect(onAudited.shown).toBe(false);
    await onAudited.close();
  });

  it('the personal tree saves the current text as a template and keeps the folder rules', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const rw = await openFromWorklist(page, '已审核', 2, 1);
    await page.getByTestId('rw-tab-personal').click();
    const tree = page.getByTestId('rw-tree-user');
    const node = (label: string) => tree.locator(`[data-testid=rw-k-node][data-label="${label}"]`);

    // Saving a template needs a folder selected.
    await page.getByTestId('rw-k-new-template').click();
    await rw.message('请先选择一个文件夹').waitFor();

    await node('我的模板').click();
    await page.getByTestId('rw-k-new-template').click();
    await page.getByTestId('rw-k-name').fill('端到端模板');
    await page.getByTestId('rw-k-name-ok').click();
    await node('端到端模板').waitFor();

    // A folder with something in it cannot be deleted; the template can.
    await node('我的模板').click();
    await page.getByTestId('rw-k-delete').click();
    await rw.message('文件夹下有内容，不能删除').waitFor();
    await node('端到端模板').click();
    await page.getByTestId('rw-k-delete').click();
    await page.getByTestId('rw-k-delete-ok').click();
    await node('端到端模板').waitFor({ state: 'detached' });
    await close();
  });

  it('body-part search sets the study description; patient info is validated and saved', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    // Row 0 is the crash test's study (its draft would be offered back): take the next new study.
    const rw = await openFromWorklist(page, '未写', 0, 1);
    await page.getByTestId('rw-btn-bodyPart').click();
    const item = page.getByTestId('rw-body-part-item').first();
    const label = (await item.getAttribute('data-label')) ?? '';
    await item.click();
    expect(await page.getByTestId('rw-working-desc').textContent()).toBe(label);

    await rw.button('patientInfo').click();
    await page.getByTestId('rw-patient-age').fill('4a');
    await page.getByTestId('rw-patient-ok').click();
    await page.getByTestId('rw-patient').getByText('只能填写数字').waitFor();
    await page.getByTestId('rw-patient-age').fill('47');
    await page.getByTestId('rw-patient-name-input').fill('端到端患者');
    await page.getByTestId('rw-patient-ok').click();
    await rw.message('患者信息已保存').waitFor();
    expect(await page.getByTestId('rw-patient-name').textContent()).toBe('端到端患者');
    await close();
  });

  it('the report switcher adds a second report to a study and switches between them', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const rw = await openFromWorklist(page, '已审核', 2, 2);
    await page.getByTestId('rw-switch-add').click();
    await page.locator('[data-testid=rw-screen][data-position="2"]').waitFor();
    await rw.waitStatus(0);
    await rw.findings().fill('第二份报告的所见。');
    await rw.opinion().fill('第二份报告的意见。');
    await page.getByTestId('rw-good-1').click();
    await rw.button('save').click();
    await rw.waitStatus(1);
    const labels = await page.getByTestId('rw-switch').allTextContents();
    expect(labels).toEqual(['报告1：已审核', '报告2：已保存']);

    await page.locator('[data-testid=rw-switch][data-position="1"]').click();
    await page.locator('[data-testid=rw-screen][data-position="1"]').waitFor();
    await rw.waitStatus(2);
    expect(await rw.findings().inputValue()).not.toBe('第二份报告的所见。');
    await close();
  });

  it('sets and deletes a critical value, keeping the unsaved text', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const rw = await openFromWorklist(page, '已保存', 1, 2);
    await rw.findings().fill('尚未保存的修改。');
    await rw.button('critical').click();
    await page.getByTestId('rw-critical-text').fill('大量气胸');
    await page.getByTestId('rw-critical-ok').click();
    await rw.message('危急值已更新').waitFor();
    expect(await rw.findings().inputValue()).toBe('尚未保存的修改。');

    // The critical value moved the version on; saving the text afterwards is not a conflict.
    await rw.button('save').click();
    await rw.message('报告已保存').waitFor();
    await rw.button('critical').click();
    await page.getByTestId('rw-critical').getByText('删除').click();
    await page.getByTestId('rw-critical-ok').click();
    await page.getByTestId('rw-critical').waitFor({ state: 'detached' });
    // Deleted: reopening offers only "set" (there is nothing left to delete).
    await rw.button('critical').click();
    const remove = page.getByTestId('rw-critical').locator('.ant-radio-wrapper', { hasText: '删除' }).locator('input');
    expect(await remove.isDisabled()).toBe(true);
    await close();
  });

  it('offers no critical-value flag where the installation does not use it (use_critical N)', async () => {
    await e2e.platform.setConfig('use_critical', 'N');
    try {
      const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor');
      const rw = await openFromWorklist(page, '已保存', 1, 2);
      await rw.button('save').waitFor();
      expect(await rw.button('critical').count()).toBe(0);
      await close();
    } finally {
      await e2e.platform.setConfig('use_critical', 'Y');
    }
  });
});
