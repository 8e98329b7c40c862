import { addMessages } from '../../platform/core/i18n';

/** The scanp module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  importExists: '已存在',
  importRepeated: '与第 {{row}} 行重复',
  scanpExists: '该医院的此检查类型下已有同名检查部位',
} as const;

const en: Record<keyof typeof zh, string> = {
  importExists: 'already exists',
  importRepeated: 'repeats row {{row}}',
  scanpExists: 'The hospital already has a body part with this description for the modality',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
