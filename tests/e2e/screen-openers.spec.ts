import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { apiPost, apiToken, studiesWithStatus } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { LoginPage } from '../pages/login-page';
import { DeskScreen } from '../pages/queue-pages';
import { ReportDocumentView } from '../pages/report-document';
import { ReportWritePage } from '../pages/report-write-page';
import { WorklistPage } from '../pages/worklist-page';
import { clickWhenOpen } from '../pages/dialogs';

// The desk registers into a room of a call device of H001 (the test platform has none).
const e2e = useE2e(async ({ platform }) => {
  await apiPost(platform, await apiToken(platform, 'admin'), '/device/saveCall', {
    name: 'Openers hall',
    hospital_code: 'H001',
    department: '放射科',
    rooms: [{ room_name: 'CT1' }],
    scree_interval: 5,
    play_times: 1,
  });
});
const SIZE = { width: 1440, height: 900 };

/** A date `days` from today in the server's calendar (the platform runs in this process). */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function setLicence(expires: string | undefined): void {
  (e2e.platform.deps.env as { LICENCE_EXPIRES?: string }).LICENCE_EXPIRES = expires;
}

/** Reloads as a tab that has not yet been warned (the warning shows once per tab session). */
async function freshTabReload(page: Page): Promise<void> {
  // In one task, so no answer of the page before (its clock polls) can mark the tab warned in between.
  await Promise.all([
    page.waitForEvent('load'),
    page.evaluate(() => {
      sessionStorage.removeItem('rxpacs.licence.warned');
      location.reload();
    }),
  ]);
}

/** Runs `click` and returns the tab it opens, once its address is known. */
async function opensTab(page: Page, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

describe('licence headers', () => {
  it('warns with the days left when 30 or fewer remain, in both languages', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', SIZE);
    try {
      setLicence(dayFromToday(12));
      await freshTabReload(page);
      const warning = page.locator('.ant-notification-notice', { hasText: '授权即将到期' });
      await warning.waitFor();
      expect(await warning.textContent()).toContain('还剩 12 天');
      expect(await page.evaluate(() => sessionStorage.getItem('rxpacs.licence.warned'))).toBe('1');
      await shot(page, 'licence-warning-zh-CN');
      // it covers the header's language switch
      await warning.locator('.ant-notification-notice-close').click();
      await warning.waitFor({ state: 'hidden' });

      await shell.switchLanguage('en-US');
      await freshTabReload(page);
      const en = page.locator('.ant-notification-notice', { hasText: 'Licence ends soon' });
      await en.waitFor();
      expect(await en.textContent()).toContain("Days left on this system's licence: 12");
      await shot(page, 'licence-warning-en-US');
    } finally {
      setLicence(undefined);
      await close();
    }
  });

  it('an expired licence opens the dialog to contact the vendor, and nothing is refused', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', SIZE);
    try {
      setLicence(dayFromToday(-1));
      await page.reload();
      const zh = page.locator('.ant-modal-confirm', { hasText: '授权已过期' });
      await zh.waitFor();
      expect(await zh.textContent()).toContain('请联系厂商');
      await shot(page, 'licence-expired-zh-CN');
      await page.getByTestId('licence-dialog-ok').click();
      await zh.waitFor({ state: 'hidden' });
      const list = new WorklistPage(page);
      await list.waitForResults();
      expect(await list.rows().count()).toBeGreaterThan(0);

      await shell.switchLanguage('en-US');
      await page.reload();
      const en = page.locator('.ant-modal-confirm', { hasText: 'Licence expired' });
      await en.waitFor();
      expect(await en.textContent()).toContain('contact the vendor');
      await shot(page, 'licence-expired-en-US');
    } finally {
      setLicence(undefined);
      await close();
    }
  });
});

