import { PERMISSIONS } from '@shared/permissions';
import { CallPanel } from '@web/features/queue-desk/components/call-panel';
import { RequirePermission } from '../guards';

export default function CallPanelRoute() {
  return (
    <RequirePermission action={PERMISSIONS.QUEUE_CALL}>
      <CallPanel />
    </RequirePermission>
  );
}
