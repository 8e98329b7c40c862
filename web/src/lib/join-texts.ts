import type { Locale } from '@shared/constants';

const SEPARATORS: Record<Locale, string> = { 'zh-CN': '；', 'en-US': '; ' };

/** Several short messages shown as one: Chinese joins with a full-width "；", English with "; ". */
export const joinTexts = (texts: readonly string[], locale: Locale): string => texts.join(SEPARATORS[locale]);
