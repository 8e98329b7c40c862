import { addMessages } from '../../platform/core/i18n';

/** The HIS module's messages in both languages. */
const zh = {
  hisOrderCancelled: 'HIS 已撤销该申请单',
  hisOrderPerformed: '该申请单已检查（有影像或报告），不能再按 HIS 的信息更新',
  hisOrderNotSynced: '未能同步：{{why}}',
} as const;

const en: Record<keyof typeof zh, string> = {
  hisOrderCancelled: 'The HIS cancelled this order',
  hisOrderPerformed:
    'This order has been performed (images or a report): it can no longer take the details from the HIS',
  hisOrderNotSynced: 'Not synchronised: {{why}}',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
