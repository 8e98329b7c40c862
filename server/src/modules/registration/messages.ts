import { addMessages } from '../../platform/core/i18n';

/** The registration module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  regEmailExists: '该邮箱已注册',
  regSmsNotConfigured: '短信服务未配置，暂时无法发送验证码，请联系管理员',
  regSmsFailed: '验证码发送失败，请稍后重试',
  regSmsTooEarly: '验证码已发送，请 {{seconds}} 秒后再重新获取',
  regSmsSent: '验证码已发送',
  regSmsText: '您的注册验证码为 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略。',
  regCaptchaWrong: '验证码错误',
  regCaptchaExpired: '验证码已失效，请重新获取',
  regMailNotConfigured: '邮件服务未配置，暂时无法注册，请联系管理员',
  regMailFailed: '账号已创建，但激活邮件发送失败，请稍后重新发送激活邮件',
  regMailSubject: '激活您的账号',
  regMailText:
    '{{username}}，您好：\n\n请在 {{hours}} 小时内打开以下链接激活账号（仅可使用一次）：\n{{link}}\n\n激活后，管理员为您分配医院和角色即可登录。如非本人操作，请忽略本邮件。',
  regRegistered: '注册成功，激活邮件已发送',
  regLinkExpired: '激活链接已过期，请重新发送激活邮件',
  regLinkUsed: '该激活链接已使用过，账号已激活',
  regLinkUnknown: '激活链接无效或已被新的激活邮件取代，请使用最新邮件中的链接或重新发送',
  regActivated: '账号已激活',
  regResendSent: '如该邮箱有待激活的账号，激活邮件已重新发送',
} as const;

const en: Record<keyof typeof zh, string> = {
  regEmailExists: 'This e-mail address is already registered',
  regSmsNotConfigured: 'SMS sending is not configured; no code can be sent. Contact the administrator',
  regSmsFailed: 'The code could not be sent; try again later',
  regSmsTooEarly: 'A code was sent; ask for a new one in {{seconds}} s',
  regSmsSent: 'Code sent',
  regSmsText:
    'Your registration code is {{code}}, valid for {{minutes}} minutes. Ignore this message if you did not ask for it.',
  regCaptchaWrong: 'Wrong code',
  regCaptchaExpired: 'The code is no longer valid; ask for a new one',
  regMailNotConfigured: 'Mail is not configured; registration is unavailable. Contact the administrator',
  regMailFailed:
    'The account was created but the activation mail could not be sent; ask for a new activation mail later',
  regMailSubject: 'Activate your account',
  regMailText:
    'Hello {{username}},\n\nopen this link within {{hours}} hours to activate your account (it works once):\n{{link}}\n\nOnce activated, an administrator assigns your hospital and role and you can sign in. If you did not register, ignore this mail.',
  regRegistered: 'Registered; the activation mail is on its way',
  regLinkExpired: 'This activation link has expired; ask for a new activation mail',
  regLinkUsed: 'This activation link was used already; the account is activated',
  regLinkUnknown:
    'This activation link is not valid or was replaced by a newer mail; use the newest mail or ask for a new one',
  regActivated: 'Account activated',
  regResendSent: 'If this address has an account awaiting activation, a new activation mail is on its way',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
