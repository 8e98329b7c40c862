import { useQuery } from '@tanstack/react-query';
import type { ReportConfig } from '@shared/report/document';
import type { ReportInfo } from '@shared/schemas/report';
import { apiGet, apiPost } from '@web/lib/api-client';
import { withBase } from '@web/lib/core-url';

export interface PrintData {
  config: ReportConfig;
  info: ReportInfo;
}

/**
 * This server's report config, then the report info from core_url when set (else from this server); with
 * `audit_version`, the report as it was audited then.
 */
export async function fetchPrintData(
  study_iuid: string,
  signal?: AbortSignal,
  audit_version: number | null = null,
): Promise<PrintData> {
  const config = await apiGet<ReportConfig>('/tool/reportConfig', undefined, { silent: true, signal });
  const info = await apiPost<ReportInfo>(
    withBase(config.core_url, '/report/info'),
    audit_version === null ? { study_iuid } : { study_iuid, audit_version },
    { silent: true, signal },
  );
  return { config, info };
}

/** A share or look-up token's report (no session): this server only, audited reports only. */
export const fetchSharedPrintData = (token: string, signal?: AbortSignal) =>
  apiPost<PrintData>('/report/shared/info', { token }, { silent: true, signal });

/** The report by the session (study_iuid, as at an audit when asked), or by a share token when there is one. */
export function usePrintData(study_iuid: string, share = '', audit_version: number | null = null) {
  return useQuery({
    queryKey: ['report-print', study_iuid, share, audit_version],
    enabled: !!study_iuid,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }) =>
      share ? fetchSharedPrintData(share, signal) : fetchPrintData(study_iuid, signal, audit_version),
  });
}
