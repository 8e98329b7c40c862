import { apiPost } from '@web/lib/api-client';
import { withBase } from '@web/lib/core-url';

/** POST /report/pdf: the audited report rendered by the server (headless Chromium), base64. */
export interface ReportPdf {
  pdf: string;
  filename: string;
  bytes: number;
}

export function fetchReportPdf(
  coreUrl: string,
  i: { study_iuid: string; rpt_position: number; isJz: boolean },
): Promise<ReportPdf> {
  return apiPost<ReportPdf>(withBase(coreUrl, '/report/pdf'), i, { silent: true });
}
