import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent, type TestAgent } from '../fixtures/agent';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { USERS } from '../fixtures/session';
import { createSoftHsm, type SoftHsm, type SoftToken } from '../fixtures/softhsm';
import { AccountSettingsPage } from '../pages/account-settings-page';
import { CertDialog } from '../pages/cert-login-dialog';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';

/**
 * Certificate sign-in through the workstation agent directly (no extension): a SoftHSM2 token stands in
 * for the doctor's USB key, the real agent signs, the real server verifies.
 */
const e2e = useE2e();
let hsm: SoftHsm;
let agent: TestAgent;

beforeAll(async () => {
  hsm = await createSoftHsm();
  agent = await startTestAgent({
    softhsmConf: hsm.conf,
    config: { allowedOrigins: [e2e.platform.origin], pkcs11: { module: hsm.module, pollMs: 200 } },
  });
});
afterAll(async () => {
  await agent?.stop();
  await hsm?.cleanup();
});

/** A fresh browser profile whose web app talks to this test's agent. */
async function pageWithAgent(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(e2e.browser);
  await context.addInitScript((url) => localStorage.setItem('rxpacs.agentUrl', url), `http://127.0.0.1:${agent.port}`);
  return { page, close: () => context.close() };
}

/** Binds the token's certificate to a user as the security settings do, through the HTTP APIs. */
async function bindThroughApi(user: keyof typeof USERS, token: SoftToken): Promise<void> {
  const [username, password] = USERS[user];
  const signIn = await fetch(`${e2e.platform.origin}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, logon_type: 'PC' }),
  });
  const headers = {
    authorization: `Bearer ${((await signIn.json()) as { token: string }).token}`,
    'content-type': 'application/json',
  };
  const post = async (path: string, body: unknown) =>
    (
      await fetch(`${e2e.platform.origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    ).json() as Promise<{
      success: boolean;
      data: Record<string, string>;
    }>;
  const { challenge } = (await post('/cert/challenge', { purpose: 'bind' })).data as { challenge: string };
  const signed = await agent.call('/keys/sign', {
    body: { challenge, pin: token.pin, origin: e2e.platform.origin, certificate_id: token.id },
    origin: e2e.platform.origin,
  });
  expect(signed.body.success).toBe(true);
  expect((await post('/cert/bind', { challenge, ...(signed.body.data as object) })).success).toBe(true);
}

describe('certificate sign-in through the agent', () => {
  it('opens the dialog when the key is inserted; a wrong PIN is refused; the right one signs in', async () => {
    const { page, close } = await pageWithAgent();
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    const dialog = new CertDialog(page);
    expect(await dialog.pin().count()).toBe(0);

    const key = await hsm.createToken({ label: 'RX-DOCTOR', kind: 'ec', pin: '135790', id: '0a', days: 30 });
    await bindThroughApi('doctor', key);
    await dialog.waitOpen();
    expect(await dialog.dialog().count()).toBe(1);
    expect(await dialog.dialog().locator('input[type=password]').count()).toBe(1);

    await dialog.enterPin('975310');
    expect(await dialog.errorText()).toContain('PIN 码错误');
    expect(new URL(page.url()).hash).toMatch(/^#\/user\/login/);

    await dialog.enterPin(key.pin);
    await page.waitForURL((u) => u.hash === '#/orderList');
    await new ShellPage(page).waitReady();
    // 30 days left: signed in, with the near-expiry warning.
    await page.getByText(/证书将在 (29|30) 天后过期/).waitFor();
    await close();
  });

  it('opens on load while a key is present, checks the PIN length, reopens on the next insertion after a cancel, closes when the keys are removed', async () => {
    const { page, close } = await pageWithAgent();
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    const dialog = new CertDialog(page);
    await dialog.waitOpen();
    await dialog.enterPin('12345');
    await dialog.dialog().getByText('PIN 码为 6 到 16 位').waitFor();
    // Cancelled, it stays closed while the key is in; the next insertion opens it again.
    await dialog.cancel();
    await dialog.waitClosed();
    await hsm.createToken({ label: 'RX-SPARE', kind: 'rsa', id: '02' });
    await dialog.waitOpen();
    await hsm.deleteToken('RX-SPARE');
    await hsm.deleteToken('RX-DOCTOR');
    await dialog.waitClosed();
    await login.username().waitFor();
    await close();
  });
});

describe('certificate binding in the security settings', () => {
  it('binds the inserted key with its PIN, then unbinds after confirmation', async () => {
    const { page, close } = await pageWithAgent();
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.open();
    await login.signIn(...USERS.auditor);
    await new ShellPage(page).waitReady();
    const settings = new AccountSettingsPage(page, e2e.platform.appUrl);
    await settings.open('security');
    await settings.waitBound(false);

    await settings.bindButton().click();
    const bind = new CertDialog(page, 'cert-bind');
    await page.getByTestId('cert-bind-insert').waitFor();
    await hsm.createToken({ label: 'RX-AUDITOR', kind: 'rsa', pin: '2468101214161820222', id: '01' });
    await bind.waitOpen();
    await bind.enterPin('246810121416182022');
    expect(await bind.errorText()).toContain('PIN 码错误');
    // 19 characters: the bind dialog allows longer PINs than the sign-in dialog (16).
    await bind.enterPin('2468101214161820222');
    await bind.waitClosed();
    await page.getByText('证书绑定成功').waitFor();
    await settings.waitBound(true);

    await settings.unbindButton().click();
    await settings.unbindOk().click();
    await page.getByText('证书已解除绑定').waitFor();
    await settings.waitBound(false);
    await hsm.deleteToken('RX-AUDITOR');
    await close();
  });
});
