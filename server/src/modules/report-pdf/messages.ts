import { addMessages } from '../../platform/core/i18n';

/** The report-pdf module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  pdfThirdParty: '第三方报告请打印其自带的 PDF',
  pdfUnavailable: '服务器无法生成 PDF（未安装 Chromium），请使用浏览器打印',
  pdfFailed: '生成报告 PDF 失败，请使用浏览器打印',
} as const;

const en: Record<keyof typeof zh, string> = {
  pdfThirdParty: 'A third-party report prints from its own PDF',
  pdfUnavailable: 'PDF rendering is unavailable on the server (no Chromium); print from the browser',
  pdfFailed: 'The report PDF could not be made; print from the browser',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
