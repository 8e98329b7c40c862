import { WorklistPage } from '@web/features/worklist/components/worklist-page';

export default function OrderListRoute() {
  return <WorklistPage />;
}
