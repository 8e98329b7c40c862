import { addMessages } from '../../platform/core/i18n';

/** The apps module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  appNameTaken: '应用名称“{{name}}”已存在',
} as const;

const en: Record<keyof typeof zh, string> = {
  appNameTaken: 'The app name "{{name}}" already exists',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
