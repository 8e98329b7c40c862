import { PERMISSIONS } from '@shared/permissions';
import { WechatManagePage } from '@web/features/wechat-manage/components/wechat-manage-page';
import { RequirePermission } from '../guards';

export default function WechatManageRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_WECHAT}>
      <WechatManagePage />
    </RequirePermission>
  );
}
