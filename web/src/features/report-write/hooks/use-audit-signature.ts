import { useCallback } from 'react';
import { reportApi, type ReportWrite } from '../api/report-api';
import { auditSigns, useReportSigner } from '../lib/report-signer';
import type { ReportScreen } from './use-report-screen';
import type { BusyAction } from '../stores/editor-store';

type Run = <T>(busy: BusyAction, call: () => Promise<T>) => Promise<T | undefined>;

/**
 * Before an audit where the hospital uses signatures: the server's document for exactly this audit, then
 * the USB key's signature of it, put into the body (or the auditor's choice to go on unsigned, where that is
 * allowed). Resolves false when the audit should not go ahead (cancelled, or the document was refused;
 * a refusal is thrown for the caller's own handling).
 */
export function useAuditSignature(screen: Pick<ReportScreen, 'esignMode' | 'certBound'>, run: Run) {
  const signer = useReportSigner();
  const { esignMode, certBound } = screen;
  return useCallback(
    async (body: ReportWrite): Promise<boolean> => {
      if (!signer || !auditSigns(esignMode, certBound)) return true;
      const request = await run('audit', () => reportApi.signRequest({ ...body, role: 'audit' }));
      if (!request) return false;
      const outcome = await signer(request, { optional: esignMode !== 2 });
      if (!outcome) return false;
      if ('esign' in outcome) body.esign = outcome.esign;
      return true;
    },
    [signer, esignMode, certBound, run],
  );
}
