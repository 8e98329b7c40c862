import { PERMISSIONS } from '@shared/permissions';
import { AppPage } from '@web/features/apps/components/app-page';
import { RequirePermission } from '../guards';

export default function AppsRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_APP}>
      <AppPage />
    </RequirePermission>
  );
}
