import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audit } from '../../server/src/platform/audit';
import { study, sysUser } from '../../server/src/platform/db/schema';
import { STORAGE_KEYS } from '../../web/src/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { USERS } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ListScreen } from '../pages/list-page';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { WorklistPage } from '../pages/worklist-page';

/** What a screen says about a value or an event (issue 40, walk-through item 10): its words, not a code or a guess. */
const e2e = useE2e();

/** A fresh browser profile in `locale` on the login page, signed in as `user` (not waiting for the frame). */
async function throughLogin(user: keyof typeof USERS, locale: 'zh-CN' | 'en-US') {
  const { context, page } = await newPage(e2e.browser, { locale });
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.locale, locale]);
  const login = new LoginPage(page, e2e.platform.appUrl);
  await login.open();
  const [username, password] = USERS[user];
  await login.fill(username, password);
  await login.submit();
  return { context, page };
}

describe('what the screens say', () => {
  it.each([
    ['zh-CN', ['未知', '其他']],
    ['en-US', ['Unknown', 'Other']],
  ] as const)(
    'a study without a sex reads as unknown on the worklist, an explicit O as other (%s)',
    async (lang, words) => {
      const { context, page } = await throughLogin('doctor', lang);
      await new ShellPage(page).waitReady();
      const list = new WorklistPage(page);
      await list.waitForResults({ min: 2 });
      const keys = await list
        .rows()
        .evaluateAll((rows) => rows.slice(0, 2).map((r) => r.getAttribute('data-row-key')!));
      const { db } = e2e.platform.deps;
      const before = await Promise.all(
        keys.map(async (k) => (await db.select().from(study).where(eq(study.study_iuid, k)))[0]!.patient_sex),
      );
      await db.update(study).set({ patient_sex: '' }).where(eq(study.study_iuid, keys[0]!));
      await db.update(study).set({ patient_sex: 'O' }).where(eq(study.study_iuid, keys[1]!));
      try {
        await page.reload();
        await list.waitForResults({ min: 2 });
        const cell = (k: string) => page.locator(`[data-row-key="${k}"]`).getByTestId('cell-patient-sex');
        expect([await cell(keys[0]!).textContent(), await cell(keys[1]!).textContent()]).toEqual(words);
        // whole, not clipped to "Unkn…" by its column
        expect(await cell(keys[0]!).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        await shot(page, `worklist-sex-unknown-${lang}`);
      } finally {
        for (const [i, k] of keys.entries()) {
          await db.update(study).set({ patient_sex: before[i]! }).where(eq(study.study_iuid, k));
        }
        await context.close();
      }
    },
  );

  it.each([
    ['zh-CN', '需要设置新密码', '管理员已重置您的密码'],
    ['en-US', 'New password required', 'An administrator reset your password'],
  ] as const)(
    'an administrator’s reset is announced as such at sign-in, not as an expiry (%s)',
    async (lang, title, text) => {
      const { db } = e2e.platform.deps;
      await db.update(sysUser).set({ must_change_password: 1 }).where(eq(sysUser.username, 'doctor2'));
      try {
        const { context, page } = await throughLogin('doctor2', lang);
        const notice = page.locator('.ant-notification-notice-warning');
        await notice.waitFor();
        expect(await notice.locator('.ant-notification-notice-title').textContent()).toBe(title);
        expect(await notice.textContent()).toContain(text);
        expect(await notice.textContent()).not.toMatch(/expir|过期/i);
        await page.getByTestId('password-forced-sign-out').waitFor();
        await shot(page, `password-reset-notice-${lang}`);
        await context.close();
      } finally {
        await db.update(sysUser).set({ must_change_password: 0 }).where(eq(sysUser.username, 'doctor2'));
      }
    },
  );

  it.each([
    ['zh-CN', ['呼叫', '排队登记', '新建叫号设备']],
    ['en-US', ['Patient called', 'Patient registered in the queue', 'Call device created']],
  ] as const)('the audit trail names queue actions in words, not codes (%s)', async (lang, labels) => {
    const { db } = e2e.platform.deps;
    const actions = ['queue.call', 'queue.register', 'call_device.create'] as const;
    for (const action of actions) {
      const target = action.startsWith('queue.') ? 'registration:1' : 'call_device:1';
      await audit(db, { action, username: 'register', target });
    }
    const { context, page } = await throughLogin('admin', lang);
    await new ShellPage(page).waitReady();
    await page.goto(`${e2e.platform.appUrl}#/system/audit`);
    const trail = new ListScreen(page, 'audit');
    await trail.waitForResults({ min: 3 });
    for (const [i, action] of actions.entries()) {
      const cell = page.locator(`[data-action="${action}"]`).first().locator(`span[title="${action}"]`);
      expect(await cell.textContent()).toBe(labels[i]);
    }
    await shot(page, `audit-trail-queue-actions-${lang}`);
    await context.close();
  });
});
