import { addMessages } from '../../platform/core/i18n';

/** The recycle bin's messages in both languages. */
const zh = {
  recycleAudited: '“{{patient}}”的报告已审核，不能删除：请审核医生先取消审核',
  recycleLocked: '“{{patient}}”的报告正由 {{holder}} 书写，现在不能删除',
  recycleDeleted: '已将 {{count}} 个检查移入回收站',
  recycleRestored: '已恢复 {{count}} 个检查',
  recyclePurged: '已彻底删除 {{count}} 个检查',
} as const;

const en: Record<keyof typeof zh, string> = {
  recycleAudited:
    'the report of "{{patient}}" is audited and cannot be deleted: the auditor must cancel the audit first',
  recycleLocked: '{{holder}} is writing the report of "{{patient}}": the study cannot be deleted now',
  recycleDeleted: '{{count}} studies moved to the recycle bin',
  recycleRestored: '{{count}} studies restored',
  recyclePurged: '{{count}} studies deleted for good',
  // A C-STORE ErrorComment (LO): at most 64 characters.
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
