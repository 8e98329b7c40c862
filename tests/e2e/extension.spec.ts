import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent, type TestAgent } from '../fixtures/agent';
import { bindCertificate } from '../fixtures/cert-binding';
import { startCups, type PrivateCups } from '../fixtures/cups';
import { launchWithExtension, type ExtensionBrowser } from '../fixtures/extension';
import { launchBrowser, newPage, startPlatform, type Platform } from '../fixtures/platform';
import { USERS } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { createSoftHsm, type SoftHsm } from '../fixtures/softhsm';
import { CertDialog } from '../pages/cert-login-dialog';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { WorklistPage } from '../pages/worklist-page';

/**
 * The built extension in Debian Chromium between the web app and the real agent (SoftHSM2 as the USB
 * key, a private CUPS with a raw label queue, a viewer script that records its arguments).
 */
const FOREIGN_HOST = 'rx-foreign.test';
let platform: Platform;
let hsm: SoftHsm;
let cups: PrivateCups;
let ext: ExtensionBrowser;
let agent: TestAgent;
let viewerDir: string;
let page: Page;

const viewerCalls = async () =>
  (await readFile(path.join(viewerDir, 'calls.txt'), 'utf8').catch(() => '')).split('\n').filter(Boolean);

async function waitForViewerCall(expected: string): Promise<void> {
  for (;;) {
    if ((await viewerCalls()).includes(expected)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Posts one protocol request from the page and reports the first protocol message that comes back. */
function firstAnswer(p: Page): Promise<string> {
  return p.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const id = `probe-${Math.random()}`;
        addEventListener('message', (ev) => {
          const d = ev.data as { prefix?: string; kind?: string; id?: string };
          if (ev.source !== window || d?.prefix !== 'rxpacs-bridge' || d.id !== id || d.kind === 'request') return;
          resolve(d.kind ?? '');
        });
        // The protocol gives the extension 1 s to ack; twice that without one means nobody is listening.
        setTimeout(() => resolve('no answer'), 2_000);
        postMessage({ prefix: 'rxpacs-bridge', version: 1, kind: 'request', id, action: 'status', params: {} }, origin);
      }),
  );
}

beforeAll(async () => {
  [platform, hsm, cups] = await Promise.all([startPlatform(), createSoftHsm(), startCups()]);
  ext = await launchWithExtension({ hostRules: `MAP ${FOREIGN_HOST} 127.0.0.1` });
  viewerDir = await mkdtemp(path.join(os.tmpdir(), 'rx-viewer-'));
  const script = path.join(viewerDir, 'viewer.sh');
  await writeFile(script, `#!/bin/sh\necho "$*" >> "${path.join(viewerDir, 'calls.txt')}"\n`);
  await chmod(script, 0o755);
  agent = await startTestAgent({
    softhsmConf: hsm.conf,
    cupsServer: cups.server,
    config: {
      allowedOrigins: [platform.origin],
      allowedExtensionIds: [ext.extensionId],
      pkcs11: { module: hsm.module, pollMs: 200 },
      viewer: { command: script, openArgs: ['--study', '{study_iuid}'], closeArgs: ['--close', '{study_iuid}'] },
      printers: { label: cups.labelPrinter },
    },
  });
  await ext.setAgentUrl(`http://127.0.0.1:${agent.port}`);
  page = await ext.context.newPage();
});

afterAll(async () => {
  await ext?.close();
  await agent?.stop();
  await cups?.stop();
  await platform?.close();
  await hsm?.cleanup();
  if (viewerDir) await rm(viewerDir, { recursive: true, force: true });
});

