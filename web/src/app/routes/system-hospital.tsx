import { PERMISSIONS } from '@shared/permissions';
import { InDevelopment } from '@web/components/in-development';
import { RequirePermission } from '../guards';

export default function SystemHospitalRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_HOSPITAL}>
      <InDevelopment />
    </RequirePermission>
  );
}
