import { UseTimePage } from '@web/features/statistics/components/use-time-page';
import { RequirePermission } from '../guards';

/** docs/statistics.md: /monitor/useTime needs monitor:useTime, held by the super administrator only. */
const USE_TIME_PERMISSION = 'monitor:useTime';

export default function UseTimeRoute() {
  return (
    <RequirePermission action={USE_TIME_PERMISSION}>
      <UseTimePage />
    </RequirePermission>
  );
}
