import { addMessages } from '../../platform/core/i18n';

/** The region module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  orgRegionInUse: '该区域下还有{{what}}，不能删除',
  orgRegionParent: '上级区域不存在，或是该区域自身及其下级',
} as const;

const en: Record<keyof typeof zh, string> = {
  orgRegionInUse: 'The region still has {{what}}; it cannot be deleted',
  orgRegionParent: 'The parent region does not exist, or is this region or one below it',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
