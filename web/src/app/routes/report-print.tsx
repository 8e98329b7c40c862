import { ReportDocument } from '@web/features/report-document/components/report-document';
import { ReportPrintPage } from '@web/features/report-print/components/report-print-page';

/** Report print page, /rptPrint: the print feature renders the report through the report document feature. */
export default function ReportPrintRoute() {
  return <ReportPrintPage renderDocument={(p) => <ReportDocument {...p} />} />;
}
