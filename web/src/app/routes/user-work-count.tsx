import { WorkCountPage } from '@web/features/statistics/components/work-count-page';

/** /UserWorkCount: doctor workload statistics (lazy: ECharts and the statistics code load only here). */
export default function UserWorkCountRoute() {
  return <WorkCountPage />;
}
