import type { AgentErrorId } from '@shared/agent/errors';

type Catalog = Record<AgentErrorId | 'ok', string>;

const zh: Catalog = {
  ok: '操作成功',
  FORBIDDEN_ORIGIN: '来源网站未被允许访问本机服务',
  FORBIDDEN_HOST: '请求的主机名无效',
  NOT_FOUND: '接口不存在',
  BAD_REQUEST: '请求格式错误',
  TOO_LARGE: '请求内容过大',
  VALIDATION: '参数错误',
  PKCS11_UNAVAILABLE: 'USB Key 驱动不可用',
  TOKEN_NOT_PRESENT: '未检测到 USB Key，请插入后重试',
  CERT_NOT_FOUND: 'USB Key 中未找到该证书',
  PIN_INCORRECT: 'PIN 码错误',
  PIN_LOCKED: 'PIN 码已锁定，请联系管理员',
  CHALLENGE_FORMAT: '签名内容不是有效的登录挑战',
  DOCUMENT_FORMAT: '签名内容不是有效的报告签名文档',
  ORIGIN_NOT_ALLOWED: '签名的网站来源未被允许',
  PRINTER_NOT_FOUND: '打印机不存在',
  PRINT_FAILED: '打印失败',
  SPEECH_FAILED: '语音播报失败',
  VIEWER_FAILED: '无法启动本地阅片程序',
  CAPABILITY_UNAVAILABLE: '本机未配置此功能',
  INTERNAL: '本机服务内部错误',
};

const en: Catalog = {
  ok: 'OK',
  FORBIDDEN_ORIGIN: 'This site is not allowed to use the workstation agent',
  FORBIDDEN_HOST: 'Invalid Host header',
  NOT_FOUND: 'No such endpoint',
  BAD_REQUEST: 'Malformed request',
  TOO_LARGE: 'Request body too large',
  VALIDATION: 'Invalid parameters',
  PKCS11_UNAVAILABLE: 'The USB key driver is not available',
  TOKEN_NOT_PRESENT: 'No USB key found; insert it and try again',
  CERT_NOT_FOUND: 'Certificate not found on the USB key',
  PIN_INCORRECT: 'Incorrect PIN',
  PIN_LOCKED: 'The PIN is locked; contact your administrator',
  CHALLENGE_FORMAT: 'The data to sign is not a valid login challenge',
  DOCUMENT_FORMAT: 'The data to sign is not a report signature document',
  ORIGIN_NOT_ALLOWED: 'The origin to sign for is not allowed',
  PRINTER_NOT_FOUND: 'Printer not found',
  PRINT_FAILED: 'Printing failed',
  SPEECH_FAILED: 'Speech failed',
  VIEWER_FAILED: 'Could not start the local image viewer',
  CAPABILITY_UNAVAILABLE: 'This capability is not configured on this workstation',
  INTERNAL: 'Internal error of the workstation agent',
};

export type AgentLocale = 'zh-CN' | 'en-US';

/** zh-CN unless the caller's first language preference is English. */
export function localeOf(acceptLanguage: string | undefined): AgentLocale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}

export function message(locale: AgentLocale, key: keyof Catalog, detail?: string): string {
  const text = (locale === 'en-US' ? en : zh)[key];
  return detail ? `${text}${locale === 'en-US' ? ': ' : '：'}${detail}` : text;
}
