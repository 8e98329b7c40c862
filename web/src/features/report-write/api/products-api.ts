import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryState } from '@shared/schemas/report-products';
import { apiPost, buildUrl, requestHeaders } from '@web/lib/api-client';
import { feedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { versionsKey, type ReportRef } from './report-api';

export const deliveryKey = (ref: ReportRef) => ['report-delivery', ref.study_iuid, ref.rpt_position];

/** Delivery of the report's last audit downstream; polled while it is pending. */
export function useDelivery(ref: ReportRef, enabled: boolean) {
  return useQuery({
    queryKey: deliveryKey(ref),
    enabled,
    queryFn: ({ signal }) => apiPost<DeliveryState>('/report/delivery', ref, { signal, silent: true }),
    // Either delivery under way (FHIR or the HL7 result): read again until it settles.
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' || q.state.data?.his?.status === 'pending' ? 3000 : false,
  });
}

export const retryDelivery = (ref: ReportRef) => apiPost<DeliveryState>('/report/retry', ref);

/**
 * The retry button (the delivery line and a failed PDF in the version list): it runs the audit's archive again
 * if it did not succeed and queues the delivery; the answer is the delivery's state, the versions are read again.
 */
export function useRetryDelivery(ref: ReportRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => retryDelivery(ref),
    onSuccess: async (d) => {
      qc.setQueryData(deliveryKey(ref), d);
      await qc.invalidateQueries({ queryKey: versionsKey(ref) });
    },
  });
}

/**
 * Opens the archived PDF of a version in a new tab: fetched with the session (a plain link carries no token),
 * shown from a blob URL. The tab opens at the click so no pop-up blocker steps in.
 */
export async function openArchivedPdf(rptPk: number, versionPk: number): Promise<void> {
  const tab = window.open('', '_blank');
  const res = await fetch(buildUrl('/report/archive', { rpt_pk: rptPk, version: versionPk }), {
    headers: { ...requestHeaders(), Accept: 'application/pdf, application/json' },
  }).catch(() => null);
  if (!res?.ok) {
    tab?.close();
    const env = (await res?.json().catch(() => null)) as { msg?: string } | null;
    void feedback().message.error(env?.msg || i18n.t('report:versions.pdfFailed'));
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 600_000);
}
