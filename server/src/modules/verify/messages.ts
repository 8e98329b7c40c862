import { addMessages } from '../../platform/core/i18n';

/** The verify module's messages in both languages. */
const zh = {
  verifyNotFound: '没有与该验证码对应的电子签名报告，请核对验证码',
  verifyCodeFormat: '验证码应为 16 位字母或数字（如 ABCD-EFGH-JKMN-PQRS）',
  verifyPdfUnknown: '该 PDF 不是本平台存档的已签名报告原件（可能已被修改）',
  verifyPdfType: '请上传 PDF 文件',
  verifyTooMany: '验证过于频繁，请 {{seconds}} 秒后再试',
} as const;

const en: Record<keyof typeof zh, string> = {
  verifyNotFound: 'No electronically signed report has this verification code; please check the code',
  verifyCodeFormat: 'A verification code is 16 letters or digits (such as ABCD-EFGH-JKMN-PQRS)',
  verifyPdfUnknown: 'This PDF is not an original signed report archived by this platform (it may have been changed)',
  verifyPdfType: 'Please upload a PDF file',
  verifyTooMany: 'Too many verifications; please try again in {{seconds}} seconds',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
