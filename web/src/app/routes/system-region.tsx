import { PERMISSIONS } from '@shared/permissions';
import { RegionPage } from '@web/features/admin-org/components/region-page';
import { RequirePermission } from '../guards';

export default function SystemRegionRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_REGION}>
      <RegionPage />
    </RequirePermission>
  );
}
