import { addMessages } from '../../platform/core/i18n';

/** The shortcut module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  shortcutItems: '检查部位不存在、不在您的权限范围内或不属于该检查类型',
} as const;

const en: Record<keyof typeof zh, string> = {
  shortcutItems: 'A scan item does not exist, is out of your reach or belongs to another modality',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
