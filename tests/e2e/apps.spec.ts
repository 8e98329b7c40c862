import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCredentials } from '@shared/schemas/apps';
import { useE2e } from '../fixtures/e2e';
import { oauthClient, startThirdPartyApp, type ThirdPartyApp } from '../fixtures/oauth-client-app';
import { newPage } from '../fixtures/platform';
import { signedIn, USERS } from '../fixtures/session';
import { AppsPage } from '../pages/apps-page';
import { clickWhenOpen } from '../pages/dialogs';
import { LoginPage } from '../pages/login-page';
import { shot } from '../fixtures/shots';

const e2e = useE2e();
let thirdParty: ThirdPartyApp;
beforeAll(async () => {
  thirdParty = await startThirdPartyApp();
});
afterAll(() => thirdParty.close());

/** A new app made through the API as the administrator (the screen's own test is the first one below). */
async function appByApi(name: string, redirectUris: string[]): Promise<AppCredentials> {
  const { origin } = e2e.platform;
  const [username, password] = USERS.admin;
  const login = await fetch(`${origin}/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password, logon_type: 'PC' }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${origin}/app/save`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ app_name: name, redirect_uris: redirectUris }),
  });
  const body = (await res.json()) as { data: AppCredentials };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const formErrors = (page: Page) =>
  page.locator('[data-testid=app-form] .ant-form-item-explain-error').allTextContents();

