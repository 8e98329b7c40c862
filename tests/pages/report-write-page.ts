import type { Page } from 'playwright-core';
import { clickWhenOpen } from './dialogs';

/** The report writing screen (#/writeRpt?study_iuid=). */
export class ReportWritePage {
  constructor(readonly page: Page) {}

  readonly screen = () => this.page.getByTestId('rw-screen');
  readonly button = (name: string) => this.page.getByTestId(`rw-btn-${name}`);
  /** Findings of page 1, edited in place on the A4 document. */
  readonly findings = () =>
    this.page.locator('[data-testid=report-page][data-page="0"] [data-testid=page-text-findings]');
  readonly opinion = () =>
    this.page.locator('[data-testid=report-page][data-page="0"] [data-testid=page-text-opinion]');
  readonly message = (text: string | RegExp) => this.page.locator('.ant-message').getByText(text);

  async open(appUrl: string, studyIuid: string): Promise<void> {
    await this.page.goto(`${appUrl}#/writeRpt?study_iuid=${encodeURIComponent(studyIuid)}`);
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    await this.screen().waitFor();
    await this.page.getByTestId('report-document').waitFor();
    await this.dismissQc();
  }

  /** Studies with use_qc 1 open the quality-control dialog once per session; tests not about it close it. */
  async dismissQc(): Promise<void> {
    const form = this.page.getByTestId('rw-qc-form');
    if (!(await form.isVisible())) return;
    await clickWhenOpen(this.page.locator('.ant-modal-wrap:has([data-testid=rw-qc-form]) .ant-modal-close'));
    await form.waitFor({ state: 'hidden' });
  }

  studyIuid(): string {
    return new URLSearchParams(new URL(this.page.url()).hash.split('?')[1]).get('study_iuid') ?? '';
  }

  async waitStatus(status: number): Promise<void> {
    await this.page.locator(`[data-testid=rw-status][data-status="${status}"]`).waitFor();
  }

  /** Selects the first template (leaf) of the public tree and applies it with the apply button; its label. */
  async applyFirstPublicTemplate(): Promise<string> {
    const leaf = this.page.getByTestId('rw-tree-public').locator('[data-testid=rw-k-node][data-leaf="1"]').first();
    const label = (await leaf.getAttribute('data-label')) ?? '';
    await leaf.click();
    await this.page.getByTestId('rw-k-apply').click();
    return label;
  }

  /** Double-clicks the first public template (the other way to apply one). */
  async doubleClickFirstPublicTemplate(): Promise<void> {
    await this.page.getByTestId('rw-tree-public').locator('[data-testid=rw-k-node][data-leaf="1"]').first().dblclick();
  }

  /** Buttons are enabled again (no request running). */
  async waitIdle(): Promise<void> {
    await this.page.waitForFunction(() => {
      const save = document.querySelector('[data-testid=rw-btn-save]');
      return !save || !save.textContent?.includes('稍候');
    });
  }
}
