import { PERMISSIONS } from '@shared/permissions';
import { WxMenuPage } from '@web/features/wx-menu/components/wx-menu-page';
import { RequirePermission } from '../guards';

/** /wxmenu: the public account's custom menu (sys:wechat, as /WeChatManage; the super administrator's hidden function). */
export default function WxMenuRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_WECHAT}>
      <WxMenuPage />
    </RequirePermission>
  );
}
