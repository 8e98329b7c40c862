import { addMessages } from '../../platform/core/i18n';

/** The duplicate module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  dupAvailable: '该值可以使用',
  dupExists: '该值已存在',
  dupUnsupported: '不支持对该字段做重复校验',
} as const;

const en: Record<keyof typeof zh, string> = {
  dupAvailable: 'This value is available',
  dupExists: 'This value already exists',
  dupUnsupported: 'This field cannot be checked for duplicates',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
