import { A4_WIDTH_PX, FitToWidth } from '@web/components/fit-to-width';
import { ReportDocument } from '@web/features/report-document/components/report-document';
import { ReportPrintPage } from '@web/features/report-print/components/report-print-page';

/**
 * Report print page, /rptPrint (also what a patient's share link opens): the print feature renders the
 * report through the report document feature, at full A4 size on paper and shrunk to the screen's width on
 * a phone.
 */
export default function ReportPrintRoute() {
  return (
    <ReportPrintPage
      renderDocument={(p) => (
        <FitToWidth width={A4_WIDTH_PX}>
          <ReportDocument {...p} />
        </FitToWidth>
      )}
    />
  );
}
