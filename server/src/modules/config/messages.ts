import { addMessages } from '../../platform/core/i18n';

/** The config module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  configNotOwnHospital: '只能修改本医院自己的配置项（如 report_fhir_url_本院编码），全平台配置项只有超级管理员可以修改',
  configExists: '配置项 {{name}} 已存在',
  configBuiltin: '系统内置配置项不能删除（可修改其值）',
  configBuiltinType: '系统内置配置项的类型由系统确定，不能修改',
  configNoDisable: '该配置项不能停用',
  configSecretHere: '密钥不能在此修改，请使用“重新生成密钥”',
  configAllowed: '取值须为：{{allowed}}',
  configUrl: 'http(s):// 开头的地址，或留空',
  configVersion: '版本号，如 1.2.3，或留空',
} as const;

const en: Record<keyof typeof zh, string> = {
  configNotOwnHospital:
    "You may change only your own hospital's entries (such as report_fhir_url_<your code>); installation entries are the super administrator's",
  configExists: 'The entry {{name}} already exists',
  configBuiltin: 'A built-in entry cannot be deleted (its value can be changed)',
  configBuiltinType: "A built-in entry's type is the platform's and cannot be changed",
  configNoDisable: 'This entry cannot be disabled',
  configSecretHere: 'The key cannot be changed here; use "Generate a new key"',
  configAllowed: 'Allowed: {{allowed}}',
  configUrl: 'an http(s):// address, or empty',
  configVersion: 'a version such as 1.2.3, or empty',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