describe('label and application form openers', () => {
  it('the worklist row opens the label and the bare application form page in signed-in tabs', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', SIZE);
    try {
      const list = new WorklistPage(page);
      await list.waitForResults();
      const row = list.rows().first();
      const uid = (await row.getAttribute('data-row-key')) ?? '';
      await row.getByTestId('row-more').click();
      await page.getByTestId('row-print-apply').waitFor();
      await shot(page, 'worklist-print-menu-zh-CN');

      const label = await opensTab(page, () => page.getByTestId('row-print-label').click());
      expect(decodeURIComponent(label.url())).toContain(`#/printLabel?study_iuid=${uid}`);
      await label.getByTestId('label-page').waitFor();
      expect(await label.getByTestId('label-name').textContent()).toBeTruthy();
      await label.close();

      await row.getByTestId('row-more').click();
      const apply = await opensTab(page, () => page.getByTestId('row-print-apply').click());
      expect(decodeURIComponent(apply.url())).toContain(`#/printApply/${uid}?print=1`);
      await apply.getByTestId('apply-missing').waitFor();
      expect(await apply.getByTestId('apply-missing').textContent()).toContain('无法获取打印模板，请联系管理员');
      // a bare page: no menus, tabs or header around what prints
      expect(await apply.getByTestId('app-shell').count()).toBe(0);
      await apply.setViewportSize(SIZE);
      await shot(apply, 'print-apply-bare-missing-zh-CN');
      await apply.close();

      await shell.switchLanguage('en-US');
      await list.waitForResults();
      await list.rows().first().getByTestId('row-more').click();
      await page.getByTestId('row-print-apply').getByText('Print application form').waitFor();
      await shot(page, 'worklist-print-menu-en-US');
    } finally {
      await close();
    }
  });

  it('without a session the application form page asks for the sign-in', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.platform.appUrl}#/printApply/1.2.3`);
    await page.getByTestId('login-username').waitFor();
    expect(decodeURIComponent(page.url())).toContain('redirect=/printApply/1.2.3');
    await context.close();
  });

  it('after a registration the desk offers the label and the application form', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'register', SIZE);
    try {
      const desk = new DeskScreen(page, e2e.platform.appUrl);
      await desk.open();
      await desk.register({ pat_id: 'OPEN-E2E-1', pat_name: '标签患者', modality: 'CT', room: 'CT1' });
      const notice = page.locator('.ant-notification-notice', { hasText: '为 标签患者 打印' });
      await notice.waitFor();
      await shot(page, 'desk-registered-prints-zh-CN');
      const label = await opensTab(page, () => notice.getByTestId('desk-registered-printLabel').click());
      await label.getByTestId('label-page').waitFor();
      expect(await label.getByTestId('label-name').textContent()).toBe('标签患者');
      await label.close();

      // the row's menu offers them too
      await desk.row('OPEN-E2E-1').getByTestId('desk-action-more').click();
      const apply = await opensTab(page, () => page.getByTestId('desk-action-printApply').click());
      await apply.getByTestId('apply-missing').waitFor();
      await apply.close();

      await shell.switchLanguage('en-US');
      await desk.open();
      await desk.register({ pat_id: 'OPEN-E2E-2', pat_name: 'Label Patient', modality: 'CT', room: 'CT1' });
      await page.locator('.ant-notification-notice', { hasText: 'Print for Label Patient' }).waitFor();
      expect(await page.getByTestId('desk-registered-printApply').last().textContent()).toContain(
        'Print application form',
      );
      await shot(page, 'desk-registered-prints-en-US');
    } finally {
      await close();
    }
  });
});

