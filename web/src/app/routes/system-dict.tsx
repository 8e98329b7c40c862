import { PERMISSIONS } from '@shared/permissions';
import { InDevelopment } from '@web/components/in-development';
import { RequirePermission } from '../guards';

export default function SystemDictRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_DICT}>
      <InDevelopment />
    </RequirePermission>
  );
}
