import { PERMISSIONS } from '@shared/permissions';
import { DevicePage } from '@web/features/admin-org/components/device-page';
import { RequirePermission } from '../guards';

export default function SystemDeviceRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_DEVICE}>
      <DevicePage />
    </RequirePermission>
  );
}
