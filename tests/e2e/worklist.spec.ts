import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startPlatform, type Platform } from '../fixtures/platform';
import { LoginPage } from '../pages/login-page';
import { WorklistPage } from '../pages/worklist-page';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

async function signedIn(username: string, password: string): Promise<{ page: Page; list: WorklistPage }> {
  const { page } = await newPage(browser);
  const login = new LoginPage(page, platform.appUrl);
  await login.open();
  await login.signIn(username, password);
  const list = new WorklistPage(page);
  await list.waitForResults();
  return { page, list };
}

describe('worklist', () => {
  it('signing in lands on the order list with rows, 20 a page', async () => {
    const { page, list } = await signedIn('doctor', 'Doctor@123');
    expect(new URL(page.url()).hash).toBe('#/orderList');
    expect(await list.rows().count()).toBe(20);
    expect(await list.total()).toBeGreaterThan(20);
    await page.context().close();
  });

  it('filters by modality and by patient id', async () => {
    const { page, list } = await signedIn('doctor', 'Doctor@123');
    await list.chooseModality('CT');
    await list.search('modalitys=CT');
    const modalities = await list.cellTexts('cell-modality');
    expect(modalities.length).toBeGreaterThan(0);
    expect(new Set(modalities)).toEqual(new Set(['CT']));

    const [patientId] = await list.cellTexts('cell-patient-id');
    expect(patientId).toBeTruthy();
    await list.reset();
    await list.fillPatientId(patientId!);
    await list.search(`patient_id=${patientId}`);
    const ids = await list.cellTexts('cell-patient-id');
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set([patientId]));
    await page.context().close();
  });

  it('a doctor of the second hospital sees only its studies', async () => {
    const { page, list } = await signedIn('doctor2', 'Doctor@123');
    const codes = await list.hospitalCodes();
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['H002']));
    await page.context().close();
  });
});
