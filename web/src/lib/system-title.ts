import { DEFAULT_SYSTEM_TITLE, DEFAULT_LOCALE, type Locale } from '@shared/constants';

/**
 * The system title to show: the configured one, except that the installation's default (a Chinese name)
 * gives way to the interface language's own `translated` title. A title an administrator chose stays as is.
 */
export function systemTitle(configured: string | undefined, locale: Locale, translated: string): string {
  if (!configured) return translated;
  return configured === DEFAULT_SYSTEM_TITLE && locale !== DEFAULT_LOCALE ? translated : configured;
}
