import { WechatLanding } from '@web/features/wechat-login/components/wechat-landing';

/** /wechat: the messaging-app sign-in / bind landing (skips the login check). */
export default function WechatRoute() {
  return <WechatLanding />;
}
