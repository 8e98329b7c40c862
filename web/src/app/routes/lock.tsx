import { LockScreen } from '@web/features/lock/components/lock-screen';
import { RequireToken } from '../guards';

export default function LockRoute() {
  return (
    <RequireToken>
      <LockScreen />
    </RequireToken>
  );
}
