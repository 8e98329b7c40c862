import { chromium } from 'playwright-core';
import { WEB_BASE } from '../../shared/src/constants';
import { STORAGE_KEYS } from '../../web/src/lib/storage-keys';
import { ImageViewerPage } from '../../tests/pages/image-viewer';
import { phasesOf, readTrace, type Phase } from './first-image-trace';

export interface FirstImageOptions {
  baseUrl: string;
  username: string;
  password: string;
  studyIuid: string;
  runs: number;
  /**
   * The app's start page loaded once in the context first (its scripts in the HTTP cache), as when the viewer
   * opens from the signed-in app; else a cold cache.
   */
  warm?: boolean;
}

async function signIn(baseUrl: string, username: string, password: string) {
  const res = await fetch(`${baseUrl}/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password, logon_type: 'PC' }),
  });
  const body = (await res.json()) as { success: boolean; msg: string; token: string; expires_in: number };
  if (!body.success) throw new Error(`sign-in failed: ${body.msg}`);
  return body;
}

/** One run: the first image on screen (the server-rendered preview or Cornerstone, whichever came first) and
 * Cornerstone's own first image (from then the stack scrolls and the tools work), ms from navigation start. */
export interface FirstImageRun {
  first: number;
  stack: number;
  /** The opening phase by phase (first-image-trace.ts), read once the tools are attached. */
  phases: Phase[];
}

/**
 * First-image time of the web viewer in Chromium, one figure per run (ms): each run a fresh browser context
 * (cold HTTP cache) with a session signed in through the API, the viewer address opened, and the time from
 * navigation start to the viewer's first-image mark (set when Cornerstone reports the image rendered).
 * A run whose canvas is still black is an error, not a figure.
 */
export async function measureFirstImage(o: FirstImageOptions): Promise<FirstImageRun[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const out: FirstImageRun[] = [];
  try {
    for (let i = 0; i < o.runs; i++) {
      const { token, expires_in } = await signIn(o.baseUrl, o.username, o.password);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      try {
        const state = { token, expiresAt: Date.now() + expires_in * 1000, refreshedAt: Date.now(), locked: false };
        await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
          STORAGE_KEYS.session,
          JSON.stringify({ state, version: 0 }),
        ] as const);
        if (o.warm) {
          const app = await context.newPage();
          await app.goto(`${o.baseUrl}${WEB_BASE}`, { waitUntil: 'networkidle' });
          await app.close();
        }
        const viewer = new ImageViewerPage(await context.newPage());
        await viewer.open(`${o.baseUrl}${WEB_BASE}`, o.studyIuid);
        const first = await viewer.firstImageMs(30_000);
        const stack = await viewer.stackImageMs(30_000);
        if ((await viewer.nonBlackPixels()) === 0) throw new Error(`run ${i + 1}: Cornerstone's image is blank`);
        await viewer.toolsReady();
        out.push({ first, stack, phases: phasesOf(await readTrace(viewer.page)) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}