describe('patient save: a patient ID with reports of another name', () => {
  it('shows the server’s message with a button that lists those reports', async () => {
    const doctor = await apiToken(e2e.platform, 'doctor');
    const open = await apiPost<{
      list: { study_iuid: string; patient_id: string; patient_name: string; hospital_code: string }[];
    }>(e2e.platform, doctor, '/api/order/OrderList', { rpt_status: [0], pageNumber: 1, pageSize: 50 });
    const h001 = open.list.filter((s) => s.hospital_code === 'H001');
    const mine = h001[h001.length - 1]!;
    const other = h001.find((s) => s.patient_id !== mine.patient_id && s.patient_name !== mine.patient_name)!;
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', SIZE);
    try {
      const rw = new ReportWritePage(page);
      for (const locale of ['zh-CN', 'en-US'] as const) {
        if (locale === 'en-US') await shell.switchLanguage('en-US');
        await rw.open(e2e.platform.appUrl, mine.study_iuid);
        await rw.button('patientInfo').click();
        await page.getByTestId('rw-patient-id').fill(other.patient_id);
        await page.getByTestId('rw-patient-ok').click();
        const taken = page.getByTestId('rw-patient-taken');
        await taken.waitFor();
        expect(await taken.textContent()).toContain(other.patient_name);
        expect(await taken.textContent()).toContain(locale === 'zh-CN' ? '请核对后再保存' : 'check them before saving');
        await page.getByTestId('rw-patient-reports-show').click();
        const table = page.getByTestId('rw-patient-reports-table');
        await table.locator('.ant-table-row').first().waitFor();
        expect(await table.textContent()).toContain(other.patient_name);
        await shot(page, `patient-reports-${locale}`);
        await clickWhenOpen(
          page.locator('.ant-modal-wrap:has([data-testid=rw-patient-reports-table]) .ant-modal-close'),
        );
        await table.waitFor({ state: 'hidden' });
        await clickWhenOpen(page.locator('.ant-modal-wrap:has([data-testid=rw-patient]) .ant-modal-close'));
      }
      // nothing was saved
      const info = await apiPost<{ study: { patient_id: string } }>(e2e.platform, doctor, '/report/info', {
        study_iuid: mine.study_iuid,
      });
      expect(info.study.patient_id).toBe(mine.patient_id);
    } finally {
      await close();
    }
  });
});

describe('a user’s modalities (data2)', () => {
  it('an administrator sets them on the user form; the user’s modality pickers offer only those', async () => {
    const admin = await apiToken(e2e.platform, 'admin');
    await apiPost(e2e.platform, admin, '/user/save', {
      username: 'mod_e2e',
      ch_name: '检查类型医生',
      password: 'Probe@123',
      hospital_code: 'H001',
      role_pk: 2,
    });
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'admin', SIZE);
      try {
        if (locale === 'en-US') await shell.switchLanguage('en-US');
        await page.goto(`${e2e.platform.appUrl}#/system/user?keyword=mod_e2e`);
        await page.getByTestId('user-row-edit-mod_e2e').click();
        await page.getByTestId('user-form').waitFor();
        const field = page.getByTestId('user-form-data2');
        await field.click();
        for (const m of ['MR', 'CT']) {
          const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${m}"]`);
          const chosen = (await option.getAttribute('class'))?.includes('ant-select-item-option-selected');
          if (!chosen) await option.click();
        }
        await page.keyboard.press('Escape');
        expect(await page.locator('.ant-form-item', { has: field }).textContent()).toContain(
          locale === 'zh-CN' ? '检查类型' : 'Modalities',
        );
        await shot(page, `user-form-modalities-${locale}`);
        await page.getByTestId('user-form-save').click();
        await page.getByTestId('user-form').waitFor({ state: 'hidden' });
      } finally {
        await close();
      }
    }

    const users = await apiPost<{ list: { username: string; data2: string[] }[] }>(
      e2e.platform,
      admin,
      '/user/findByPage',
      { pageNumber: 1, pageSize: 10, filters: { keyword: 'mod_e2e' } },
    );
    expect(users.list.find((u) => u.username === 'mod_e2e')?.data2).toEqual(['CT', 'MR']);
    const { context, page } = await newPage(e2e.browser, SIZE);
    try {
      const login = new LoginPage(page, e2e.platform.appUrl);
      await login.open();
      await login.signIn('mod_e2e', 'Probe@123');
      const list = new WorklistPage(page);
      await list.waitForResults();
      expect(new Set(await list.cellTexts('cell-modality'))).toEqual(new Set(['CT', 'MR']));
      await page.getByTestId('wl-modalities').click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await options.first().waitFor();
      expect(await options.evaluateAll((o) => o.map((e) => e.getAttribute('title')))).toEqual(['CT', 'MR']);
      await shot(page, 'worklist-modalities-limited-zh-CN');
    } finally {
      await context.close();
    }
  });
});

