import { addMessages } from '../../platform/core/i18n';

/** The HIS module's messages in both languages. */
const zh = {
  hisOrderCancelled: 'HIS 已撤销该申请单',
  hisOrderPerformed: '该申请单已检查（有影像或报告），不能再按 HIS 的信息更新',
  hisOrderNotSynced: '未能同步：{{why}}',
  hisAccessionTaken: '检查号 {{accession}} 已被另一检查使用',
  fhirTokenInvalid: '需要应用自己的访问令牌（client_credentials），令牌无效或已过期',
  fhirNoOrders: '该应用未被指定下单医院，不能提交检查申请',
  fhirScope: '令牌没有权限 {{scope}}',
} as const;

const en: Record<keyof typeof zh, string> = {
  hisOrderCancelled: 'The HIS cancelled this order',
  hisOrderPerformed:
    'This order has been performed (images or a report): it can no longer take the details from the HIS',
  hisOrderNotSynced: 'Not synchronised: {{why}}',
  hisAccessionTaken: 'The accession number {{accession}} belongs to another study',
  fhirTokenInvalid:
    "An app's own access token (client_credentials) is required; this one is unknown, revoked or expired",
  fhirNoOrders: 'This app places no orders: no hospital is chosen for it',
  fhirScope: 'The token does not hold the scope {{scope}}',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
