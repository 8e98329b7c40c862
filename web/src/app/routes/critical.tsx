import { CriticalPage } from '@web/features/critical/components/critical-page';

/** /critical: the hospital's critical results (critical:manage). */
export default function CriticalRoute() {
  return <CriticalPage />;
}
