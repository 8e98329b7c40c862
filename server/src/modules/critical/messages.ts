import { addMessages } from '../../platform/core/i18n';

/** Critical results' messages in both languages. */
const zh = {
  criticalAcked: '该危急值已由 {{name}} 确认',
  criticalWithdrawn: '该危急值已撤销或更改，无需确认',
  criticalNotYours: '该危急值属于其他科室：只有该科室或危急值管理人员可以确认',
  criticalNoteNeeded: '代为确认时请在备注中写明通知了谁（至少 2 个字）',
  criticalAcknowledged: '已确认危急值',
} as const;

const en: Record<keyof typeof zh, string> = {
  criticalAcked: 'this critical result was acknowledged already, by {{name}}',
  criticalWithdrawn: 'this critical result was withdrawn or changed: there is nothing to acknowledge',
  criticalNotYours:
    'this critical result is for another department: only that department or those who manage critical results may acknowledge it',
  criticalNoteNeeded: 'acknowledging for a department: say in the note who was told (at least 2 characters)',
  criticalAcknowledged: 'critical result acknowledged',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
