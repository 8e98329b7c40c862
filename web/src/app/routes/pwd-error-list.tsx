import { PERMISSIONS } from '@shared/permissions';
import { PwdErrorPage } from '@web/features/pwd-errors/components/pwd-error-page';
import { RequirePermission } from '../guards';

export default function PwdErrorListRoute() {
  return (
    <RequirePermission action={PERMISSIONS.PWD_ERROR_LIST}>
      <PwdErrorPage />
    </RequirePermission>
  );
}
