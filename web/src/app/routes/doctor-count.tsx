import { HospitalCountPage } from '@web/features/statistics/components/hospital-count-page';

export default function DoctorCountRoute() {
  return <HospitalCountPage />;
}
