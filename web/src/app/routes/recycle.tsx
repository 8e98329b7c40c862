import { RecyclePage } from '@web/features/recycle/components/recycle-page';

/** /recycle: the recycle bin of deleted studies (order:delete). */
export default function RecycleRoute() {
  return <RecyclePage />;
}
