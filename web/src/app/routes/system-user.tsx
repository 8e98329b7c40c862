import { PERMISSIONS } from '@shared/permissions';
import { UserPage } from '@web/features/admin-users/components/user-page';
import { RequirePermission } from '../guards';

export default function SystemUserRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_USER}>
      <UserPage />
    </RequirePermission>
  );
}
