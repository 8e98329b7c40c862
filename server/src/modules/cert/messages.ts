import { addMessages } from '../../platform/core/i18n';

/** The cert module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  certChallengeInvalid: '证书登录请求已失效（已使用、已过期或不属于本次请求），请重试',
  certInvalid: '无法识别该证书',
  certSignatureInvalid: '证书签名校验失败',
  certExpired: '证书已于 {{date}} 过期，不能使用',
  certNotYetValid: '证书尚未生效（{{date}} 起有效）',
  certNotBound: '该证书未绑定任何用户，请先用账号密码登录后在安全设置中绑定',
  certBoundOther: '该证书已绑定其他用户',
  certNoneBound: '当前用户未绑定证书',
  certExpiring: '证书将在 {{days}} 天后过期，请尽快更换',
  certBound: '证书绑定成功',
  certUnbound: '证书已解除绑定',
  certKeyUsage: '该证书的用途不包含数字签名，不能用于签署报告',
} as const;

const en: Record<keyof typeof zh, string> = {
  certChallengeInvalid: 'The sign-in challenge is no longer valid (used, expired or not yours); please try again',
  certInvalid: 'The certificate cannot be read',
  certSignatureInvalid: 'The certificate signature could not be verified',
  certExpired: 'The certificate expired on {{date}} and cannot be used',
  certNotYetValid: 'The certificate is not valid yet (valid from {{date}})',
  certNotBound:
    'This certificate is not bound to any user; sign in with your password and bind it in the security settings',
  certBoundOther: 'This certificate is already bound to another user',
  certNoneBound: 'No certificate is bound to your account',
  certExpiring: 'The certificate expires in {{days}} days; renew it soon',
  certBound: 'Certificate bound',
  certUnbound: 'Certificate unbound',
  certKeyUsage: "This certificate's key usage does not include digital signatures; it cannot sign reports",
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
