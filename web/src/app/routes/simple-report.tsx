import { InDevelopment } from '@web/components/in-development';

/** Simple report page, /simpleRpt?uid= (placeholder until its feature lands). */
export default function SimpleReportRoute() {
  return <InDevelopment />;
}
