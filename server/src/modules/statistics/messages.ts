import { addMessages } from '../../platform/core/i18n';

/** The statistics module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  statsMonthHospital: '请先选择月份和医院再查询',
  statsRangeBoth: '开始日期和结束日期须同时填写',
} as const;

const en: Record<keyof typeof zh, string> = {
  statsMonthHospital: 'Choose the month and the hospital before querying',
  statsRangeBoth: 'Give both the start and the end date, or neither',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
