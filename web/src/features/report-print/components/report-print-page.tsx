import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Spin } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { parseDetail } from '@shared/report/document';
import { decide } from '@shared/report/rules';
import { isApiError } from '@web/lib/api-error';
import { useAutoPrint } from '@web/lib/auto-print';
import { withBase } from '@web/lib/core-url';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import { useReportTexts } from '@web/lib/report-texts';
import { useSessionStore } from '@web/lib/session-store';
import { isThirdParty, thirdPartyPdfUrl } from '@web/lib/third-party-pdf';
import { type PrintData, usePrintData } from '../api/print-data';
import { FALLBACK_TEMPLATE } from '../lib/fallback-template';
import { printSilently } from '../lib/silent-print';
import { pickReport, printDelayMs, readPrintQuery } from '../lib/print-query';
import './report-print.css';

/** How long "sent to the printer" shows before the tab closes. */
const SENT_NOTICE_MS = 2000;

function Notice({ status, text, testId }: { status: 'warning' | 'error' | 'info'; text: string; testId: string }) {
  return <Result status={status} title={text} data-testid={testId} className="rp-notice" />;
}

/** A token opens its own study only: an address naming another is the same dead link. */
const otherStudy = (d: PrintData | undefined, studyIuid: string) => !!d && d.info.study.study_iuid !== studyIuid;

/** rptPrint: one audited report on A4, printed on its own when the address says print (see print-query). */
export function ReportPrintPage({ renderDocument }: { renderDocument: (p: ReportDocumentProps) => ReactNode }) {
  const { t } = useTranslation('reportDoc');
  // The printed words (the watermark) are the report's, not the screen's language.
  const docT = useReportTexts();
  const [params] = useSearchParams();
  const location = useLocation();
  const query = useMemo(() => readPrintQuery(params), [params]);
  const token = useSessionStore((s) => s.token);
  const shared = !!query.share;
  const data = usePrintData(token || shared ? query.study_iuid : '', query.share, query.audit_version);
  const rootRef = useRef<HTMLDivElement>(null);
  const [sent, setSent] = useState<{ printer: string | undefined } | null>(null);

  const report = data.data ? pickReport(data.data.info.reports, query.rpt_pk) : null;
  const printable =
    !!report && !isThirdParty(report) && decide('print', { rpt_status: report.rpt_status, third_party: false }).ok;
  const ready = useAutoPrint(rootRef, {
    rendered: printable,
    autoPrint: query.autoPrint,
    closeAfter: true,
    delayMs: printDelayMs(data.data?.info.study.modality ?? ''),
    print: async () => {
      // A shared link prints on the reader's own printer: the workstation agent is for signed-in desks.
      if (!report || !data.data || shared) return window.print();
      const outcome = await printSilently({
        coreUrl: data.data.config.core_url,
        study_iuid: query.study_iuid,
        rpt_position: report.rpt_position,
        emergency: query.emergency,
        printerList: query.printerList,
        print: () => window.print(),
      });
      if (outcome.via === 'agent') {
        setSent({ printer: outcome.printer });
        // Long enough to read before the tab closes.
        await new Promise((r) => setTimeout(r, SENT_NOTICE_MS));
      }
    },
  });

  if (!query.study_iuid) return <Notice status="warning" text={t('print.badQuery')} testId="print-bad-query" />;
  if (shared && ((isApiError(data.error) && data.error.status === 404) || otherStudy(data.data, query.study_iuid))) {
    return <Notice status="warning" text={t('print.linkInvalid')} testId="print-link-invalid" />;
  }
  if (!shared && (!token || (isApiError(data.error) && data.error.status === 401))) {
    const redirect = `${location.pathname}${location.search}`;
    return (
      <Result
        status="warning"
        title={t('print.signIn')}
        data-testid="print-sign-in"
        className="rp-notice"
        extra={<Link to={`/user/login?redirect=${encodeURIComponent(redirect)}`}>{t('print.signInLink')}</Link>}
      />
    );
  }
  if (data.isPending) return <Spin size="large" className="rp-loading" tip={t('print.loading')} fullscreen />;
  if (data.isError) {
    return (
      <Notice status="error" text={t('print.loadFailed', { msg: data.error.message })} testId="print-load-failed" />
    );
  }
  if (!report) return <Notice status="warning" text={t('print.notFound')} testId="print-not-found" />;

  const { info, config } = data.data;
  const resolveUrl = (src: string) => withBase(config.core_url, src);
  if (isThirdParty(report)) {
    const src = thirdPartyPdfUrl(report, config.core_url);
    if (!src) return <Notice status="error" text={t('print.badPdf')} testId="print-bad-pdf" />;
    return (
      <iframe className="rp-third-party" title={t('print.thirdParty')} src={src} data-testid="print-third-party" />
    );
  }
  if (!printable) return <Notice status="warning" text={t('print.notAudited')} testId="print-refused" />;

  return (
    <div className="rp-root" ref={rootRef} data-testid="print-root" data-ready={ready}>
      <div className="rp-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-button">
          {t('print.printAgain')}
        </Button>
        {!info.template && <span className="rp-hint">{t('print.noTemplate')}</span>}
        {sent && (
          <Alert
            type="success"
            showIcon
            data-testid="print-sent"
            title={sent.printer ? t('print.sentTo', { printer: sent.printer }) : t('print.sentDefault')}
          />
        )}
      </div>
      {renderDocument({
        template: info.template?.elements ?? FALLBACK_TEMPLATE,
        study: info.study,
        report,
        findings: report.report_text1,
        opinion: report.report_text2,
        detail: parseDetail(report.rpt_detail),
        editable: false,
        multiPage: config.multi_page_report,
        mode: 'print',
        watermark: query.emergency ? docT?.('print.watermark') : undefined,
        resolveUrl,
        esignMode: info.esign_mode,
      })}
    </div>
  );
}
