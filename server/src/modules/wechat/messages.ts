import { addMessages } from '../../platform/core/i18n';

/** The wechat module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  wxSecretRequired: '首次保存须填写 AppSecret',
  wxWebSuperOnly: '扫码登录应用仅超级管理员可以设置',
  wxNotConfigured: '未配置微信应用，请联系管理员',
  wxPlatformError: '微信平台返回错误（{{errcode}}）：{{errmsg}}',
  wxPlatformUnreachable: '无法连接微信平台，请稍后重试',
  wxSecretUnreadable: '微信应用密钥无法解密（密钥已更换），请重新填写 AppSecret',
  wxLoginOff: '未开启微信扫码登录',
  wxStateInvalid: '扫码请求已失效（已使用、已过期或不是本浏览器发起的），请重新扫码',
  wxNotBound: '该微信未绑定任何用户，请先用账号密码登录后在安全设置中绑定微信',
  wxBoundOther: '该微信已绑定其他用户',
  wxBound: '微信绑定成功',
  wxUnbound: '已解除微信绑定',
  wxNoneBound: '当前用户未绑定微信',
  wxSaved: '微信设置已保存',
  wxMenuInvalid: '菜单不符合规则：{{problems}}',
  wxMenuJson: '菜单应为 {"button": [...]} 形式的 JSON',
  wxPublishOk: '发布菜单成功',
  wxPublishFailed: '发布菜单失败：{{errmsg}}',
  wxMpUnbound: '已解除公众号绑定',
  wxSignatureInvalid: '签名校验失败',
} as const;

const en: Record<keyof typeof zh, string> = {
  wxSecretRequired: 'Enter the AppSecret when saving for the first time',
  wxWebSuperOnly: 'Only the super administrator can set the QR sign-in app',
  wxNotConfigured: 'The WeChat app is not configured; contact the administrator',
  wxPlatformError: 'WeChat answered an error ({{errcode}}): {{errmsg}}',
  wxPlatformUnreachable: 'WeChat cannot be reached; try again later',
  wxSecretUnreadable: 'The stored WeChat app secret cannot be decrypted (the key changed); enter the AppSecret again',
  wxLoginOff: 'WeChat QR sign-in is not enabled',
  wxStateInvalid:
    'This QR sign-in request is no longer valid (used, expired or started in another browser); scan again',
  wxNotBound:
    'This WeChat account is not bound to any user: sign in with your password and bind it under Security settings',
  wxBoundOther: 'This WeChat account is bound to another user',
  wxBound: 'WeChat bound',
  wxUnbound: 'WeChat unbound',
  wxNoneBound: 'No WeChat account is bound to you',
  wxSaved: 'WeChat settings saved',
  wxMenuInvalid: 'The menu breaks a rule: {{problems}}',
  wxMenuJson: 'The menu must be JSON of the form {"button": [...]}',
  wxPublishOk: 'Publish menu succeeded',
  wxPublishFailed: 'Publish menu failed: {{errmsg}}',
  wxMpUnbound: 'Unbound from the public account',
  wxSignatureInvalid: 'Signature check failed',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
