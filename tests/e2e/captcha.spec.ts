import { describe, expect, it } from 'vitest';
import { CAPTCHA_LENGTH } from '@shared/constants';
import { STORAGE_KEYS } from '../../web/src/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { shot } from '../fixtures/shots';
import { LoginPage } from '../pages/login-page';

const e2e = useE2e();

const NAMES = {
  'zh-CN': { refresh: '换一张验证码', listen: '收听验证码' },
  'en-US': { refresh: 'New verification code', listen: 'Listen to the verification code' },
} as const;

/** The login page in `locale` after 2 wrong passwords of `username`: the captcha is shown and loaded. */
async function captchaShown(locale: 'zh-CN' | 'en-US', username: string) {
  const { context, page } = await newPage(e2e.browser, { locale });
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.locale, locale]);
  const login = new LoginPage(page, e2e.platform.appUrl);
  await login.open();
  for (let i = 0; i < 2; i++) {
    await login.fill(username, 'Wrong@1234');
    await login.submit();
    await login.error().waitFor();
  }
  await login.captchaLoaded();
  return { context, page, login };
}

/** Waits until the image shows a captcha other than `old`'s, fetched. */
async function replaced(login: LoginPage, old: string): Promise<string> {
  await login.page.waitForFunction(
    (k) => !document.querySelector('[data-testid=login-captcha-img]')?.getAttribute('src')?.includes(k),
    old,
  );
  await login.captchaLoaded();
  return login.captchaKey();
}

describe('a captcha people can read and hear (issue 40)', () => {
  for (const [locale, username] of [
    ['zh-CN', 'register'],
    ['en-US', 'auditor'],
  ] as const) {
    it(`${locale}: after 2 wrong passwords, a large captcha, a refresh button and a spoken version`, async () => {
      const { context, page, login } = await captchaShown(locale, username);
      const box = await login.captchaImage().boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(120);
      expect(box!.height).toBeGreaterThanOrEqual(40);
      const answer = await e2e.platform.captchaAnswer(await login.captchaKey());
      expect(answer).toMatch(new RegExp(`^[A-Z0-9]{${CAPTCHA_LENGTH}}$`));
      await shot(page, `login-captcha-${locale}`);
      // The answer box says what it is for, whole (it read "Verific…" in English beside the picture).
      const input = page.getByTestId('login-captcha-input');
      const fits = await input.evaluate((el) => {
        const i = el as HTMLInputElement;
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = getComputedStyle(i).font;
        return ctx.measureText(i.placeholder).width <= i.clientWidth;
      });
      expect(fits).toBe(true);

      // Both controls are buttons with an accessible name in the page's language.
      const refresh = page.getByRole('button', { name: NAMES[locale].refresh });
      const listen = page.getByRole('button', { name: NAMES[locale].listen });
      expect(await refresh.getAttribute('data-testid')).toBe('login-captcha-refresh');
      expect(await listen.getAttribute('data-testid')).toBe('login-captcha-audio');

      // The refresh button and a click on the image each bring a new captcha.
      const first = await login.captchaKey();
      await refresh.click();
      const second = await replaced(login, first);
      await login.captchaImage().click();
      const third = await replaced(login, second);
      expect(new Set([first, second, third]).size).toBe(3);

      // The listen button fetches the same captcha spoken, in the page's language.
      const heard = page.waitForResponse((r) => r.url().includes('/tool/captchaAudio'));
      await listen.click();
      const audio = await heard;
      const url = new URL(audio.url());
      expect(url.searchParams.get('t')).toBe(third);
      expect(url.searchParams.get('lang')).toBe(locale);
      expect([...url.searchParams.keys()].sort()).toEqual(['lang', 't']);
      expect(audio.status()).toBe(200);
      expect(audio.headers()['content-type']).toBe('audio/wav');
      await context.close();
    });
  }
});
