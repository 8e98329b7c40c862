import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { PERMISSIONS } from '@shared/permissions';
import { PageLoading } from '@web/components/page-loading';
import { WorklistPage } from '@web/features/worklist/components/worklist-page';
import { can, useUserInfo } from '@web/lib/user-info';
import { useWhenIdle } from '@web/lib/when-idle';
import { firstMenuPage } from '../home-path';

/** The report screen is the worklist's usual next step: its code is fetched once the browser is idle. */
function usePrefetchReportScreen() {
  useWhenIdle(() => void import('./write-report'), 5000);
}

function Worklist() {
  usePrefetchReportScreen();
  return <WorklistPage />;
}

/**
 * The order list is everyone's home (after sign-in, the root, the exception pages); a user without it goes
 * to the first page of their own menu instead of a 403.
 */
export default function OrderListRoute() {
  const { t } = useTranslation();
  const { data } = useUserInfo();
  if (!data) return <PageLoading />;
  if (can(data, PERMISSIONS.ORDER_LIST)) return <Worklist />;
  const home = firstMenuPage(data.menus);
  // Not the exception redirect: it leads back here.
  return home ? <Navigate to={home} replace /> : <Result status="403" title="403" subTitle={t('exception.403')} />;
}
