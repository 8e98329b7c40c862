import { ReportDocument } from '@web/features/report-document/components/report-document';
import { ApplyPrintPage } from '@web/features/layout-editor/components/apply-print-page';

/** /printApply/{id}: a study's application form, drawn by the report document feature. */
export default function PrintApplyRoute() {
  return <ApplyPrintPage renderDocument={(p) => <ReportDocument {...p} />} />;
}
