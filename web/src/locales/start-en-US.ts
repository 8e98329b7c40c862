import enCommon from './en-US/common.json';
import enAuth from './en-US/auth.json';
import enShell from './en-US/shell.json';
import enWechat from './en-US/wechat.json';

/** The namespaces of en-US the sign-in page needs: loaded before the first render (lib/i18n.ts). */
const texts = {
  common: enCommon,
  auth: enAuth,
  shell: enShell,
  wechat: enWechat,
};

export default texts;
