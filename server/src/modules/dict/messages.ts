import { addMessages } from '../../platform/core/i18n';

/** The dict module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  dictExists: '编码已存在',
  dictHasChildren: '该字典下还有字典项，不能删除',
  dictParent: '上级须为顶层字典，创建后不能更改',
} as const;

const en: Record<keyof typeof zh, string> = {
  dictExists: 'This code already exists',
  dictHasChildren: 'The dictionary still has entries and cannot be deleted',
  dictParent: 'The parent must be a top-level dictionary and cannot change once created',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
