import zhAdminUser from '../../web/src/locales/zh-CN/adminUser.json';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../fixtures/e2e';
import { realtimeReady } from '../fixtures/realtime';
import { newPage } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { AdminPages } from '../pages/admin-pages';
import { apiPost } from '../fixtures/report-api';
import { shot } from '../fixtures/shots';
import { ListScreen } from '../pages/list-page';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';

const e2e = useE2e();

describe('a hospital run from its own screens', () => {
  it('the administrator adds a hospital, a doctor in it and a DICOM device; the doctor sees only that (empty) hospital; a lock signs their open tab out', async () => {
    const admin = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    const screens = new AdminPages(admin.page, e2e.platform.appUrl);

    await screens.open('hospital');
    await screens.createHospital({ sn: 'H900', code: 'H900', name: '第九人民医院' });
    const hospitals = new ListScreen(admin.page, 'hospital');
    await hospitals.waitForResults();
    expect(await hospitals.id('result').textContent()).toContain('第九人民医院');

    await screens.open('user');
    await screens.createUser({
      username: 'doc900',
      name: '孙医生',
      password: 'Doctor@900',
      role: '报告医生',
      hospital: '第九人民医院',
    });
    await admin.page.getByTestId('user-row-lock-doc900').waitFor();

    await screens.open('device');
    await screens.createDevice({
      name: '九院 CT',
      aet: 'H900_CT1',
      ip: '10.9.0.21',
      port: 104,
      hospital: '第九人民医院',
    });
    const devices = new ListScreen(admin.page, 'device');
    await devices.waitForResults();
    expect(await devices.id('result').textContent()).toContain('H900_CT1');

    // The new doctor signs in: the worklist is their hospital's, which has no studies yet.
    const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900 });
    const live = realtimeReady(page);
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    await login.signIn('doc900', 'Doctor@900');
    const shell = new ShellPage(page);
    await shell.waitReady();
    await page.waitForURL((u) => u.hash.startsWith('#/orderList'));
    const worklist = new ListScreen(page, 'wl');
    await worklist.waitForResults({ min: 0 });
    expect(await worklist.total()).toBe(0);
    const hospitalsOfDoctor = await page.evaluate(
      async (token) => {
        const r = await fetch('/hospital/getHospitalNameAndSn', { method: 'POST', headers: { authorization: token! } });
        return ((await r.json()) as { data: { sn: string }[] }).data.map((h) => h.sn);
      },
      await shell.token(),
    );
    expect(hospitalsOfDoctor).toEqual(['H900']);
    await live;

    // The administrator locks them: the open tab lands on the sign-in page by itself.
    await screens.open('user');
    await screens.toggleLock('doc900', 'lock');
    const notice = page.getByTestId('login-session-ended');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.getAttribute('data-reason')).toBe('locked');
    expect(await shell.token()).toBeNull();

    // And they cannot sign in again while locked.
    await login.fill('doc900', 'Doctor@900');
    await login.submit();
    expect(await login.errorText()).toContain('账号已停用，请联系管理员');
    expect(new URL(page.url()).hash).toMatch(/^#\/user\/login/);

    await context.close();
    await admin.close();
  });

  it('a hospital administrator lands on their own first page and manages only their hospital', async () => {
    const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900 });
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    await login.signIn('hadmin', 'Hadmin@123');
    await new ShellPage(page).waitReady();
    // Their first menu page: the statistics dashboard (stats:view) comes before administration.
    await page.waitForURL((u) => u.hash.startsWith('#/dashboard'));
    await page.evaluate(() => (location.hash = '#/system/user'));
    await page.waitForURL((u) => u.hash.startsWith('#/system/user'));
    const users = new ListScreen(page, 'user');
    await users.waitForResults();
    const names = await users.id('result').textContent();
    expect(names).toContain('doctor');
    expect(names).not.toContain('doctor2');
    await context.close();
  });

  it("a hospital's own role: made by the super administrator, it cannot be given installation-wide permissions", async () => {
    const admin = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    const screens = new AdminPages(admin.page, e2e.platform.appUrl);
    await screens.open('role');
    await screens.createRole({ code: 'h1_reader', name: '一院阅片', hospital: '第一人民医院' });
    expect(await admin.page.getByTestId('role-hospital-h1_reader').textContent()).toBe('H001');
    expect(await admin.page.getByTestId('role-hospital-report_doctor').textContent()).toBe('各院共用');

    await screens.openRolePermissions('h1_reader');
    const checkbox = (key: string) => screens.permissionNode(key).locator('.ant-tree-checkbox');
    for (const key of ['sysApp', 'sysRegion', 'sysDict']) {
      expect(await checkbox(key).getAttribute('class'), key).toContain('ant-tree-checkbox-disabled');
    }
    expect(await checkbox('sysUser').getAttribute('class')).not.toContain('ant-tree-checkbox-disabled');
    // Checking the whole administration folder takes every page of it but the installation-wide ones.
    await checkbox('sysAdmin').click();
    expect(await checkbox('sysUser').getAttribute('class')).toContain('ant-tree-checkbox-checked');
    expect(await checkbox('sysApp').getAttribute('class')).not.toContain('ant-tree-checkbox-checked');
    await shot(admin.page, 'role-hospital-permissions-zh-CN');
    await admin.page.getByTestId('role-perm-save').click();
    // this save's own toast: the role's creation may still show one
    await admin.page.locator('.ant-message-success').filter({ hasText: zhAdminUser.roles.permissionsSaved }).waitFor();

    const token = (await admin.shell.token())!;
    const saved = await apiPost<{ checked: string[] }>(e2e.platform, token, '/role/permissions', {
      role_pk: Number(await admin.page.getByTestId('role-row-h1_reader').getAttribute('data-row-key')),
    });
    expect(saved.checked).toEqual(expect.arrayContaining(['sysAdmin', 'sysUser', 'sysConfig']));
    expect(saved.checked).not.toContain('sysApp');

    await admin.shell.switchLanguage('en-US');
    await screens.openRolePermissions('h1_reader');
    expect(await admin.page.getByTestId('role-hospital-report_doctor').textContent()).toBe('Shared');
    expect(await screens.permissionNode('sysApp').textContent()).toContain('Installation-wide');
    await shot(admin.page, 'role-hospital-permissions-en-US');
    await admin.close();
  });
});
