import type { Locator, Page } from 'playwright-core';

/** One wording tree of the report screen (`rw-tree-<scope>`): its nodes by label, dragging them. */
export class KnowledgeTreePanel {
  constructor(
    readonly page: Page,
    readonly scope: string,
  ) {}

  readonly root = () => this.page.getByTestId(`rw-tree-${this.scope}`);
  readonly node = (label: string): Locator => this.root().locator(`[data-testid=rw-k-node][data-label="${label}"]`);
  /** Nodes antd lets the user drag (none in a tree the user may not change). */
  readonly draggable = () => this.root().locator('[draggable=true]');

  /** The labels shown, top to bottom (of the rows the virtual list has drawn). */
  async labels(): Promise<string[]> {
    return this.root()
      .locator('[data-testid=rw-k-node]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-label') ?? ''));
  }

  /**
   * Drags `from` over the lower part of `to` and drops it, with real mouse events (antd's tree uses HTML5
   * drag and drop). Over an open folder that has nodes, or `dx` px to the right (one indent and more), the
   * node goes inside `to` as its first node; otherwise right after `to`.
   */
  async drag(from: string, to: string, dx = 0): Promise<void> {
    await this.node(to).scrollIntoViewIfNeeded();
    const a = await this.node(from).boundingBox();
    const b = await this.node(to).boundingBox();
    if (!a || !b) throw new Error(`${from} or ${to} is not shown`);
    const x = a.x + Math.min(a.width / 2, 20);
    await this.page.mouse.move(x, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(x, a.y + a.height / 2 + 6, { steps: 3 });
    await this.page.mouse.move(x + dx, b.y + b.height * 0.75, { steps: 12 });
    await this.page.mouse.up();
  }

  /** The move was saved and the tree read again. */
  async waitIdle(): Promise<void> {
    await this.page.locator(`[data-testid=rw-tree-${this.scope}][data-status=idle]`).waitFor();
  }
}
