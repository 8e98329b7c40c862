import zhCommon from './zh-CN/common.json';
import zhAuth from './zh-CN/auth.json';
import zhShell from './zh-CN/shell.json';
import zhWechat from './zh-CN/wechat.json';

/** The namespaces of zh-CN the sign-in page needs: loaded before the first render (lib/i18n.ts). */
const texts = {
  common: zhCommon,
  auth: zhAuth,
  shell: zhShell,
  wechat: zhWechat,
};

export default texts;
