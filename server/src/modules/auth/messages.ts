import { addMessages } from '../../platform/core/i18n';

/** The auth module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  logoutOk: '已退出登录',
  badCredentials: '用户名或密码错误',
  signInFailed: '用户名或密码错误，或账号已被锁定',
  tooManyAttempts: '失败次数过多，请 {{seconds}} 秒后再试',
  lockScreenSignedOut: '密码错误次数过多，已退出登录',
  captchaRequired: '请输入验证码',
  hotkeyCombo: '快捷键须含 Ctrl 或 Alt，或为 F1-F12（单独的字母键会占用打字）',
  hotkeyDuplicate: '这个快捷键已给了另一个操作',
  hotkeyEditing: '这个快捷键是编辑文字用的（复制、粘贴、撤销、全选或按词移动），不能给操作',
  captchaWrong: '验证码错误',
  captchaExpired: '验证码已失效，请换一张',
  captchaAudioTooMany: '播放过于频繁，请 {{seconds}} 秒后再试',
  captchaAudioUnavailable: '语音验证码暂不可用，请换一张图片',
  accountLocked: '账号已被锁定，请 {{minutes}} 分钟后再试或联系管理员',
  accountDisabled: '账号已停用，请联系管理员',
  noMenu: '当前用户未分配权限，暂不能登录',
  passwordExpired: '密码已 {{days}} 天未修改，已过期，请尽快修改密码',
  passwordExpiring: '密码将在 {{days}} 天后过期，请尽快修改密码',
  aesInvalid: '登录信息解密失败，请刷新页面后重试',
  passwordWrong: '密码错误',
  passwordMismatch: '两次输入的新密码不一致',
  passwordUnchanged: '新密码不能与旧密码相同',
  passwordChanged: '密码修改成功',
  passwordResetNotice: '管理员已重置您的密码，请修改后再使用',
  regNotActivated: '账号尚未激活，请点击注册邮件中的激活链接',
  regAwaitingApproval: '账号已激活，正在等待管理员分配医院和角色，审核通过后即可登录',
} as const;

const en: Record<keyof typeof zh, string> = {
  logoutOk: 'Signed out',
  badCredentials: 'Wrong username or password',
  signInFailed: 'Wrong username or password, or the account is locked',
  tooManyAttempts: 'Too many failed attempts; try again in {{seconds}} s',
  lockScreenSignedOut: 'Too many wrong passwords; you have been signed out',
  captchaRequired: 'Please enter the captcha',
  captchaWrong: 'Wrong captcha',
  captchaExpired: 'This captcha has expired; get a new one',
  captchaAudioTooMany: 'Played too often; try again in {{seconds}} s',
  captchaAudioUnavailable: 'The spoken captcha is unavailable; get a new picture',
  accountLocked: 'This account is locked; try again in {{minutes}} minutes or contact the administrator',
  accountDisabled: 'This account is disabled; contact the administrator',
  noMenu: 'The current user has no permissions assigned, cannot log in yet',
  passwordExpired: 'Your password has not been changed for {{days}} days and has expired; please change it',
  passwordExpiring: 'Your password expires in {{days}} days; please change it soon',
  aesInvalid: 'The sign-in data could not be decrypted; reload the page and try again',
  passwordWrong: 'Wrong password',
  passwordMismatch: 'The two new passwords do not match',
  passwordUnchanged: 'The new password must differ from the old one',
  passwordChanged: 'Password changed',
  hotkeyCombo: 'A shortcut carries Ctrl or Alt, or is F1-F12 (a bare letter key would take the typing)',
  hotkeyDuplicate: 'This shortcut is already given to another action',
  hotkeyEditing:
    'This shortcut edits text (copy, paste, undo, select all or moving by word) and cannot be given to an action',
  passwordResetNotice: 'An administrator reset your password; change it before going on',
  regNotActivated: 'This account is not activated yet: open the link in the registration mail',
  regAwaitingApproval:
    'Your account is activated and awaiting approval: an administrator has yet to assign your hospital and role',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
