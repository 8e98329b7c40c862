import type { Page } from 'playwright-core';
import { ListScreen } from './list-page';
import { clickWhenOpen } from './dialogs';

/** Picks an option of the antd select with this test id, by the option's text. */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  // Once the list has slid open: a click during the motion was seen to miss on CI.
  await clickWhenOpen(page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`));
}

/** Clicks a modal's save button and waits until the modal has closed (saved) . */
async function save(page: Page, form: string): Promise<void> {
  await page.getByTestId(`${form}-save`).click();
  await page.getByTestId(form).waitFor({ state: 'hidden' });
}

/** The administration screens (/system/*) a browser test drives, by their test ids. */
export class AdminPages {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  async open(screen: 'hospital' | 'user' | 'device' | 'role'): Promise<ListScreen | undefined> {
    await this.page.goto(`${this.appUrl}#/system/${screen}`);
    if (screen === 'role') return undefined;
    const list = new ListScreen(this.page, screen);
    await list.waitForResults({ min: 0 });
    return list;
  }

  async createHospital(h: { sn: string; code: string; name: string }): Promise<void> {
    await this.page.getByTestId('hospital-new').click();
    await this.page.getByTestId('hospital-form-sn').fill(h.sn);
    await this.page.getByTestId('hospital-form-code').fill(h.code);
    await this.page.getByTestId('hospital-form-name').fill(h.name);
    await save(this.page, 'hospital-form');
  }

  async createUser(u: { username: string; name: string; password: string; role: string; hospital?: string }) {
    await this.page.getByTestId('user-new').click();
    await this.page.getByTestId('user-form-username').fill(u.username);
    await this.page.getByTestId('user-form-ch-name').fill(u.name);
    await this.page.getByTestId('user-form-password').fill(u.password);
    await pick(this.page, 'user-form-role', u.role);
    if (u.hospital) await pick(this.page, 'user-form-hospital', u.hospital);
    await save(this.page, 'user-form');
  }

  async createDevice(d: { name: string; aet: string; ip: string; port: number; hospital?: string }) {
    await this.page.getByTestId('device-new').click();
    await this.page.getByTestId('device-form-name').fill(d.name);
    await this.page.getByTestId('device-form-aet').fill(d.aet);
    await this.page.getByTestId('device-form-ip').fill(d.ip);
    await this.page.getByTestId('device-form-port').fill(String(d.port));
    if (d.hospital) await pick(this.page, 'device-form-hospital', d.hospital);
    await save(this.page, 'device-form');
  }

  /** Approves a self-registration from its row's edit dialog: the hospital and role it lacks, saved. */
  async approveRegistration(username: string, a: { role: string; hospital: string }): Promise<void> {
    await this.page.getByTestId(`user-row-edit-${username}`).click();
    await this.page.getByTestId('user-form').waitFor();
    await pick(this.page, 'user-form-role', a.role);
    await pick(this.page, 'user-form-hospital', a.hospital);
    await save(this.page, 'user-form');
  }

  /** Creates a role from the roles screen; `hospital` (the super administrator's choice) makes it that hospital's own. */
  async createRole(r: { code: string; name: string; hospital?: string }): Promise<void> {
    await this.page.getByTestId('role-new').click();
    await this.page.getByTestId('role-form-code').fill(r.code);
    await this.page.getByTestId('role-form-name').fill(r.name);
    if (r.hospital) {
      await pick(this.page, 'role-form-hospital', r.hospital);
      await this.page.getByTestId('role-form-hospital').getByText(r.hospital).waitFor();
    }
    await save(this.page, 'role-form');
    await this.page.getByTestId(`role-row-${r.code}`).waitFor();
  }

  /** Chooses a role of the list; its permission tree shows once loaded. */
  async openRolePermissions(code: string) {
    await this.page.getByTestId(`role-row-${code}`).click();
    const card = this.page.locator(`[data-testid="role-permissions"][data-role="${code}"]`);
    await card.getByTestId('role-perm-sysAdmin').waitFor();
    return card;
  }

  /** A permission node's row of the tree: its checkbox tells checked (aria) and disabled (class). */
  permissionNode(key: string) {
    return this.page.locator('.ant-tree-treenode', { has: this.page.getByTestId(`role-perm-${key}`) });
  }

  /** Locks (or unlocks) a user from their row of the users list, confirming. */
  async toggleLock(username: string, action: 'lock' | 'unlock'): Promise<void> {
    await this.page.getByTestId(`user-row-lock-${username}`).click();
    const ok = this.page.getByTestId(`user-confirm-${action}`);
    await clickWhenOpen(ok);
    await ok.waitFor({ state: 'hidden' });
  }
}
