import { addMessages } from '../core/i18n';

/** Messages of uploaded images (signatures, seals, logos), which several modules answer. */
const zh = {
  imageNotJpgPng: '图片须为 jpg、jpeg 或 png 格式',
  imageTooLarge: '图片不能超过 {{kib}} KB',
  imageTooManyPixels: '图片尺寸为 {{width}} × {{height}} 像素，不能超过 {{max}} × {{max}}',
  imageNoSize: '无法读取图片尺寸，文件可能已损坏',
} as const;

const en: Record<keyof typeof zh, string> = {
  imageNotJpgPng: 'The image must be a jpg, jpeg or png file',
  imageTooLarge: 'The image must be at most {{kib}} KB',
  imageTooManyPixels: 'The image is {{width}} × {{height}} pixels; at most {{max}} × {{max}} is allowed',
  imageNoSize: 'The image size cannot be read; the file may be damaged',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
