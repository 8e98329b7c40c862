import { ZhanjiangPage } from '@web/features/statistics/components/zhanjiang-page';

export default function ZhanjiangRoute() {
  return <ZhanjiangPage />;
}
