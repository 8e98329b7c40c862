import { PERMISSIONS } from '@shared/permissions';
import { UsStationPage } from '@web/features/us-stations/components/us-station-page';
import { RequirePermission } from '../guards';

export default function SystemUsStationRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_DEVICE}>
      <UsStationPage />
    </RequirePermission>
  );
}
