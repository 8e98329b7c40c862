import { addMessages } from '../../platform/core/i18n';

/** The patient-file module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  oneFileOnly: '一次只能上传一个文件',
  patFileType: '附件只能是 jpg、jpeg、png 图片或 pdf 文件',
  patFileTooLarge: '附件不能超过 {{mib}} MB',
  patFileNotOwn: '只能删除自己上传的附件（系统管理员可删除任何附件）',
  videoType: '视频只能是 mp4 或 webm 文件',
  imgCaptureBaseline: '只能保存基线 JPEG 图像（该图片为渐进式或已损坏）',
  imgCaptureTooLarge: '图像不能超过 {{mib}} MB',
} as const;

const en: Record<keyof typeof zh, string> = {
  oneFileOnly: 'one file at a time',
  patFileType: 'An attachment must be a jpg, jpeg or png image or a pdf',
  patFileTooLarge: 'An attachment is at most {{mib}} MB',
  patFileNotOwn: 'You may delete only attachments you added (the super administrator may delete any)',
  videoType: 'A video must be an mp4 or webm file',
  imgCaptureBaseline: 'Only baseline JPEG images can be stored (this one is progressive or damaged)',
  imgCaptureTooLarge: 'An image is at most {{mib}} MB',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
