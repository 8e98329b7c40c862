import { PERMISSIONS } from '@shared/permissions';
import { RolePage } from '@web/features/admin-users/components/role-page';
import { RequirePermission } from '../guards';

export default function SystemRoleRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_ROLE}>
      <RolePage />
    </RequirePermission>
  );
}
