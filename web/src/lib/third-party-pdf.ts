import { effectiveStatus } from '@shared/report/rules';
import type { ReportDetail } from '@shared/schemas/report';
import { isAbsoluteUrl, withBase } from './core-url';

/** Spec: status 2 with a third-party PDF (no rpt_pk on the wire) is a report made elsewhere, shown by its PDF. */
export const isThirdParty = (r: Pick<ReportDetail, 'third_party_pdf' | 'rpt_status'>) =>
  !!r.third_party_pdf && effectiveStatus(r.rpt_status) === 2;

/** A third-party PDF address the app may embed or open: relative, or http(s). Never javascript: or data:. */
export function isEmbeddableUrl(url: string): boolean {
  const u = url.trim();
  if (!u || [...u].some((c) => c.charCodeAt(0) < 32)) return false;
  if (!isAbsoluteUrl(u)) return true;
  return /^https?:\/\//i.test(u);
}

/**
 * Where a third-party report's PDF is, resolved against core_url as the print page does; null when the
 * report is not a third-party one or its address may not be opened.
 */
export function thirdPartyPdfUrl(
  r: Pick<ReportDetail, 'third_party_pdf' | 'rpt_status'>,
  coreUrl: string,
): string | null {
  if (!isThirdParty(r)) return null;
  const src = withBase(coreUrl, r.third_party_pdf);
  return isEmbeddableUrl(src) ? src : null;
}
