import { PERMISSIONS } from '@shared/permissions';
import { ConfigPage } from '@web/features/admin-config/components/config-page';
import { RequirePermission } from '../guards';

export default function SystemConfigRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_CONFIG}>
      <ConfigPage />
    </RequirePermission>
  );
}