describe('third-party apps', () => {
  it('the administrator adds an app, sees its secret once, edits it, issues a new secret and deletes it', async () => {
    const admin = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    const apps = new AppsPage(admin.page, e2e.platform.appUrl);
    await apps.open();

    // Section 5 rules beside the fields, in the user's language; nothing is sent.
    await apps.id('app-new').click();
    await apps.fill({ name: 'H', redirectUris: ['http://his.example/cb'], remark: 'x'.repeat(20) });
    await apps.id('app-form-save').click();
    await expect
      .poll(() => formErrors(admin.page))
      .toEqual(['长度为 2 到 64 个字符', '不允许的地址：http://his.example/cb']);
    await shot(admin.page, 'app-form-rules-zh-CN');
    await admin.page.keyboard.press('Escape');
    await apps.id('app-form').waitFor({ state: 'hidden' });

    const listed = admin.page.waitForResponse((r) => r.url().includes('/app/queryList'));
    await apps.create({
      name: 'HIS 接口',
      redirectUris: [thirdParty.callback],
      remark: '院内 HIS',
      orderHospital: '第一人民医院',
    });
    expect(await apps.id('app-secret-warning').textContent()).toContain('仅此一次显示');
    const first = await apps.shownCredentials();
    expect(first.client_id).toMatch(/^rx_[A-Za-z0-9_-]{24}$/);
    expect(first.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await shot(admin.page, 'app-secret-zh-CN');
    await admin.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await apps.id('app-client-secret-copy').click();
    expect(await admin.page.evaluate(() => navigator.clipboard.readText())).toBe(first.client_secret);

    // Closed, the secret is gone: not in the list's answer, the page or the details.
    await apps.closeCredentials();
    const listBody = await (await listed).text();
    expect(listBody).toContain(first.client_id);
    expect(listBody).not.toContain(first.client_secret);
    await apps.row('HIS 接口').waitFor();
    expect(await apps.row('HIS 接口').getAttribute('data-client-id')).toBe(first.client_id);
    await apps.row('HIS 接口').getByTestId('app-row-details').click();
    expect(await apps.id('app-details').textContent()).toContain(first.client_id);
    // it places FHIR orders for the hospital chosen
    expect(await apps.id('app-details').textContent()).toContain('第一人民医院'); // the order hospital by name
    // Clicked once the dialog has opened: a click during its zoom misses and leaves it over the page.
    await clickWhenOpen(apps.id('app-details-close'));
    await apps.id('app-details').waitFor({ state: 'hidden' });
    expect(await admin.page.content()).not.toContain(first.client_secret);
    await shot(admin.page, 'app-list-zh-CN');

    // The name is unique (server check, shown beside the field).
    await apps.id('app-new').click();
    await apps.fill({ name: 'HIS 接口', redirectUris: [thirdParty.callback] });
    await apps.id('app-form-save').click();
    await expect.poll(() => formErrors(admin.page)).toEqual(['应用名称“HIS 接口”已存在']);
    await admin.page.keyboard.press('Escape');
    await apps.id('app-form').waitFor({ state: 'hidden' });

    await apps.edit('HIS 接口', { name: 'HIS 接口（新）', remark: '改过的备注' });
    await apps.row('HIS 接口（新）').waitFor();
    expect(await apps.row('HIS 接口（新）').textContent()).toContain('改过的备注');

    await apps.resetSecret('HIS 接口（新）');
    const second = await apps.shownCredentials();
    expect(second.client_id).toBe(first.client_id);
    expect(second.client_secret).not.toBe(first.client_secret);
    await apps.closeCredentials();

    await apps.remove('HIS 接口（新）');
    expect(await apps.list.total()).toBe(0);
    await admin.close();
  });

  it('in English too: the list, the form rules and the once-only secret', async () => {
    const admin = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    await admin.shell.switchLanguage('en-US');
    const apps = new AppsPage(admin.page, e2e.platform.appUrl);
    await apps.open();
    await apps.create({ name: 'Regional portal', redirectUris: [thirdParty.callback, 'https://portal.example/cb'] });
    expect(await apps.id('app-secret-warning').textContent()).toContain('shown only now');
    await shot(admin.page, 'app-secret-en-US');
    await apps.closeCredentials();
    await apps.row('Regional portal').waitFor();
    await shot(admin.page, 'app-list-en-US');
    // A hidden column stays hidden after a reload (the shared list parts keep it per route for 7 days).
    await apps.list.setColumnShown('remark', false);
    await admin.page.reload();
    await apps.list.waitForResults();
    expect(await apps.list.id('table').locator('th').allTextContents()).not.toContain('Remark');
    await apps.id('app-new').click();
    await apps.fill({ name: 'R', redirectUris: ['ftp://x/cb'] });
    await apps.id('app-form-save').click();
    await expect.poll(() => formErrors(admin.page)).toEqual(['2 to 64 characters', 'Not allowed: ftp://x/cb']);
    await shot(admin.page, 'app-form-rules-en-US');
    await admin.close();
  });
});

describe('signing in for a third-party app (/pacsOauth)', () => {
  it('signs the user in and returns to the app with the code and the unchanged state; the code buys a token', async () => {
    const creds = await appByApi('Imaging portal', [thirdParty.callback]);
    const client = await oauthClient(e2e.platform.origin, creds.client_id, thirdParty.callback);
    const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900 });

    // The standard authorisation request, through the server's endpoint to the page.
    await page.goto(client.authorizationUrl.href);
    await page.waitForURL((u) => u.hash.startsWith('#/pacsOauth'));
    expect(await page.getByTestId('oauth-requester').textContent()).toContain(new URL(thirdParty.origin).host);
    await shot(page, 'pacs-oauth-zh-CN');
    const login = new LoginPage(page, e2e.platform.appUrl);
    await login.fill(...USERS.doctor);
    await login.submitButton().click();
    await page.waitForURL((u) => u.href.startsWith(thirdParty.callback));
    await page.getByTestId('third-party').waitFor();

    const back = new URL(page.url());
    expect([...back.searchParams.keys()]).toEqual(['code', 'state']);
    expect(back.searchParams.get('state')).toBe(client.state);
    const tokens = await client.exchange(back, creds.client_secret);
    const info = await fetch(`${e2e.platform.origin}/user/info`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(((await info.json()) as { data: { user: { username: string } } }).data.user.username).toBe('doctor');

    // The app's single sign-on link: confirmed, and the secret leaves the address bar at once.
    const sso = (secret: string) =>
      `${e2e.platform.appUrl}#/sso?${new URLSearchParams({ client_id: creds.client_id, user_id: 'doctor', client_secret: secret })}`;
    await page.goto(sso(creds.client_secret));
    await page.getByTestId('sso-confirmed').waitFor();
    expect(page.url()).not.toContain(creds.client_secret);
    await page.goto(sso('not-the-secret'));
    await page.getByTestId('sso-error').waitFor();
    await context.close();
  });

  it('an unregistered redirect URI or an unknown app: an error on the page before any password, never a redirect', async () => {
    const creds = await appByApi('Lab system', [thirdParty.callback]);
    const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900 });
    const hitsBefore = thirdParty.hits.length;
    const open = async (query: Record<string, string>) => {
      const base = {
        response_type: 'code',
        state: 'st-1',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      };
      await page.goto(`${e2e.platform.appUrl}#/pacsOauth?${new URLSearchParams({ ...base, ...query })}`);
    };
    // The page asks the authorisation endpoint first: no sign-in form is offered for a request it refuses.
    const refusedAtOnce = async () => {
      await page.getByTestId('oauth-error').waitFor();
      expect(await new LoginPage(page, e2e.platform.appUrl).username().count()).toBe(0);
    };

    await open({ client_id: creds.client_id, redirect_uri: `${thirdParty.origin}/elsewhere` });
    await refusedAtOnce();
    const redirectRefusal = await page.getByTestId('oauth-error-text').textContent();
    expect(redirectRefusal).toBeTruthy();
    await shot(page, 'pacs-oauth-error-zh-CN');
    await open({ client_id: 'rx_unknown', redirect_uri: thirdParty.callback });
    await page.waitForFunction((before) => {
      const text = document.querySelector('[data-testid="oauth-error-text"]')?.textContent;
      return !!text && text !== before;
    }, redirectRefusal);
    await refusedAtOnce();
    await open({ redirect_uri: thirdParty.callback });
    expect(await page.getByTestId('oauth-error').getAttribute('data-problem')).toBe('missingClient');

    expect(new URL(page.url()).origin).toBe(e2e.platform.origin);
    expect(thirdParty.hits.length).toBe(hitsBefore);
    await context.close();
  });

  it('in English, with the captcha the sign-in asks for after failures', async () => {
    const creds = await appByApi('Reading room portal', [thirdParty.callback]);
    const client = await oauthClient(e2e.platform.origin, creds.client_id, thirdParty.callback);
    const { context, page } = await newPage(e2e.browser, { width: 1440, height: 900, locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('rxpacs.locale', 'en-US'));
    await page.goto(client.authorizationUrl.href);
    await page.getByTestId('oauth-requester').waitFor();
    expect(await page.getByTestId('oauth-page').textContent()).toContain('asks to sign you in');
    await shot(page, 'pacs-oauth-en-US');

    const login = new LoginPage(page, e2e.platform.appUrl);
    const submit = async () => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/sso/login'));
      await login.submitButton().click();
      await answered;
    };
    for (let i = 0; i < 2; i++) {
      await login.fill('auditor', 'Wrong@1234');
      await submit();
      await login.error().waitFor();
    }
    expect(await login.errorText()).toMatch(/password/i);
    await login.captchaLoaded();
    await shot(page, 'pacs-oauth-captcha-en-US');
    await login.captchaInput().fill(await e2e.platform.captchaAnswer(await login.captchaKey()));
    await login.fill(...USERS.auditor);
    await login.submitButton().click();
    await page.waitForURL((u) => u.href.startsWith(thirdParty.callback));
    expect(new URL(page.url()).searchParams.get('state')).toBe(client.state);
    await context.close();
  });
});
