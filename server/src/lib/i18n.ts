import type { Context } from 'hono';
import { DEFAULT_LOCALE, type Locale } from '@shared/constants';

const zh = {
  ok: '操作成功',
  loginOk: '登录成功',
  logoutOk: '已退出登录',
  unauthorized: '未登录或登录已失效，请重新登录',
  sessionExpired: '登录已过期，请重新登录',
  forbidden: '没有权限执行此操作',
  forbiddenHospital: '无权访问其他医院的数据',
  notFound: '请求的资源不存在',
  validation: '参数错误',
  required: '必填',
  badCredentials: '用户名或密码错误',
  badCredentialsLeft: '用户名或密码错误，还可尝试 {{left}} 次',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  accountLocked: '账号已被锁定，请 {{minutes}} 分钟后再试或联系管理员',
  accountDisabled: '账号已停用，请联系管理员',
  noMenu: '当前用户未分配权限，暂不能登录',
  passwordPolicy: '密码须为 6 到 16 位，并包含小写字母、大写字母和数字',
  passwordExpired: '密码已 {{days}} 天未修改，已过期，请尽快修改密码',
  passwordExpiring: '密码将在 {{days}} 天后过期，请尽快修改密码',
  aesInvalid: '登录信息解密失败，请刷新页面后重试',
  payloadTooLarge: '请求内容过大',
  internal: '操作失败，请刷新后重试',
  onlyAdmin: '只有系统管理员可以执行此操作',
  passwordWrong: '密码错误',
  invalidChar: '输入中含有非法字符',
  rptAudited: '报告已审核，不能修改',
  rptAlreadyAudited: '报告已审核，不能重复审核',
  rptSaveFirst: '请先保存报告',
  rptNotAudited: '报告未审核',
  rptThirdParty: '第三方报告不能在本系统修改',
  rptNotSaved: '报告尚未保存',
  rptNotNew: '报告已书写，不能应用模板',
  rptStale: '报告已被 {{user}} 于 {{time}} 修改，请查看最新内容后再提交（您的内容未丢失）',
  rptContentCheck: '报告内容检查：{{features}}',
  vRptGoodStatus: '请选择阴性或阳性',
  vImageQuality: '请选择影像质量',
  vStudyDesc: '请填写检查部位',
  vFindings: '请填写影像所见',
  vOpinion: '请填写诊断意见',
  criticalOff: '危急值功能未启用',
  lockedByOther: '该检查正由 {{user}} 书写',
  rptSaved: '报告已保存',
  rptAuditedOk: '报告已审核',
  rptCancelled: '已取消审核',
  rptVoided: '报告已作废',
  kFolderNeeded: '请先选择一个文件夹',
  kFolderNotEmpty: '文件夹下有内容，不能删除',
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
  patSaved: '患者信息已保存',
  patAudited: '报告已审核，请先取消审核再修改患者信息',
  patUnknownBody: '检查部位不存在或与检查类型不符',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ok: 'Done',
  loginOk: 'Signed in',
  logoutOk: 'Signed out',
  unauthorized: 'You are not signed in or your session is no longer valid; please sign in again',
  sessionExpired: 'Your session has expired; please sign in again',
  forbidden: 'You do not have permission for this action',
  forbiddenHospital: "You cannot access another hospital's data",
  notFound: 'The requested resource does not exist',
  validation: 'Invalid input',
  required: 'required',
  badCredentials: 'Wrong username or password',
  badCredentialsLeft: 'Wrong username or password; {{left}} attempts left',
  captchaRequired: 'Please enter the captcha',
  captchaWrong: 'Wrong captcha',
  accountLocked: 'This account is locked; try again in {{minutes}} minutes or contact the administrator',
  accountDisabled: 'This account is disabled; contact the administrator',
  noMenu: 'The current user has no permissions assigned, cannot log in yet',
  passwordPolicy: 'The password must be 6 to 16 characters with a lowercase letter, an uppercase letter and a digit',
  passwordExpired: 'Your password has not been changed for {{days}} days and has expired; please change it',
  passwordExpiring: 'Your password expires in {{days}} days; please change it soon',
  aesInvalid: 'The sign-in data could not be decrypted; reload the page and try again',
  payloadTooLarge: 'The request is too large',
  internal: 'The operation failed; refresh and try again',
  onlyAdmin: 'Only the system administrator may do this',
  passwordWrong: 'Wrong password',
  invalidChar: 'The input contains an invalid character',
  rptAudited: 'The report is audited and cannot be changed',
  rptAlreadyAudited: 'The report is already audited',
  rptSaveFirst: 'Please save the report first',
  rptNotAudited: 'The report is not audited',
  rptThirdParty: 'A third-party report cannot be changed here',
  rptNotSaved: 'The report has not been saved yet',
  rptNotNew: 'The report is already written; templates apply only to a new report',
  rptStale:
    'This report was changed by {{user}} at {{time}}; look at the newer text before you submit (your text has not been lost)',
  rptContentCheck: 'Report content check: {{features}}',
  vRptGoodStatus: 'Choose negative or positive',
  vImageQuality: 'Choose the image quality',
  vStudyDesc: 'Enter the body part examined',
  vFindings: 'Enter the findings',
  vOpinion: 'Enter the opinion',
  criticalOff: 'Critical values are not enabled',
  lockedByOther: 'This study is being written by {{user}}',
  rptSaved: 'Report saved',
  rptAuditedOk: 'Report audited',
  rptCancelled: 'Audit cancelled',
  rptVoided: 'Report voided',
  kFolderNeeded: 'Choose a folder first',
  kFolderNotEmpty: 'The folder is not empty and cannot be deleted',
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
  patSaved: 'Patient information saved',
  patAudited: 'The report is audited; cancel the audit before changing the patient information',
  patUnknownBody: 'A body part does not exist or does not match the modality',
};

const catalogs: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zh, 'en-US': en };
export type Params = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const text = catalogs[locale][key];
  return params ? text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? '')) : text;
}

/** zh-CN unless the caller prefers English (Accept-Language: en, en-US, ...). */
export function localeOf(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}

export function t(c: Context, key: MessageKey, params?: Params): string {
  return translate(localeOf(c.req.header('accept-language')), key, params);
}
