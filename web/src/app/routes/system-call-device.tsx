import { PERMISSIONS } from '@shared/permissions';
import { CallDevicePage } from '@web/features/call-devices/components/call-device-page';
import { RequirePermission } from '../guards';

export default function SystemCallDeviceRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_DEVICE}>
      <CallDevicePage />
    </RequirePermission>
  );
}
