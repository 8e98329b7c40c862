import { PERMISSIONS } from '@shared/permissions';
import { HospitalPage } from '@web/features/admin-org/components/hospital-page';
import { RequirePermission } from '../guards';

export default function SystemHospitalRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_HOSPITAL}>
      <HospitalPage />
    </RequirePermission>
  );
}
