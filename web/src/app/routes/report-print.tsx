import { InDevelopment } from '@web/components/in-development';

/** Report print page, /rptPrint (placeholder until its feature lands). */
export default function ReportPrintRoute() {
  return <InDevelopment />;
}
