import { PERMISSIONS } from '@shared/permissions';
import { ScanpPage } from '@web/features/admin-config/components/scanp-page';
import { RequirePermission } from '../guards';

export default function SystemScanpRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_SCANP}>
      <ScanpPage />
    </RequirePermission>
  );
}
