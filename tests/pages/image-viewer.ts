import type { Page } from 'playwright-core';

/** The web image viewer (#/readingFilm?uid=…[&token=…]). */
export class ImageViewerPage {
  constructor(readonly page: Page) {}

  readonly viewport = () => this.page.getByTestId('viewer-viewport');
  readonly message = () => this.page.getByTestId('viewer-message');
  readonly patientName = () => this.page.getByTestId('viewer-overlay-name');
  readonly position = () => this.page.getByTestId('viewer-overlay-position');
  readonly window = () => this.page.getByTestId('viewer-overlay-window');
  readonly preset = (key: string) => this.page.getByTestId(`viewer-preset-${key}`);
  readonly tool = (key: string) => this.page.getByTestId(`viewer-tool-${key}`);
  readonly series = (index: number) => this.page.getByTestId(`viewer-series-${index}`);

  async open(appUrl: string, studyIuid: string, token?: string): Promise<void> {
    const q = new URLSearchParams({ uid: studyIuid, ...(token ? { token } : {}) });
    await this.page.goto(`${appUrl}#/readingFilm?${q}`);
  }

  /** Milliseconds from navigation start to the first rendered image (the viewer's own mark). */
  async firstImageMs(timeout = 15_000): Promise<number> {
    const el = this.page.locator('[data-testid=viewer-viewport][data-first-image-ms]');
    await el.waitFor({ timeout });
    return Number(await el.getAttribute('data-first-image-ms'));
  }

  /** Milliseconds from navigation start to Cornerstone's own first image (the stack is live from then). */
  async stackImageMs(timeout = 15_000): Promise<number> {
    const el = this.page.locator('[data-testid=viewer-viewport][data-stack-image-ms]');
    await el.waitFor({ timeout });
    return Number(await el.getAttribute('data-stack-image-ms'));
  }

  /** Waits until the mouse tools are attached (they load after the first image). */
  async toolsReady(): Promise<void> {
    await this.page.locator('[data-testid=viewer-viewport][data-tools-ready=true]').waitFor();
  }

  /** How many pixels of the viewport's canvas are not black (0 when nothing is drawn). */
  nonBlackPixels(): Promise<number> {
    return nonBlackPixels(this.page);
  }
}

/** Counts the non-black pixels of the viewer's on-screen canvas (a copy through a 2D canvas, whatever drew it). */
export function nonBlackPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const src = document.querySelector<HTMLCanvasElement>('[data-testid=viewer-viewport] canvas');
    if (!src || !src.width || !src.height) return 0;
    const copy = document.createElement('canvas');
    copy.width = src.width;
    copy.height = src.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return 0;
    ctx.drawImage(src, 0, 0);
    const px = ctx.getImageData(0, 0, copy.width, copy.height).data;
    let n = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i]! > 8 || px[i + 1]! > 8 || px[i + 2]! > 8) n++;
    return n;
  });
}
