import { addMessages } from '../../platform/core/i18n';

/** The role module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  userUnknownRole: '角色不存在',
  roleExists: '角色编码已存在',
  roleInUse: '该角色已有 {{n}} 个用户，不能删除',
  roleBuiltin: '超级管理员拥有全部权限，不能修改其权限或删除',
  roleUnknownKeys: '权限不存在：{{keys}}',
  roleBeyondOwn: '不能授予您自己没有的权限',
  roleOwn: '不能修改您自己所属的角色',
  roleShared: '这是各医院共用的角色，只有超级管理员可以修改',
  roleOtherHospital: '这是其他医院的角色',
  roleHospitalFixed: '角色所属医院创建后不能更改',
  roleInstallationKeys: '本院角色不能包含全平台权限：{{keys}}',
  roleNotForHospital: '该角色属于其他医院，不能分配给本院用户',
} as const;

const en: Record<keyof typeof zh, string> = {
  userUnknownRole: 'No such role',
  roleExists: 'This role code already exists',
  roleInUse: '{{n}} users hold this role; it cannot be deleted',
  roleBuiltin:
    'The super administrator holds every permission; its permissions cannot be edited and it cannot be deleted',
  roleUnknownKeys: 'No such permission: {{keys}}',
  roleBeyondOwn: 'You cannot grant permissions you do not hold yourself',
  roleOwn: 'You cannot change the role you hold yourself',
  roleShared: 'This role is shared by every hospital; only the super administrator may change it',
  roleOtherHospital: "This is another hospital's role",
  roleHospitalFixed: "A role's hospital cannot change once it is created",
  roleInstallationKeys: "A hospital's role cannot hold installation-wide permissions: {{keys}}",
  roleNotForHospital: 'This role belongs to another hospital and cannot be given to this user',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
