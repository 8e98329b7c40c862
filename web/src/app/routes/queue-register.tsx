import { PERMISSIONS } from '@shared/permissions';
import { DeskPage } from '@web/features/queue-desk/components/desk-page';
import { RequirePermission } from '../guards';

export default function QueueRegisterRoute() {
  return (
    <RequirePermission action={PERMISSIONS.QUEUE_REGISTER}>
      <DeskPage />
    </RequirePermission>
  );
}
