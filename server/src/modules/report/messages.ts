import { addMessages } from '../../platform/core/i18n';

/** The report module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  rptAudited: '报告已审核，不能修改',
  rptAlreadyAudited: '报告已审核，不能重复审核',
  rptSaveFirst: '请先保存报告',
  rptThirdParty: '第三方报告不能在本系统修改',
  rptNotSaved: '报告尚未保存',
  rptNotNew: '报告已书写，不能应用模板',
  rptStale: '报告已被 {{user}} 于 {{time}} 修改，请查看最新内容后再提交（您的内容未丢失）',
  rptContentCheck: '报告内容检查：{{features}}',
  vRptGoodStatus: '请选择阴性或阳性',
  vImageQuality: '请选择影像质量',
  vStudyDesc: '请填写检查部位',
  vFindings: '请填写影像所见',
  vOpinion: '请填写诊断意见',
  criticalOff: '危急值功能未启用',
  rptSaved: '报告已保存',
  rptAuditedOk: '报告已审核',
  rptCancelled: '已取消审核',
  rptVoided: '报告已作废',
  addendumEmpty: '请填写补充报告内容',
  addendumTooLong: '补充报告不能超过 4000 字',
  rptAddendumOk: '补充报告已签发（第 {{seq}} 条）',
  esignRequired: '本院要求审核时使用 USB Key 电子签名，请插入 USB Key 并签名后再审核',
  esignStale: '签名已过期（签名后超过 10 分钟未提交），请重新签名',
  esignNotBound: '签名所用的证书不是您账号绑定的证书',
  esignInvalid: '电子签名校验失败：签名与本次提交的报告内容不符',
} as const;

const en: Record<keyof typeof zh, string> = {
  addendumEmpty: 'write the addendum',
  addendumTooLong: 'an addendum has at most 4000 characters',
  rptAddendumOk: 'Addendum {{seq}} signed',
  esignRequired: 'This hospital requires audits to be signed with the USB key: insert your USB key and sign to audit',
  esignStale: 'The signature is too old (more than 10 minutes before it was sent); please sign again',
  esignNotBound: 'The signing certificate is not the one bound to your account',
  esignInvalid: 'The electronic signature does not verify: it does not match the report being sent',
  rptAudited: 'The report is audited and cannot be changed',
  rptAlreadyAudited: 'The report is already audited',
  rptSaveFirst: 'Please save the report first',
  rptThirdParty: 'A third-party report cannot be changed here',
  rptNotSaved: 'The report has not been saved yet',
  rptNotNew: 'The report is already written; templates apply only to a new report',
  rptStale:
    'This report was changed by {{user}} at {{time}}; look at the newer text before you submit (your text has not been lost)',
  rptContentCheck: 'Report content check: {{features}}',
  vRptGoodStatus: 'Choose negative or positive',
  vImageQuality: 'Choose the image quality',
  vStudyDesc: 'Enter the body part examined',
  vFindings: 'Enter the findings',
  vOpinion: 'Enter the opinion',
  criticalOff: 'Critical values are not enabled',
  rptSaved: 'Report saved',
  rptAuditedOk: 'Report audited',
  rptCancelled: 'Audit cancelled',
  rptVoided: 'Report voided',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
