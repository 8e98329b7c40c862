import { PERMISSIONS } from '@shared/permissions';
import { WechatMenuPage } from '@web/features/wechat-menu/components/wechat-menu-page';
import { RequirePermission } from '../guards';

/** /wxmenu: the public account's custom menu (sys:wechat, as /WeChatManage; the super administrator's hidden function). */
export default function WechatMenuRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_WECHAT}>
      <WechatMenuPage />
    </RequirePermission>
  );
}
