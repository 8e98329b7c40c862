import { PERMISSIONS } from '@shared/permissions';
import { InDevelopment } from '@web/components/in-development';
import { RequirePermission } from '../guards';

export default function SystemDeviceRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_DEVICE}>
      <InDevelopment />
    </RequirePermission>
  );
}
