import { addMessages } from '../../platform/core/i18n';

/** The knowledge module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  kFolderNeeded: '请先选择一个文件夹',
  kFolderNotEmpty: '文件夹下有内容，不能删除',
  kSharedEdit: '没有修改该模板库的权限',
  kMoveIntoItself: '不能把文件夹移到它自己或它的子文件夹下',
} as const;

const en: Record<keyof typeof zh, string> = {
  kFolderNeeded: 'Choose a folder first',
  kFolderNotEmpty: 'The folder is not empty and cannot be deleted',
  kSharedEdit: 'You may not change this template library',
  kMoveIntoItself: 'A folder cannot move into itself or into a folder inside it',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
