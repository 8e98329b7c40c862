import { addMessages } from '../../platform/core/i18n';

/** The order module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  orderRefOne: '请只给出 pk 或 accession_no 之一',
} as const;

const en: Record<keyof typeof zh, string> = {
  orderRefOne: 'give either pk or accession_no, not both',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
