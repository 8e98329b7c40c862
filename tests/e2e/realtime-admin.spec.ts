import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { realtimeReady } from '../fixtures/realtime';
import { newPage } from '../fixtures/platform';
import { apiPost, apiToken } from '../fixtures/report-api';
import { USERS } from '../fixtures/session';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { shot } from '../fixtures/shots';

const e2e = useE2e();

/** A browser profile signed in as `user` in the given language, its realtime socket up. */
async function signedInLive(user: keyof typeof USERS, locale: 'zh-CN' | 'en-US') {
  const { context, page } = await newPage(e2e.browser);
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.locale, locale]);
  const ready = realtimeReady(page);
  const login = new LoginPage(page, e2e.platform.appUrl);
  await login.open();
  const [username, password] = USERS[user];
  await login.signIn(username, password);
  const shell = new ShellPage(page);
  await shell.waitReady();
  await ready;
  return { page, shell, close: () => context.close() };
}

/** The user's own info, through the API with the tab's token. */
const infoOf = async (shell: ShellPage) =>
  (await apiPost<{ user: { pk: number; role_pk: number } }>(e2e.platform, (await shell.token())!, '/user/info', {}))
    .user;

const pkOf = async (shell: ShellPage) => (await infoOf(shell)).pk;

describe('signed out at once by an administrator', () => {
  it("a locked doctor's open tab lands on the sign-in page with the reason; another user's tab stays", async () => {
    const doctor = await signedInLive('doctor', 'zh-CN');
    const auditor = await signedInLive('auditor', 'zh-CN');
    const admin = await apiToken(e2e.platform, 'admin');
    const doctorPk = await pkOf(doctor.shell);

    await apiPost(e2e.platform, admin, '/user/lock', { pk: doctorPk, lock: true });

    const notice = doctor.page.getByTestId('login-session-ended');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.getAttribute('data-reason')).toBe('locked');
    expect(await notice.textContent()).toContain('您的账号已被管理员锁定');
    expect(new URL(doctor.page.url()).hash).toMatch(/^#\/user\/login/);
    expect(await doctor.shell.token()).toBeNull();

    // The auditor's tab was not told anything and still works.
    await auditor.page.reload();
    await auditor.shell.waitReady();
    expect(await auditor.shell.token()).not.toBeNull();

    await apiPost(e2e.platform, admin, '/user/lock', { pk: doctorPk, lock: false });
    await doctor.close();
    await auditor.close();
  });

  it('a password reset says so in English', async () => {
    const register = await signedInLive('register', 'en-US');
    const admin = await apiToken(e2e.platform, 'admin');

    await apiPost(e2e.platform, admin, '/user/resetPassword', { pk: await pkOf(register.shell) });

    const notice = register.page.getByTestId('login-session-ended');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.getAttribute('data-reason')).toBe('password_reset');
    expect(await notice.textContent()).toContain('An administrator reset your password. Sign in with the new one.');
    expect(await register.shell.token()).toBeNull();
    await register.close();
  });
});

describe("an administrator's change of access reaches open tabs", () => {
  it.each([
    ['zh-CN', '权限已更新'],
    ['en-US', 'Access updated'],
  ] as const)(
    "a page taken from the doctor's role leaves their open tab's menu without a reload, with a notice (%s)",
    async (locale, title) => {
      const doctor = await signedInLive('doctor', locale);
      const admin = await apiToken(e2e.platform, 'admin');
      const { role_pk } = await infoOf(doctor.shell);
      const { checked } = await apiPost<{ checked: string[] }>(e2e.platform, admin, '/role/permissions', { role_pk });
      expect(checked).toContain('collection');
      const menu = doctor.shell.menuItem('collection');
      const notice = doctor.page.locator('.ant-notification-notice-info');
      await menu.waitFor();
      let reloaded = false;
      doctor.page.once('load', () => (reloaded = true));

      // Saved as it was: the tab reloads its user info, and says nothing.
      const infoAgain = doctor.page.waitForResponse((r) => r.url().endsWith('/user/info'));
      await apiPost(e2e.platform, admin, '/role/savePermissions', { role_pk, keys: checked });
      await infoAgain;
      // An absence: give a wrongly raised notice the time it would take to show.
      await doctor.page.waitForTimeout(500);
      expect(await notice.count()).toBe(0);
      try {
        await apiPost(e2e.platform, admin, '/role/savePermissions', {
          role_pk,
          keys: checked.filter((k) => k !== 'collection'),
        });
        await menu.waitFor({ state: 'detached', timeout: 5_000 });
        await notice.waitFor();
        expect(await notice.locator('.ant-notification-notice-title').textContent()).toBe(title);
        await doctor.page.waitForTimeout(400); // the notice's entrance, for the picture
        await shot(doctor.page, `access-changed-${locale}`);
        expect(await notice.isVisible()).toBe(true);
      } finally {
        await apiPost(e2e.platform, admin, '/role/savePermissions', { role_pk, keys: checked });
      }
      await menu.waitFor({ timeout: 5_000 });
      expect(reloaded).toBe(false);
      await doctor.close();
    },
  );
});
