import { InDevelopment } from '@web/components/in-development';

/** Report writing screen, /writeRpt?study_iuid= (placeholder until its feature lands). */
export default function WriteReportRoute() {
  return <InDevelopment />;
}