describe('imageViewer and openType', () => {
  it('images open in the configured viewer, in a new tab or this one', async () => {
    const viewer = `${e2e.platform.origin}/healthz?study={study_iuid}`;
    await e2e.platform.setConfig('imageViewer', viewer);
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', SIZE);
    try {
      const list = new WorklistPage(page);
      await list.waitForResults();
      const openImage = async () => {
        await list.rows().first().getByTestId('row-history').click();
        const button = page.getByTestId('history-table-patient_id').getByTestId('history-open-image').first();
        await button.waitFor();
        const uid = (await button.locator('xpath=ancestor::tr').getAttribute('data-row-key')) ?? '';
        return { button, uid };
      };
      const first = await openImage();
      const tab = await opensTab(page, () => clickWhenOpen(first.button));
      expect(tab.url()).toBe(viewer.replace('{study_iuid}', encodeURIComponent(first.uid)));
      await tab.close();

      // the platform's viewer, in this tab
      await e2e.platform.setConfig('imageViewer', '');
      await e2e.platform.setConfig('openType', '_self');
      await page.reload();
      await list.waitForResults();
      const second = await openImage();
      await second.button.click();
      await page.waitForURL((u) => u.hash.startsWith('#/readingFilm?uid='));
      expect(decodeURIComponent(page.url())).toContain(`uid=${second.uid}`);
    } finally {
      await e2e.platform.setConfig('imageViewer', '');
      await e2e.platform.setConfig('openType', '');
      await close();
    }
  });
});

describe('Tool tab: font scaling', () => {
  it('on, overflowing text shrinks; off, the size stays and the page overflows; kept in this browser', async () => {
    const doctor = await apiToken(e2e.platform, 'doctor');
    const [study] = await studiesWithStatus(e2e.platform, doctor, 0);
    const LINE = '胆囊大小正常，壁光滑，腔内未见明显异常回声，胆总管未见扩张。';
    const text = Array.from({ length: 28 }, (_, i) => `${i + 1}. ${LINE}`).join('\n');
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', SIZE);
    try {
      await page.goto(`${e2e.platform.appUrl}#/writeRpt?study_iuid=${encodeURIComponent(study!.study_iuid)}`);
      const doc = new ReportDocumentView(page);
      await doc.findings().waitFor();
      const sheet = doc.pages().first();
      const base = (await sheet.getAttribute('data-font')) ?? '';
      await page.getByTestId('rw-tab-tool').click();
      const scaling = page.getByTestId('rw-tool-fontscale');
      expect(await scaling.isChecked()).toBe(true);
      await scaling.uncheck();
      await doc.findings().fill(text);
      await page.locator(`[data-testid=report-page][data-overflow=true][data-font="${base}"]`).first().waitFor();
      // at the chosen size, the overflow asks for a page at once
      const ask = page.locator('.ant-modal-confirm', { hasText: '内容超出本页' });
      await ask.waitFor();
      await shot(page, 'tool-font-scaling-off-zh-CN');
      await clickWhenOpen(ask.locator('.ant-modal-confirm-btns button').first());
      await ask.waitFor({ state: 'hidden' });
      await scaling.check();
      await page.waitForFunction(
        (b) => Number(document.querySelector('[data-testid=report-page]')?.getAttribute('data-font')) < Number(b),
        base,
      );
      // kept in this browser
      const stored = await page.evaluate(() => localStorage.getItem('rxpacs.reportTool') ?? '');
      expect(JSON.parse(stored).state.fontScale).toBe(true);

      await shell.switchLanguage('en-US');
      await doc.findings().fill('短');
      await page.getByTestId('rw-tab-tool').click();
      expect(await page.getByTestId('rw-tool').textContent()).toContain('Font scaling');
      await shot(page, 'tool-font-scaling-en-US');
    } finally {
      await close();
    }
  });
});
