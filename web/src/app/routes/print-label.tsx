import { LabelPrintPage } from '@web/features/label-print/components/label-print-page';

/** Patient label printing, /printLabel?study_iuid=... (or the fields themselves in the query). */
export default function PrintLabelRoute() {
  return <LabelPrintPage />;
}
