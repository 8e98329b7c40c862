import type { Page } from 'playwright-core';

/** The multi-tab bar of the shell. */
export class TabsBar {
  constructor(readonly page: Page) {}

  readonly tabs = () => this.page.getByTestId('tab');

  async keys(): Promise<string[]> {
    return this.tabs().evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tabKey ?? ''));
  }

  async waitForKeys(keys: string[]): Promise<void> {
    await this.page.waitForFunction(
      (want) =>
        JSON.stringify(
          [...document.querySelectorAll<HTMLElement>('[data-testid=tab]')].map((e) => e.dataset.tabKey),
        ) === JSON.stringify(want),
      keys,
    );
  }

  /** Number of close icons shown (a lone tab has none). */
  async closeIcons(): Promise<number> {
    return this.page.locator('[data-testid=multi-tab]').getByTestId('tab-close').count();
  }

  /** Clicks the close mark of a tab. */
  async closeByMark(key: string): Promise<void> {
    await this.page.locator(`[data-testid=multi-tab] [data-node-key="${key}"]`).getByTestId('tab-close').click();
  }

  /** Focuses a tab by keyboard and presses Delete. */
  async closeByKey(key: string): Promise<void> {
    await this.page.locator(`[data-testid=multi-tab] [data-node-key="${key}"] [role=tab]`).focus();
    await this.page.keyboard.press('Delete');
  }

  /**
   * Right-clicks a tab and chooses from its menu. A menu opened while the page just navigated to is still
   * laying out can be closed by that layout before the click lands (a clean-clone run saw the header take
   * the click, then the menu gone): the right-click is made again, up to three times, as a person would.
   */
  async contextAction(key: string, action: 'close' | 'closeRight' | 'closeLeft' | 'closeAll'): Promise<void> {
    const item = this.page.locator(`[data-testid=tab-menu-${action}]:visible`);
    for (let attempt = 1; ; attempt++) {
      await this.page.locator(`[data-testid=tab][data-tab-key="${key}"]`).click({ button: 'right' });
      try {
        await item.click({ timeout: 4000 });
        return;
      } catch (err) {
        if (attempt === 3) throw err;
        await this.page.keyboard.press('Escape');
      }
    }
  }
}
