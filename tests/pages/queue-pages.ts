import type { Locator, Page } from 'playwright-core';
import { ListScreen } from './list-page';

/** Picks an option of the antd select with this test id, by the option's text. */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** The registration desk (#/register): register form, room tabs, the queue list and its row actions. */
export class DeskScreen {
  readonly list: ListScreen;
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {
    this.list = new ListScreen(page, 'desk');
  }

  async open(): Promise<void> {
    await this.page.goto(`${this.appUrl}#/register`);
    await this.list.waitForResults({ min: 0 });
  }

  row(patId: string): Locator {
    return this.list.rows().and(this.page.locator(`[data-pat-id="${patId}"]`));
  }

  async register(p: { pat_id: string; pat_name: string; modality: string; room: string }): Promise<void> {
    await this.page.getByTestId('desk-register').click();
    const form = this.page.getByTestId('desk-register-form');
    await form.waitFor();
    await this.page.getByTestId('desk-register-pat-id').fill(p.pat_id);
    await this.page.getByTestId('desk-register-pat-name').fill(p.pat_name);
    await pick(this.page, 'desk-register-modality', p.modality);
    await pick(this.page, 'desk-register-room', p.room);
    await this.page.getByTestId('desk-register-save').click();
    await form.waitFor({ state: 'hidden' });
    await this.row(p.pat_id).waitFor();
  }

  /** Runs an inline action of a patient's row and waits for the row to reach `state`. */
  async act(patId: string, action: string, state: string): Promise<void> {
    await this.row(patId).getByTestId(`desk-action-${action}`).click();
    await this.page.locator(`[data-testid=desk-row][data-pat-id="${patId}"][data-state="${state}"]`).waitFor();
  }
}

/** The consulting room's call panel (#/callPanel). */
export class CallPanelScreen {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  async open(room: string): Promise<void> {
    await this.page.goto(`${this.appUrl}#/callPanel`);
    await pick(this.page, 'panel-room', room);
    await this.page.getByTestId('panel-current').waitFor();
  }

  async setDoctor(name: string): Promise<void> {
    await this.page.getByTestId('panel-doctor').fill(name);
    await this.page.getByTestId('panel-doctor-save').click();
  }

  /** Calls the next patient and waits until they are the room's current one. */
  async callNext(pk: number): Promise<void> {
    await this.page.getByTestId('panel-call-next').click();
    await this.page.locator(`[data-testid=panel-current][data-pk="${pk}"]`).waitFor();
  }
}

/** The public call screen (#/screen?pk=&key=). */
export class CallScreen {
  constructor(
    readonly page: Page,
    readonly appUrl: string,
  ) {}

  readonly status = () => this.page.getByTestId('screen-status');
  readonly call = () => this.page.getByTestId('screen-call');
  readonly rooms = () => this.page.getByTestId('screen-room');

  async open(pk: number, key?: string): Promise<void> {
    const q = new URLSearchParams({ pk: String(pk), ...(key ? { key } : {}) });
    await this.page.goto(`${this.appUrl}#/screen?${q}`);
  }

  /** Waits until the connection status reads `status` (connecting, open, broken, retrying). */
  async waitStatus(status: string, timeout = 15_000): Promise<string> {
    await this.page.locator(`[data-testid=screen-status][data-status=${status}]`).waitFor({ timeout });
    return (await this.status().textContent()) ?? '';
  }

  room(name: string): Locator {
    return this.page.locator(`[data-testid=screen-room][data-room="${name}"]`);
  }
}
