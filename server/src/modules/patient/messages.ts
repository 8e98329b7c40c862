import { addMessages } from '../../platform/core/i18n';

/** The patient module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  patSaved: '患者信息已保存',
  patAudited: '报告已审核，请先取消审核再修改患者信息',
  patUnknownBody: '检查部位不存在或与检查类型不符',
  patHasReports: '患者编号 {{id}} 已有 {{count}} 份报告，登记的是另一位患者（{{name}}），请核对后再保存',
} as const;

const en: Record<keyof typeof zh, string> = {
  patSaved: 'Patient information saved',
  patAudited: 'The report is audited; cancel the audit before changing the patient information',
  patUnknownBody: 'A body part does not exist or does not match the modality',
  patHasReports:
    'Patient ID {{id}} already has {{count}} reports, filed under another patient ({{name}}): check them before saving',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
