import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';
import { resources } from '@web/locales/resources';
import { STORAGE_KEYS } from './storage-keys';

const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

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

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  ns: Object.keys(resources[DEFAULT_LOCALE]),
  interpolation: { escapeValue: false },
  returnNull: false,
});

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
  dayjs.locale(DAYJS_LOCALE[locale]);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export { i18n };
