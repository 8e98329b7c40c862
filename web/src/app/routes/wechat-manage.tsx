import { PERMISSIONS } from '@shared/permissions';
import { WechatAccountPage } from '@web/features/wechat-account/components/wechat-account-page';
import { RequirePermission } from '../guards';

export default function WechatManageRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_WECHAT}>
      <WechatAccountPage />
    </RequirePermission>
  );
}
