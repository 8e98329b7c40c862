/**
 * The local setting weixin_login_show (docs/wechat.md): localStorage 'true' or 'false' decides for this
 * browser; unset, it follows whether the server offers QR sign-in.
 */
export function weixinLoginShow(offered: boolean | undefined): boolean {
  const local = window.localStorage.getItem('weixin_login_show');
  if (local === 'true') return true;
  if (local === 'false') return false;
  return offered === true;
}
