import type { Page } from 'playwright-core';

/** The viewer's tag browser: the toolbar button and its drawer. */
export class ViewerTagsPanel {
  constructor(readonly page: Page) {}

  readonly button = () => this.page.getByTestId('viewer-tags');
  readonly panel = () => this.page.getByTestId('viewer-tags-panel');
  readonly sop = () => this.page.getByTestId('viewer-tags-sop');
  readonly filter = () =>
    this.page.locator('[data-testid=viewer-tags-filter] input, input[data-testid=viewer-tags-filter]');
  readonly rows = () => this.page.getByTestId('viewer-tag-row');
  /** The row of a tag, as `(gggg,eeee)`. */
  readonly row = (tag: string) => this.page.locator(`[data-testid=viewer-tag-row][data-tag="${tag}"]`);

  /** Opens the drawer and waits until it shows a header. */
  async open(): Promise<void> {
    await this.button().click();
    await this.ready();
  }

  /** Waits until the drawer shows the header it asked for. */
  async ready(): Promise<void> {
    await this.page.locator('[data-testid=viewer-tags-panel][data-status=ready]').waitFor();
  }
}
