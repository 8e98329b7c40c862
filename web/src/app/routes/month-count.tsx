import { MonthCountPage } from '@web/features/statistics/components/month-count-page';

/** /monthCount: monthly statistics (month and hospital required). */
export default function MonthCountRoute() {
  return <MonthCountPage />;
}
