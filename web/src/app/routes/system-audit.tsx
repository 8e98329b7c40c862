import { PERMISSIONS } from '@shared/permissions';
import { InDevelopment } from '@web/components/in-development';
import { RequirePermission } from '../guards';

export default function SystemAuditRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_AUDIT}>
      <InDevelopment />
    </RequirePermission>
  );
}
