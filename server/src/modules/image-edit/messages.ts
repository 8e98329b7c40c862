import { addMessages } from '../../platform/core/i18n';

/** Image edit's messages in both languages. */
const zh = {
  imageEditSameStudy: '请选择另一个检查',
  imageEditOtherHospital: '两个检查不属于同一医院，不能移动图像',
  imageEditAudited: '“{{patient}}”的报告已审核，不能移动图像：请审核医生先取消审核',
  imageEditChanged: '移动期间检查的图像有变化（新图像到达或被删除），未做任何更改：请刷新后重试',
  imageEditMissing: '图像 {{sop}} 的文件在存储中找不到，未做任何更改',
  imageEditNotRewritable: '图像 {{sop}} 的文件无法改写（文件已损坏，或为 deflate、大端编码），未做任何更改',
  imageEditNoPatientId: '该检查没有患者编号，不能按患者合并：请合并检查',
  imageEditSamePatient: '两个检查已是同一患者（编号相同），无需合并患者',
  imageEditPatientScope: '“{{patient}}”有您无权处理的检查类型的检查，不能合并该患者',
  imageEditPatientMerged: '已合并患者：{{studies}} 个检查（{{instances}} 幅图像）归入所选患者',
  imageEditMoved: '已将 {{series}} 个序列（{{instances}} 幅图像）移到所选检查',
  imageEditMerged: '已合并：{{instances}} 幅图像移到所选检查，原检查已移入回收站',
} as const;

const en: Record<keyof typeof zh, string> = {
  imageEditSameStudy: 'choose another study',
  imageEditOtherHospital: 'the two studies belong to different hospitals: images cannot move between them',
  imageEditAudited:
    'the report of "{{patient}}" is audited: its images cannot change until the auditor cancels the audit',
  imageEditChanged:
    "the study's images changed during the move (new ones arrived or some were deleted); nothing was changed: refresh and try again",
  imageEditMissing: 'the file of image {{sop}} is missing from the image store; nothing was changed',
  imageEditNotRewritable:
    'image {{sop}} cannot be rewritten (a damaged file, or a deflated or big endian encoding); nothing was changed',
  imageEditNoPatientId: 'this study has no patient ID, so there is no patient to merge: merge the study instead',
  imageEditSamePatient: 'both studies already have the same patient ID: there is no patient to merge',
  imageEditPatientScope:
    '"{{patient}}" has studies of modalities you may not handle: the patient cannot be merged by you',
  imageEditPatientMerged: 'patient merged: {{studies}} studies ({{instances}} images) now belong to the chosen patient',
  imageEditMoved: '{{series}} series ({{instances}} images) moved to the chosen study',
  imageEditMerged:
    'merged: {{instances}} images moved to the chosen study, and the emptied study went to the recycle bin',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
