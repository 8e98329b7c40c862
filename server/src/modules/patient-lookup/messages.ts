import { addMessages } from '../../platform/core/i18n';

/** The patient-lookup module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  lookupIncomplete: '参数不完整',
  lookupCodeMissing: '请填写查询码（印在登记条码标签和检查报告上）',
  lookupCodeFormat: '查询码为 10 位数字和字母 A-F，如 3F9A1-C04B7',
  lookupHospitalPaused: '该医院的查询暂时过于频繁，请 {{seconds}} 秒后再试',
  lookupTooMany: '查询过于频繁，请 {{seconds}} 秒后再试',
  shareLinkInvalid: '链接已失效或已被撤销',
} as const;

const en: Record<keyof typeof zh, string> = {
  lookupIncomplete: 'Incomplete parameters',
  lookupCodeMissing: 'Enter the look-up code (printed on your registration label and your report)',
  lookupCodeFormat: 'The look-up code is 10 digits and letters A-F, such as 3F9A1-C04B7',
  lookupHospitalPaused: "This hospital's look-up is busy; try again in {{seconds}} s",
  lookupTooMany: 'Too many look-ups; try again in {{seconds}} s',
  shareLinkInvalid: 'This link has expired or was revoked',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
