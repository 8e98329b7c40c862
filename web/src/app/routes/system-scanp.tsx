import { PERMISSIONS } from '@shared/permissions';
import { InDevelopment } from '@web/components/in-development';
import { RequirePermission } from '../guards';

export default function SystemScanpRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_SCANP}>
      <InDevelopment />
    </RequirePermission>
  );
}
