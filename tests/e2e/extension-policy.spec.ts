import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent, type TestAgent } from '../fixtures/agent';
import { launchWithPolicy, type PolicyBrowser } from '../fixtures/policy-browser';
import { startPlatform, type Platform } from '../fixtures/platform';
import { USERS } from '../fixtures/session';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { WorklistPage } from '../pages/worklist-page';

/**
 * Issue 36, "extension by policy": the extension packed and signed by `npm run package:extension` with a key made
 * here, published in the platform's DOWNLOADS_DIR, force-installed by Chromium from a managed policy file
 * (ExtensionInstallForcelist + the extension's agentUrl/origins), no --load-extension and no developer mode, then
 * carrying the web app's requests to the real agent.
 */
let platform: Platform;
let agent: TestAgent;
let policyBrowser: PolicyBrowser;
let extensionId: string;
let tmp: string;
let page: Page;
let hostEtcBefore: string[];
const hostEtc = () => readdirSync('/etc/chromium', { recursive: true, encoding: 'utf8' }).sort();

const viewerCalls = async () =>
  (await readFile(path.join(tmp, 'calls.txt'), 'utf8').catch(() => '')).split('\n').filter(Boolean);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rx-ext-policy-'));
  const downloads = path.join(tmp, 'downloads');
  platform = await startPlatform({ DOWNLOADS_DIR: downloads });

  // The signing key lives outside the repository; this one is made for the test and dropped with it.
  const key = path.join(tmp, 'extension-key.pem');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await writeFile(key, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  const packed = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'package:extension', '--', '--key', key, '--base-url', platform.origin, '--out', downloads],
    { env: { ...process.env, EXTENSION_KEY: '' } },
  );
  extensionId = /extension id ([a-p]{32})/.exec(packed.stdout)?.[1] ?? '';
  expect(extensionId, packed.stdout + packed.stderr).not.toBe('');

  const script = path.join(tmp, 'viewer.sh');
  await writeFile(script, `#!/bin/sh\necho "$*" >> "${path.join(tmp, 'calls.txt')}"\n`);
  await chmod(script, 0o755);
  agent = await startTestAgent({
    config: {
      allowedOrigins: [platform.origin],
      allowedExtensionIds: [extensionId],
      pkcs11: { module: '' },
      viewer: { command: script, openArgs: ['--study', '{study_iuid}'], closeArgs: ['--close', '{study_iuid}'] },
    },
  });
  hostEtcBefore = hostEtc();
  policyBrowser = await launchWithPolicy(
    {
      ExtensionInstallForcelist: [`${extensionId};${platform.origin}/downloads/updates.xml`],
      '3rdparty': {
        extensions: { [extensionId]: { agentUrl: `http://127.0.0.1:${agent.port}`, origins: [platform.origin] } },
      },
    },
    // Chromium checks the update manifest's hash_sha256 of the .crx only with this switch: so it is checked too.
    { args: ['--enable-crx-hash-check'] },
  );
  page = await policyBrowser.context.newPage();
});

afterAll(async () => {
  await policyBrowser?.close();
  await agent?.stop();
  await platform?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the extension installed by policy', () => {
  it('is force-installed from the platform by the managed policy, without developer mode', async () => {
    await policyBrowser.waitForExtension(extensionId);
    // chrome://extensions (Playwright drives this page, not the extension's own pages over CDP): listed as
    // installed by policy, which the user cannot remove, with developer mode off.
    const extensions = await policyBrowser.context.newPage();
    await extensions.goto('chrome://extensions');
    const item = extensions.locator(`extensions-item#${extensionId}`);
    await item.waitFor();
    const data = await item.evaluate((e) => {
      const d = (e as unknown as { data: { controlledInfo?: { text: string }; mustRemainInstalled: boolean } }).data;
      return { controlledBy: d.controlledInfo?.text, mustRemainInstalled: d.mustRemainInstalled };
    });
    // controlledBy: "Installed by enterprise policy." in an English browser.
    expect(data).toEqual({ controlledBy: expect.stringMatching(/\S/), mustRemainInstalled: true });
    expect(await extensions.locator('#devMode').getAttribute('aria-checked')).toBe('false');
    await extensions.close();
    // The policy file was only ever in Chromium's private mount namespace.
    expect(hostEtc()).toEqual(hostEtcBefore);
  });

  it('carries the web app to the agent at the policy address: status, and a study opened in the viewer', async () => {
    const login = new LoginPage(page, platform.appUrl);
    await login.open();
    await login.signIn(...USERS.doctor);
    await new ShellPage(page).waitReady();
    await page.locator('[data-testid=bridge-status][data-path=extension][data-agent-up=true]').waitFor();
    const worklist = new WorklistPage(page);
    await worklist.waitForResults();
    const row = worklist.rows().first();
    const uid = await row.getAttribute('data-row-key');
    await row.getByTestId('row-open-workstation').click();
    await page.getByText('已通过浏览器扩展在本地阅片软件中打开检查').waitFor();
    await expect.poll(viewerCalls).toContain(`--study ${uid}`);
  });

  it('the tool download page offers the policy with the published extension id', async () => {
    await page.goto(`${platform.appUrl}#/tools`);
    const chrome = page.getByTestId('policy-chrome');
    await chrome.waitFor();
    expect(JSON.parse((await chrome.textContent()) ?? '')).toMatchObject({
      ExtensionInstallForcelist: [`${extensionId};${platform.origin}/downloads/updates.xml`],
    });
    expect(await page.getByTestId('policy-agent').textContent()).toContain(extensionId);
  });
});
