import type { Page } from 'playwright-core';
import { clickWhenOpen } from './dialogs';

/** The A4 report document wherever it is shown (writing screen, print page). */
export class ReportDocumentView {
  constructor(readonly page: Page) {}

  readonly root = () => this.page.getByTestId('report-document');
  readonly pages = () => this.page.getByTestId('report-page');
  readonly findings = (page = 0) => this.pages().nth(page).getByTestId('page-text-findings');
  readonly opinion = (page = 0) => this.pages().nth(page).getByTestId('page-text-opinion');
  readonly title = (page = 0) => this.pages().nth(page).getByTestId('report-title');

  async waitPages(n: number): Promise<void> {
    await this.page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=report-page]').length === count,
      n,
    );
  }

  /** Deletes extra page `index` through its confirmation. */
  async deletePage(index: number): Promise<void> {
    await this.page.getByTestId(`page-delete-${index}`).click();
    await clickWhenOpen(this.page.locator('.ant-popconfirm .ant-btn-primary'));
  }
}
