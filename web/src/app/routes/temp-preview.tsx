import { ReportDocument } from '@web/features/report-document/components/report-document';
import { TemplatePreviewPage } from '@web/features/layout-editor/components/template-preview-page';

/** /tempPreview: a layout drawn by the report document feature with a chosen study, as the print page does. */
export default function TempPreviewRoute() {
  return <TemplatePreviewPage renderDocument={(p) => <ReportDocument {...p} />} />;
}
