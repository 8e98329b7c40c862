import type { Page } from 'playwright-core';
import { clickWhenOpen } from './dialogs';

/** The image list of one study (drawer on the writing screen and on /orderImage). */
export class ImageListPanel {
  constructor(readonly page: Page) {}

  readonly panel = () => this.page.getByTestId('il-panel');
  readonly thumbs = () => this.page.getByTestId('il-thumb');
  readonly thumb = (index: number) => this.thumbs().nth(index);
  readonly message = (text: string | RegExp) => this.page.locator('.ant-message').getByText(text);

  /** Waits for the list to show `count` images of which `deleted` are deleted. */
  async waitFor(count: number, deleted: number): Promise<void> {
    await this.page
      .locator(`[data-testid=il-panel][data-count="${count}"][data-deleted="${deleted}"]`)
      .waitFor({ timeout: 15_000 });
  }

  /** naturalWidth of each loaded thumbnail (0 until its JPEG has arrived and decoded). */
  thumbWidths(): Promise<number[]> {
    return this.page
      .getByTestId('il-thumb-img')
      .evaluateAll((els) =>
        els.map((e) => ((e as HTMLImageElement).complete ? (e as HTMLImageElement).naturalWidth : 0)),
      );
  }

  async selectedCount(): Promise<number> {
    return Number((await this.page.getByTestId('il-selected').textContent())?.match(/\d+/)?.[0] ?? 'NaN');
  }

  /** Clicks delete (or restore) and confirms when asked. */
  async change(kind: 'delete' | 'restore', confirm = true): Promise<void> {
    await this.page.getByTestId(`il-${kind}`).click();
    if (confirm) {
      await clickWhenOpen(this.page.getByTestId('il-confirm-ok'));
      await this.page.getByTestId('il-confirm-ok').waitFor({ state: 'detached' });
    }
  }
}
