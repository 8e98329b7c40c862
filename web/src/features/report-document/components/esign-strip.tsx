import { QRCode } from 'antd';
import { formatVerifyCode } from '@shared/report/signature';
import type { ReportDetail } from '@shared/schemas/report';
import type { ReportTexts } from '@web/lib/report-texts';

interface Props {
  report: ReportDetail;
  /** The hospital's rule for signing audits: 0 off, 1 optional, 2 required. */
  esignMode: number;
  docT: ReportTexts;
}

/**
 * The foot of an audited report's last page: who signed it electronically, the verification code and a QR
 * code of the verify page, whatever the layout; where the hospital uses signatures, an unsigned audit says
 * so instead. Nothing on a report not audited.
 */
export function EsignStrip({ report, esignMode, docT }: Props) {
  if (report.rpt_status !== 2 || report.third_party_pdf) return null;
  const e = report.esign;
  if (!e) {
    if (esignMode < 1) return null;
    return (
      <div className="rd-esign rd-esign-none" data-testid="report-esign-none">
        {docT('esign.none')}
      </div>
    );
  }
  const code = formatVerifyCode(e.verify_code);
  return (
    <div className="rd-esign" data-testid="report-esign" data-code={e.verify_code}>
      <div className="rd-esign-text">
        <div>
          {docT(e.role === 'audit' ? 'esign.audit' : 'esign.report', { name: e.signer_name, time: e.signed_at })}
        </div>
        <div>
          {docT('esign.code')} <b data-testid="report-esign-code">{code}</b>
        </div>
        {e.verify_url && <div className="rd-esign-url">{docT('esign.check', { url: e.verify_url.split('#')[0] })}</div>}
      </div>
      {e.verify_url && (
        <QRCode
          className="rd-esign-qr"
          type="svg"
          value={e.verify_url}
          size={64}
          bordered={false}
          errorLevel="M"
          data-testid="report-esign-qr"
        />
      )}
    </div>
  );
}
