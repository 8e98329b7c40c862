import { addMessages } from '../../platform/core/i18n';

/** The report-products module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  archiveNotYet: '该版本的报告 PDF 尚未归档',
  archiveCorrupt: '归档的报告 PDF 校验失败（SHA-256 不一致）',
  deliveryNoEndpoint: '本医院未配置报告推送地址',
  deliveryNothing: '报告尚无已审核的版本可推送',
  deliveryRequeued: '已重新加入推送队列',
  archiveSealReason: '已审核的影像报告',
} as const;

const en: Record<keyof typeof zh, string> = {
  archiveNotYet: 'The PDF of this report version is not archived yet',
  archiveCorrupt: 'The archived report PDF failed its check (SHA-256 mismatch)',
  deliveryNoEndpoint: 'No report delivery endpoint is configured for this hospital',
  deliveryNothing: 'The report has no audited version to send',
  deliveryRequeued: 'Queued for delivery again',
  archiveSealReason: 'Audited imaging report',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
