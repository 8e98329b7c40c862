import { StoragePage } from '@web/features/statistics/components/storage-page';

export default function FileCountRoute() {
  return <StoragePage />;
}
