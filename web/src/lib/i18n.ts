import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';
import { STORAGE_KEYS } from './storage-keys';

const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };
type Texts = () => Promise<{ default: Record<string, object> }>;
// Per language, a page downloads the texts of the language it shows, not both; in two chunks, so the
// sign-in page's script does not grow with every screen's texts.
const START_TEXTS: Record<Locale, Texts> = {
  'zh-CN': () => import('@web/locales/start-zh-CN'),
  'en-US': () => import('@web/locales/start-en-US'),
};
const OTHER_TEXTS: Record<Locale, Texts> = {
  'zh-CN': () => import('@web/locales/texts-zh-CN'),
  'en-US': () => import('@web/locales/texts-en-US'),
};

const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.locale);
    return isLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

const initial = storedLocale();
dayjs.locale(DAYJS_LOCALE[initial]);
document.documentElement.lang = initial;

async function addTexts(locale: Locale, load: Texts): Promise<void> {
  const { default: texts } = await load();
  for (const [ns, bundle] of Object.entries(texts)) i18n.addResourceBundle(locale, ns, bundle, true, true);
}

const loading = new Map<Locale, Promise<void>>();

/**
 * Loads every text of a language (once; again after a failure): routes wait for it before they render,
 * and the report document needs its own language's besides the screen's.
 */
export function loadTexts(locale: Locale): Promise<void> {
  let done = loading.get(locale);
  if (!done) {
    done = Promise.all([loadStartTexts(locale), addTexts(locale, OTHER_TEXTS[locale])]).then(() => undefined);
    done.catch(() => loading.delete(locale));
    loading.set(locale, done);
  }
  return done;
}

/** The texts the sign-in page needs (common, auth, shell, wechat). */
async function loadStartTexts(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'common')) await addTexts(locale, START_TEXTS[locale]);
}

/** Resolves once the sign-in page's texts of the starting language are in: main.tsx renders after it. */
export const i18nReady: Promise<void> = i18n
  .use(initReactI18next)
  .init({
    resources: {},
    lng: initial,
    // Both languages have the same keys (locales.test.ts), so the other one is never needed as a fallback.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => loadStartTexts(initial));

/** Every text of the page's language: what a route waits for before it renders. */
export const allTexts = (): Promise<void> => loadTexts(currentLocale());

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches texts, antd and dayjs locale, and the Accept-Language of later requests; remembered. */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // not persisted: still switch for this page
  }
  await loadTexts(locale);
  dayjs.locale(DAYJS_LOCALE[locale]);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export { i18n };
