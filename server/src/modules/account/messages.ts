import { addMessages } from '../../platform/core/i18n';

/** The account module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  imageJpgPng: '请选择 jpg 或 png 图片',
  profileBirthday: '出生日期须在 1900-01-01 到今天之间',
  avatarType: '头像须为 jpg、jpeg 或 png 图片',
  avatarTooLarge: '头像不能超过 {{kib}} KB',
} as const;

const en: Record<keyof typeof zh, string> = {
  imageJpgPng: 'choose a jpg or png image',
  profileBirthday: 'The birthday must be between 1900-01-01 and today',
  avatarType: 'The avatar must be a jpg, jpeg or png image',
  avatarTooLarge: 'The avatar must be at most {{kib}} KB',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
