import { addMessages } from '../../platform/core/i18n';

/** The layout module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  mrrtNotHtml: '请以 text/html 格式上传 MRRT 模板文件',
  mrrtEmpty: 'MRRT 模板中没有可导入的内容',
  mrrtTooLarge: 'MRRT 模板过大：最多 {{max}} 个元素',
  layoutImported: '模板已导入',
  layoutProblem: '版式元素 {{uuid}} 不符合规则（{{problem}}）',
  layoutStale: '该版式已被他人保存为第 {{version}} 版，请重新打开后再修改',
  layoutLastDefault: '这是系统唯一的默认版式，不能停用',
  layoutSaved: '版式草稿已保存，启用后才用于报告',
  layoutActivated: '版式已启用',
  layoutDraftDiscarded: '草稿已放弃',
  layoutNoDraft: '该版式没有待启用的修改',
  layoutNameTaken: '本医院已有名为“{{name}}”的版式',
  layoutWithdrawn: '版式已停用',
  applyTemplateMissing: '无法获取打印模板，请联系管理员',
} as const;

const en: Record<keyof typeof zh, string> = {
  mrrtNotHtml: 'Send the MRRT template as text/html',
  mrrtEmpty: 'The MRRT template holds nothing that can be imported',
  mrrtTooLarge: 'The MRRT template is too large: at most {{max}} elements',
  layoutImported: 'Template imported',
  layoutProblem: 'Layout element {{uuid}} breaks a rule ({{problem}})',
  layoutStale: 'Someone saved this layout as version {{version}} meanwhile: open it again before changing it',
  layoutLastDefault: 'This is the installation’s only default layout and cannot be withdrawn',
  layoutSaved: 'Draft saved: reports use it once it is activated',
  layoutActivated: 'Layout activated',
  layoutDraftDiscarded: 'Draft discarded',
  layoutNoDraft: 'This layout has no change waiting to be activated',
  layoutNameTaken: 'This hospital already has a layout named “{{name}}”',
  layoutWithdrawn: 'Layout withdrawn',
  applyTemplateMissing: 'Cannot obtain the print template: contact the administrator',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
