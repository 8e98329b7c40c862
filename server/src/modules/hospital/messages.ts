import { addMessages } from '../../platform/core/i18n';

/** The hospital module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  orgKeysFixed: '不能修改本医院的编号或代码',
  orgHospitalInUse: '该医院下还有{{what}}，不能删除',
  orgCodeInUse: '该医院下已有{{what}}，不能修改医院代码',
  orgNoRegion: '区域不存在',
} as const;

const en: Record<keyof typeof zh, string> = {
  orgKeysFixed: "You cannot change your hospital's SN or code",
  orgHospitalInUse: 'The hospital still has {{what}}; it cannot be deleted',
  orgCodeInUse: 'The hospital already has {{what}}; its code cannot be changed',
  orgNoRegion: 'No such region',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
