import { addMessages } from '../../platform/core/i18n';

/** The ai module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  aiNotConfigured: '未配置 AI 服务（系统配置 ai_url）',
  aiUnavailable: 'AI 服务暂时不可用，请稍后再试',
} as const;

const en: Record<keyof typeof zh, string> = {
  aiNotConfigured: 'No AI service is set up (configuration ai_url)',
  aiUnavailable: 'The AI service is not available now; try again later',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
