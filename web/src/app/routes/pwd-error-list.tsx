import { PERMISSIONS } from '@shared/permissions';
import { InDevelopment } from '@web/components/in-development';
import { RequirePermission } from '../guards';

export default function PwdErrorListRoute() {
  return (
    <RequirePermission action={PERMISSIONS.PWD_ERROR_LIST}>
      <InDevelopment />
    </RequirePermission>
  );
}
