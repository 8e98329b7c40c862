import { PERMISSIONS } from '@shared/permissions';
import { InDevelopment } from '@web/components/in-development';
import { RequirePermission } from '../guards';

export default function SystemRoleRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_ROLE}>
      <InDevelopment />
    </RequirePermission>
  );
}