describe('the extension between the web app and the agent', () => {
  it('opens the certificate dialog when the key goes in; wrong PIN refused; right PIN signs in', async () => {
    const login = new LoginPage(page, platform.appUrl);
    await login.open();
    const dialog = new CertDialog(page);
    expect(await dialog.pin().count()).toBe(0);

    const key = await hsm.createToken({ label: 'RX-EXT-DOCTOR', kind: 'rsa', pin: '246802', id: '0b' });
    // Typically well under the 2 s; not asserted as a timing (the handbook forbids timing asserts).
    await dialog.waitOpen();
    await bindCertificate(platform, agent, 'doctor', key);

    await dialog.enterPin('864200');
    expect(await dialog.errorText()).toContain('PIN 码错误');
    await dialog.enterPin(key.pin);
    await page.waitForURL((u) => u.hash === '#/orderList');
    await new ShellPage(page).waitReady();
    // The header says the extension is the live path, with the agent up and one key present.
    const status = page.getByTestId('bridge-status');
    await page.locator('[data-testid=bridge-status][data-path=extension][data-agent-up=true][data-keys="1"]').waitFor();
    expect(await status.getAttribute('data-path')).toBe('extension');
  });

  it('closes the dialog when the key is removed', async () => {
    const other = await ext.context.newPage(); // a new tab: no session there (sessionStorage)
    const login = new LoginPage(other, platform.appUrl);
    await login.open();
    const dialog = new CertDialog(other);
    await dialog.waitOpen();
    await hsm.deleteToken('RX-EXT-DOCTOR');
    await dialog.waitClosed();
    await other.close();
  });

  it('opens the study in the workstation viewer from the worklist', async () => {
    const worklist = new WorklistPage(page);
    await worklist.waitForResults();
    const row = worklist.rows().first();
    const uid = await row.getAttribute('data-row-key');
    expect(uid).toMatch(/^[0-9.]+$/);
    await row.getByTestId('row-open-workstation').click();
    await waitForViewerCall(`--study ${uid}`);
    await page.getByText('已通过浏览器扩展在本地阅片软件中打开检查').waitFor();
  });

  it('prints the patient label silently: the ZPL arrives at the label queue', async () => {
    const uid = (await new WorklistPage(page).rows().first().getAttribute('data-row-key')) ?? '';
    await page.goto(`${platform.appUrl}#/printLabel?study_iuid=${uid}`);
    await page.locator('[data-testid=label-page][data-state=printed]').waitFor();
    const accession = /\S+$/.exec((await page.getByTestId('label-barcode').getAttribute('alt')) ?? '')?.[0];
    const name = (await page.getByTestId('label-name').textContent()) ?? '';
    let zpl = '';
    while (!zpl.includes('^XZ')) zpl = (await cups.waitForLabelBytes(zpl.length + 1)).toString('utf8');
    expect(zpl.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(zpl).toContain(`^FD${name}^FS`);
    expect(zpl).toContain(`^BCN,80,Y,N,N,A^FH_^FD${accession}^FS`);
  });

  it('opens OpenImageStation links (study UID with a time suffix) through the extension', async () => {
    const uid = '1.2.840.99.1';
    await page.goto(`${platform.appUrl}#/OpenImageStation?study_iuid=${uid}_${Date.now()}`);
    await page.locator('[data-testid=station-result][data-outcome=extension]').waitFor();
    await waitForViewerCall(`--study ${uid}`);
  });

  it('shows agent, key and version in the popup', async () => {
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.getByTestId('popup-agent').waitFor();
    expect(await popup.getByTestId('popup-agent').textContent()).toContain(`127.0.0.1:${agent.port}`);
    await popup.getByText(cups.labelPrinter, { exact: false }).waitFor();
    expect(await popup.getByTestId('popup-version').textContent()).toMatch(/\d+\.\d+\.\d+/);
    await popup.close();
  });

  it('options page: refuses a non-loopback agent address and a bad origin, saves a good address', async () => {
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    const agentUrl = `http://127.0.0.1:${agent.port}`;
    const field = options.getByTestId('options-agent-url');
    await options.waitForFunction(
      (u) => (document.getElementById('agent-url') as HTMLInputElement).value === u,
      agentUrl,
    );
    const feedback = options.getByTestId('options-feedback');
    expect(await options.getByTestId('options-extension-id').textContent()).toContain(ext.extensionId);

    await field.fill('http://10.1.2.3:17380');
    await options.getByTestId('options-save-agent').click();
    await options.locator('[data-testid=options-feedback].error').waitFor();
    await options.getByTestId('options-origin').fill('https://pacs.example/app');
    await options.getByTestId('options-add-origin').click();
    await options.locator('[data-testid=options-feedback].error').waitFor();
    expect(await options.getByTestId('options-origins').locator('li').count()).toBe(0);

    await field.fill(`http://localhost:${agent.port}`);
    await options.getByTestId('options-save-agent').click();
    await options.locator('[data-testid=options-feedback]:not(.error)').waitFor();
    expect(await feedback.textContent()).not.toBe('');
    const stored = await (
      await ext.worker()
    ).evaluate(() => {
      const c = globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<object> } } } };
      return c.chrome.storage.local.get('agentUrl');
    });
    expect(stored).toEqual({ agentUrl: `http://localhost:${agent.port}` });
    await ext.setAgentUrl(agentUrl);
    await options.close();
  });

  it('a page on an origin the extension does not serve gets no answer, and the agent refuses it', async () => {
    expect(await firstAnswer(page)).toBe('ack');
    const foreign = await ext.context.newPage();
    const foreignOrigin = `http://${FOREIGN_HOST}:${new URL(platform.origin).port}`;
    await foreign.goto(`${foreignOrigin}/rxpacs/`);
    expect(await firstAnswer(foreign)).toBe('no answer');
    const direct = await agent.call('/keys', { origin: foreignOrigin });
    expect(direct.status).toBe(403);
    expect(direct.body.error).toBe('FORBIDDEN_ORIGIN');
    await foreign.close();
  });
});

