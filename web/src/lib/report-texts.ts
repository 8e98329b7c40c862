import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_LOCALE, type Locale } from '@shared/constants';

/**
 * The report document's own words (sex, title suffixes, normal ranges, the emergency watermark) in the
 * report's language, whatever language the reader's screen uses; null until that language's texts are in.
 */
export function useReportTexts(locale: Locale = REPORT_LOCALE) {
  const { i18n } = useTranslation();
  const ready = i18n.hasResourceBundle(locale, 'reportDoc');
  const [, setLoaded] = useState(0);
  useEffect(() => {
    // Imported when needed: lib/i18n sets up the page's language as it loads.
    if (!ready) void import('./i18n').then((m) => m.loadTexts(locale)).then(() => setLoaded((n) => n + 1));
  }, [ready, locale]);
  return ready ? i18n.getFixedT(locale, 'reportDoc') : null;
}

export type ReportTexts = NonNullable<ReturnType<typeof useReportTexts>>;
