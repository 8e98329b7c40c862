import { ReportDocument } from '@web/features/report-document/components/report-document';
import { ApplyPrintPage } from '@web/features/layout-editor/components/apply-print-page';
import { RequireToken } from '../guards';

/**
 * /printApply/{id}: a study's application form, drawn by the report document feature on a bare page (no
 * menus or tabs around it, so only the form prints), for a signed-in tab (openSignedInTab).
 */
export default function PrintApplyRoute() {
  return (
    <RequireToken>
      <ApplyPrintPage renderDocument={(p) => <ReportDocument {...p} />} />
    </RequireToken>
  );
}
