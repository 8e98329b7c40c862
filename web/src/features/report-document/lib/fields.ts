import type { ReportDetail } from '@shared/schemas/report';

/** Short names some templates use for the same fields. */
const ALIASES: Record<string, string> = {
  findings: 'report_text1',
  opinion: 'report_text2',
  title1: 'hospital_title1',
  title2: 'hospital_title2',
  logo: 'hospital_logo',
};

export const FINDINGS_FIELD = 'report_text1';
export const OPINION_FIELD = 'report_text2';
export const TITLE_FIELD = 'hospital_title1';

export type PageTextField = typeof FINDINGS_FIELD | typeof OPINION_FIELD;

export const canonicalField = (jfield: string) => ALIASES[jfield] ?? jfield;

export const isPageTextField = (jfield: string | undefined): jfield is PageTextField =>
  !!jfield && (canonicalField(jfield) === FINDINGS_FIELD || canonicalField(jfield) === OPINION_FIELD);

/**
 * The value a jfield shows: the report first (doctors, dates, signatures), then the study (patient,
 * hospital titles and logo). Objects and arrays are not shown; numbers become text.
 */
export function fieldValue(
  jfield: string,
  study: Record<string, unknown>,
  report: ReportDetail | Record<string, unknown>,
): string {
  const key = canonicalField(jfield);
  const fromReport = (report as Record<string, unknown>)[key];
  const v = fromReport !== undefined && fromReport !== null && fromReport !== '' ? fromReport : study[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}
