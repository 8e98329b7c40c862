import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDicomListener } from '../../server/src/modules/dicom';
import { device, instance, study } from '../../server/src/platform/db/schema';
import { dcmtkEncode, makeSamples, type Sample } from '../support/codec-samples';
import { run } from '../support/dcmtk';
import { buildDicom, uid } from '../support/dicom-builder';
import { serveOhif } from '../support/ohif';
import { launchBrowser, newPage, startPlatform, type Platform } from '../fixtures/platform';
import { apiPost, apiToken } from '../fixtures/report-api';
import { ImageViewerPage } from '../pages/image-viewer';
import type { Page } from 'playwright-core';

/**
 * A JPEG Lossless CT as a modality sends it (dcmtk's storescu -xs into the DICOM listener) is drawn by the
 * platform's own viewer and by the published OHIF viewer served from another origin that the CORS allowlist
 * names, reading /dicomweb with the session in its Authorization header.
 */
const STUDY = uid(43);
const SERIES = uid(43, 1);
const LOSSLESS = '1.2.840.10008.1.2.4.70';
/** JPEG-LS, JPEG 2000 and RLE, each with the storescu option proposing it. */
const OTHERS = [
  ['1.2.840.10008.1.2.4.80', '-xt'],
  ['1.2.840.10008.1.2.4.90', '-xv'],
  ['1.2.840.10008.1.2.5', '-xr'],
] as const;
/** A signed 16-bit CT and an 8-bit MR, 96 x 96 (tests/support/codec-samples.ts); their study's UID. */
const KINDS = ['CT 16-bit signed', '8-bit grey'];
const SAMPLES_STUDY = '1.2.826.0.1.3680043.8.498.77';
let made: Sample[] | undefined;
const samples = () => (made ??= makeSamples());

let platform: Platform;
let browser: Browser;
let ohif: Awaited<ReturnType<typeof serveOhif>>;
let listener: Awaited<ReturnType<typeof startDicomListener>>;
let dir = '';

beforeAll(async () => {
  ohif = await serveOhif(() => `${platform.origin}/dicomweb`);
  [platform, browser] = await Promise.all([startPlatform({ DICOMWEB_CORS_ORIGINS: ohif.origin }), launchBrowser()]);
  listener = await startDicomListener(platform.deps, {
    port: 0,
    host: '127.0.0.1',
    aet: 'RXPACS',
    receiveLogBytes: 8 << 20,
  });
  await platform.deps.db
    .insert(device)
    .values({ name: 'CT room 1', aet: 'CT_ROOM1', modality: 'CT', ip: '127.0.0.1', port: 104, hospital_code: 'H001' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'rx-lossless-'));
  const files: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const native = buildDicom({
      study: STUDY,
      series: SERIES,
      sop: uid(43, 1, i),
      instanceNumber: i,
      patientName: 'Wang^Wu',
      charset: 'ISO_IR 192',
    });
    const file = path.join(dir, `CT${i}.dcm`);
    await writeFile(file, dcmtkEncode(native, 'dcmcjpeg', '+e1'));
    files.push(file);
  }
  const sent = await run('storescu', [
    '-xs',
    '-aet',
    'CT_ROOM1',
    '-aec',
    'RXPACS',
    '127.0.0.1',
    String(listener.port),
    ...files,
  ]);
  expect(sent.code, sent.out).toBe(0);
  // The other codecs, a CT and an MR each, as a modality proposing that syntax sends them
  for (const [syntax, flag] of OTHERS) {
    const paths: string[] = [];
    for (const s of samples().filter((x) => x.encoding.syntax === syntax && KINDS.includes(x.source.name))) {
      const file = path.join(dir, `${syntax}-${paths.length}.dcm`);
      await writeFile(file, s.compressed);
      // dcmtk's encoders keep the source's SOP instance UID: each copy gets its own (dcmodify keeps the syntax)
      const sop = `${SAMPLES_STUDY}.9.${OTHERS.findIndex(([ts]) => ts === syntax)}${paths.length}`;
      const mod = await run('dcmodify', ['-nb', '-i', `(0008,0018)=${sop}`, file]);
      expect(mod.code, mod.out).toBe(0);
      paths.push(file);
    }
    const r = await run('storescu', [
      flag,
      '-aet',
      'CT_ROOM1',
      '-aec',
      'RXPACS',
      '127.0.0.1',
      String(listener.port),
      ...paths,
    ]);
    expect([r.code, paths.length], r.out).toEqual([0, 2]);
  }
  // acknowledged instances are indexed in the background
  await listener.settled();
  const [others] = await platform.deps.db
    .select({ n: count() })
    .from(instance)
    .innerJoin(study, eq(study.pk, instance.study_pk))
    .where(eq(study.study_iuid, SAMPLES_STUDY));
  expect(others!.n).toBe(OTHERS.length * KINDS.length);
  const [row] = await platform.deps.db
    .select({ n: count() })
    .from(instance)
    .innerJoin(study, eq(study.pk, instance.study_pk))
    .where(and(eq(study.study_iuid, STUDY), eq(instance.transfer_syntax, LOSSLESS)));
  expect(row!.n).toBe(3);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await listener?.close();
  await platform?.close();
  await ohif?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Non-black pixels of a screenshot (whatever drew it: WebGL, a 2D canvas). */
async function nonBlack(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 16 || data[i + 1]! > 16 || data[i + 2]! > 16) n++;
  return n;
}

/**
 * OHIF's first-visit guide and notice go away (they would cover the image), then the middle of its viewport
 * (where every image of these studies lies) is what is measured.
 */
