import { PERMISSIONS } from '@shared/permissions';
import { DictPage } from '@web/features/admin-config/components/dict-page';
import { RequirePermission } from '../guards';

export default function SystemDictRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_DICT}>
      <DictPage />
    </RequirePermission>
  );
}
