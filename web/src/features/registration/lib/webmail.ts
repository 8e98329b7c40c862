/**
 * The web mailbox of the address's domain, for the big public mail providers only (docs/registration.md):
 * no guessed `mail.<domain>` for a hospital's own domain, which may not exist or may be someone else's.
 */
const WEBMAIL: Record<string, string> = {
  'qq.com': 'https://mail.qq.com/',
  'foxmail.com': 'https://mail.qq.com/',
  'vip.qq.com': 'https://mail.qq.com/',
  '163.com': 'https://mail.163.com/',
  '126.com': 'https://mail.126.com/',
  'yeah.net': 'https://mail.yeah.net/',
  'vip.163.com': 'https://vip.163.com/',
  'sina.com': 'https://mail.sina.com.cn/',
  'sina.cn': 'https://mail.sina.com.cn/',
  'sohu.com': 'https://mail.sohu.com/',
  '139.com': 'https://mail.10086.cn/',
  'aliyun.com': 'https://mail.aliyun.com/',
  'gmail.com': 'https://mail.google.com/',
  'outlook.com': 'https://outlook.live.com/mail/',
  'hotmail.com': 'https://outlook.live.com/mail/',
  'live.com': 'https://outlook.live.com/mail/',
  'yahoo.com': 'https://mail.yahoo.com/',
  'icloud.com': 'https://www.icloud.com/mail/',
};

export function webmailOf(email: string): string | null {
  const domain = email.trim().toLowerCase().split('@')[1];
  return (domain && WEBMAIL[domain]) || null;
}
