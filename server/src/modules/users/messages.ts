import { addMessages } from '../../platform/core/i18n';

/** The users module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  userPasswordRequired: '新建用户须设置密码',
  userPasswordOnCreate: '修改用户时不能设置密码，请使用“重置密码”',
  userSelf: '不能对自己的账号执行锁定、停用、重置密码或删除',
  userLastSuper: '这是最后一个启用的超级管理员，不能删除、锁定、停用或更换角色',
  userOtherHospital: '只能管理本医院的用户',
  userModalitiesBeyond: '只能在自己的检查类型（{{list}}）中选择，且至少选一项',
} as const;

const en: Record<keyof typeof zh, string> = {
  userPasswordRequired: 'A new user needs a password',
  userPasswordOnCreate: 'The password cannot be set when editing a user; use "Reset password"',
  userSelf: 'You cannot lock, disable, reset the password of or delete your own account',
  userLastSuper:
    'This is the last active super administrator: it cannot be deleted, locked, disabled or given another role',
  userOtherHospital: "You can manage only your own hospital's users",
  userModalitiesBeyond: 'Choose at least one modality, and only among your own ({{list}})',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
