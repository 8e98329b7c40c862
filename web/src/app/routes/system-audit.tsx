import { PERMISSIONS } from '@shared/permissions';
import { AuditTrailPage } from '@web/features/audit-trail/components/audit-trail-page';
import { RequirePermission } from '../guards';

export default function SystemAuditRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_AUDIT}>
      <AuditTrailPage />
    </RequirePermission>
  );
}