describe('without the extension', () => {
  /** A plain browser profile whose web app knows the agent's address (or a closed port). */
  async function plainPage(agentUrl: string) {
    const browser = await launchBrowser();
    const { context, page: p } = await newPage(browser);
    await context.addInitScript((url) => localStorage.setItem('rxpacs.agentUrl', url), agentUrl);
    return { page: p, close: () => browser.close() };
  }

  /** A plain page reaching the agent directly, signed in as the doctor, the shell up. */
  async function doctorWithAgent() {
    const opened = await plainPage(`http://127.0.0.1:${agent.port}`);
    const login = new LoginPage(opened.page, platform.appUrl);
    await login.open();
    await login.signIn(...USERS.doctor);
    await new ShellPage(opened.page).waitReady();
    return opened;
  }

  it('calls the agent directly: the header says so and the worklist opens the viewer', async () => {
    const { page: p, close } = await doctorWithAgent();
    try {
      await p.locator('[data-testid=bridge-status][data-path=agent][data-agent-up=true]').waitFor();
      const worklist = new WorklistPage(p);
      await worklist.waitForResults();
      const row = worklist.rows().nth(1);
      const uid = await row.getAttribute('data-row-key');
      await row.getByTestId('row-open-workstation').click();
      await waitForViewerCall(`--study ${uid}`);
      await p.getByText('已通过本地代理在本地阅片软件中打开检查').waitFor();
    } finally {
      await close();
    }
  });

  it('an agent older than the installation requires: the header tells the doctor to update, with the link', async () => {
    const health = (await (await fetch(`http://127.0.0.1:${agent.port}/health`)).json()) as {
      data: { version: string };
    };
    const [major] = health.data.version.split('.');
    await platform.setConfig('agent_min_version', `${Number(major) + 1}.0`);
    await platform.setConfig('bridge_download_url', `${platform.origin}/downloads/agent`);
    const { page: p, close } = await doctorWithAgent();
    try {
      const notice = p.locator('[data-testid=bridge-update][data-parts=agent]');
      await notice.click();
      await p.getByTestId('bridge-update-detail').waitFor();
      expect(await p.getByTestId('bridge-update-detail').textContent()).toContain(
        `本机工作站代理的版本为 ${health.data.version}，本平台需要 ${Number(major) + 1}.0 或更新版本。`,
      );
      expect(await p.getByTestId('bridge-update-link').getAttribute('href')).toBe(`${platform.origin}/downloads/agent`);
      await shot(p, 'bridge-update-zh-CN');
      // in the doctor's other language
      await p.evaluate(() => localStorage.setItem('rxpacs.locale', 'en-US'));
      await p.reload();
      await notice.click();
      await p.getByText(`this platform needs ${Number(major) + 1}.0 or newer`).waitFor();
      await shot(p, 'bridge-update-en-US');
      await p.evaluate(() => localStorage.setItem('rxpacs.locale', 'zh-CN'));
      // the agent that is new enough: no notice
      await platform.setConfig('agent_min_version', health.data.version);
      await p.reload();
      await new ShellPage(p).waitReady();
      await p.locator('[data-testid=bridge-status][data-agent-up=true]').waitFor();
      expect(await p.getByTestId('bridge-update').count()).toBe(0);
    } finally {
      await platform.setConfig('agent_min_version', '');
      await platform.setConfig('bridge_download_url', '');
      await close();
    }
  });

  it('with no agent either, OpenImageStation falls back to the custom-protocol link', async () => {
    const { page: p, close } = await plainPage('http://127.0.0.1:9');
    try {
      await p.goto(`${platform.appUrl}#/OpenImageStation?study_iuid=1.2.840.77_${Date.now()}`);
      await p.locator('[data-testid=station-result][data-outcome=protocol]').waitFor();
      expect(await p.getByTestId('station-link').getAttribute('href')).toBe('rxpacs://openImage?study_iuid=1.2.840.77');
      expect(await viewerCalls()).not.toContain('--study 1.2.840.77');
    } finally {
      await close();
    }
  });

  it('with no agent, the label page says why and falls back to the browser print', async () => {
    const { page: p, close } = await plainPage('http://127.0.0.1:9');
    try {
      const login = new LoginPage(p, platform.appUrl);
      await login.open();
      await login.signIn(...USERS.register);
      await new ShellPage(p).waitReady();
      await p.locator('[data-testid=bridge-status][data-path=protocol]').waitFor();
      const q = new URLSearchParams({ patient_name: '李四', patient_id: 'P-9', accession_no: 'ACC9', modality: 'DR' });
      await p.goto(`${platform.appUrl}#/printLabel?${q.toString()}`);
      await p.locator('[data-testid=label-page][data-state=fallback]').waitFor();
      await p.getByText('无法静默打印').waitFor();
      expect(await p.getByTestId('label-barcode').getAttribute('alt')).toBe('检查号 ACC9');
    } finally {
      await close();
    }
  });
});