async function ohifImage(page: Page) {
  const canvas = page.locator('canvas.cornerstone-canvas').first();
  await canvas.waitFor({ timeout: 120_000 });
  for (const name of ['Skip all', 'Confirm and hide']) {
    const button = page
      .getByRole('button', { name })
      .or(page.getByText(name, { exact: true }))
      .first();
    if (await button.isVisible().catch(() => false)) await button.click();
  }
  const box = (await canvas.boundingBox())!;
  const clip = {
    x: box.x + box.width * 0.3,
    y: box.y + box.height * 0.3,
    width: box.width * 0.4,
    height: box.height * 0.4,
  };
  return { box, drawn: async () => nonBlack(await page.screenshot({ clip })) };
}

describe('a JPEG Lossless CT from a modality', () => {
  it('is drawn by the platform viewer (Cornerstone decodes the stored frames)', async () => {
    const doctor = await apiToken(platform, 'doctor');
    const { token } = await apiPost<{ token: string }>(platform, doctor, '/wado/token', { study_iuid: STUDY });
    const { context, page } = await newPage(browser);
    try {
      const dicom: { status: number; type: string }[] = [];
      page.on('response', (r) => {
        if (r.url().includes('contentType=application%2Fdicom'))
          dicom.push({ status: r.status(), type: r.headers()['content-type'] ?? '' });
      });
      const viewer = new ImageViewerPage(page);
      await viewer.open(platform.appUrl, STUDY, token);
      expect(await viewer.stackImageMs(60_000)).toBeGreaterThan(0);
      await expect.poll(() => viewer.position().textContent()).toMatch(/1\/3$/);
      expect(await viewer.nonBlackPixels()).toBeGreaterThan(1000);
      expect(dicom.length).toBeGreaterThan(0);
      expect(dicom.every((d) => d.status === 200)).toBe(true);
      if (process.env.E2E_SHOTS_DIR)
        await page.screenshot({ path: path.join(process.env.E2E_SHOTS_DIR, 'viewer-jpeg-lossless.png') });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('JPEG-LS, JPEG 2000 and RLE, CT and MR: every image of the stack drawn by the platform viewer', async () => {
    const doctor = await apiToken(platform, 'doctor');
    const { token } = await apiPost<{ token: string }>(platform, doctor, '/wado/token', { study_iuid: SAMPLES_STUDY });
    const { context, page } = await newPage(browser);
    try {
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/wado?') && r.status() !== 200) failed.push(`${r.status()} ${r.url()}`);
      });
      const viewer = new ImageViewerPage(page);
      await viewer.open(platform.appUrl, SAMPLES_STUDY, token);
      expect(await viewer.stackImageMs(60_000)).toBeGreaterThan(0);
      const total = OTHERS.length * KINDS.length;
      await viewer.toolsReady();
      for (let i = 1; i <= total; i++) {
        await expect.poll(() => viewer.position().textContent()).toMatch(new RegExp(`${i}/${total}$`));
        await expect.poll(() => viewer.nonBlackPixels(), { message: `image ${i}` }).toBeGreaterThan(1000);
        if (i < total) await page.keyboard.press('ArrowDown');
      }
      expect(failed).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('is drawn by OHIF on another origin: CORS preflight answered, frames as stored', async () => {
    const session = await apiToken(platform, 'doctor');
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    try {
      const frames: { status: number; type: string }[] = [];
      const failed: string[] = [];
      const partTypes: string[] = [];
      page.on('response', (r) => {
        if (!r.url().includes('/frames/')) return;
        frames.push({ status: r.status(), type: r.headers()['content-type'] ?? '' });
        void r.body().then((b) => partTypes.push(/Content-Type: ([^\r]+)/.exec(b.toString('latin1'))?.[1] ?? ''));
      });
      page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
      // OHIF takes ?token= from its own address into the Authorization header and removes it from the address
      await page.goto(`${ohif.origin}/viewer?StudyInstanceUIDs=${STUDY}&token=${session}`, { timeout: 120_000 });
      const image = await ohifImage(page);
      await expect.poll(image.drawn, { timeout: 60_000 }).toBeGreaterThan(1000);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.every((f) => f.status === 200)).toBe(true);
      expect(frames[0]!.type).toMatch(/^multipart\/related/);
      // OHIF decodes JPEG Lossless itself: it asks transfer-syntax=* and gets the stored frames
      await expect.poll(() => partTypes.length).toBeGreaterThan(0);
      expect(partTypes[0]).toBe(`application/octet-stream; transfer-syntax=${LOSSLESS}`);
      expect(failed.filter((f) => f.includes(platform.origin))).toEqual([]);
      expect(page.url()).not.toContain(session);
      if (process.env.E2E_SHOTS_DIR)
        await page.screenshot({ path: path.join(process.env.E2E_SHOTS_DIR, 'ohif-jpeg-lossless.png') });
    } finally {
      await context.close();
    }
  }, 300_000);

  it('JPEG-LS, JPEG 2000 and RLE, CT and MR: every image drawn by OHIF', async () => {
    const session = await apiToken(platform, 'doctor');
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    try {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${ohif.origin}/viewer?StudyInstanceUIDs=${SAMPLES_STUDY}&token=${session}`, {
        timeout: 120_000,
      });
      const image = await ohifImage(page);
      const total = OTHERS.length * KINDS.length;
      await page.mouse.move(image.box.x + image.box.width / 2, image.box.y + image.box.height / 2);
      const seen = new Set<number>();
      for (let i = 1; i <= total; i++) {
        await expect.poll(image.drawn, { message: `image ${i}`, timeout: 30_000 }).toBeGreaterThan(1000);
        seen.add(await image.drawn());
        if (i < total) await page.mouse.wheel(0, 100);
      }
      // CT and MR pixels differ: the stack moved through both kinds
      expect(seen.size).toBeGreaterThanOrEqual(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
