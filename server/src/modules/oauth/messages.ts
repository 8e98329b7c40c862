import { addMessages } from '../../platform/core/i18n';

/** The oauth module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  oauthClientUnknown: '应用不存在（client_id 无效）',
  oauthRedirectMismatch: '回调地址与该应用登记的地址不一致',
  oauthNoGrant: '该用户未授权此应用，或授权已失效',
  oauthTokenRoute: '第三方应用的访问令牌不能调用此接口',
  oauthClientAuth: '应用认证失败（client_id 或 client_secret 不正确）',
} as const;

const en: Record<keyof typeof zh, string> = {
  oauthClientUnknown: 'Unknown app (client_id)',
  oauthRedirectMismatch: 'The redirect URI is not one registered for this app',
  oauthNoGrant: 'The user has not authorised this app, or the authorisation has ended',
  oauthTokenRoute: "A third-party app's access token cannot call this route",
  oauthClientAuth: 'App authentication failed (client_id or client_secret)',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
