import { addMessages } from '../../platform/core/i18n';

/** The scanp module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  importRepeated: '与第 {{row}} 行重复',
  importOtherHospital: '医院编码 {{hospital}} 不是本院（{{own}}），不能导入其他医院的检查项目',
  importNoSuchItem: '没有您可管理的项目ID为 {{id}} 的检查项目（已删除或属于其他医院）；新增项目请清空项目ID',
  scanpExists: '该医院的此检查类型下已有同名检查部位',
} as const;

const en: Record<keyof typeof zh, string> = {
  importRepeated: 'repeats row {{row}}',
  importOtherHospital: "Hospital {{hospital}} is not yours ({{own}}): another hospital's scan items cannot be imported",
  importNoSuchItem:
    "No scan item with ID {{id}} that you administer (deleted, or another hospital's); leave the ID empty to add an item",
  scanpExists: 'The hospital already has a body part with this description for the modality',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
