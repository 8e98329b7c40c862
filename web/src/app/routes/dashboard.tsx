import { DashboardPage } from '@web/features/statistics/components/dashboard-page';

export default function DashboardRoute() {
  return <DashboardPage />;
}
