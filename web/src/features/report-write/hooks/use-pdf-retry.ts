import { RPT_STATUS } from '@shared/constants';
import type { ReportDetail, VersionRow } from '@shared/schemas/report';
import { useDelivery, useRetryDelivery } from '../api/products-api';
import type { ReportRef } from '../api/report-api';

/** The retry button's action for the one version it works on (the report's standing audit), if the user may. */
export interface PdfRetry {
  versionPk: number;
  run: () => void;
  busy: boolean;
}

/**
 * The retry of a failed PDF in the version list. It is the delivery line's retry (`POST /report/retry`), which
 * runs the archive of the report's standing audit only, and only where a delivery endpoint is configured: so it is
 * offered on the newest audit row of a report still audited, to a user with `patorder:reportRetry`, when the
 * delivery state says there is an endpoint.
 */
export function usePdfRetry(
  ref: ReportRef,
  report: ReportDetail,
  versions: VersionRow[] | undefined,
  canRetry: boolean,
  open: boolean,
): PdfRetry | null {
  const audited = report.rpt_status === RPT_STATUS.AUDITED;
  const standing = audited ? versions?.find((v) => v.rpt_status === RPT_STATUS.AUDITED) : undefined;
  const delivery = useDelivery(ref, open && canRetry && standing?.pdf_state === 'failed');
  const retry = useRetryDelivery(ref);
  if (!canRetry || !standing || !delivery.data?.endpoint) return null;
  return { versionPk: standing.pk, run: () => retry.mutate(), busy: retry.isPending };
}
