import enStart from './start-en-US';
import zhStart from './start-zh-CN';
import enUS from './texts-en-US';
import zhCN from './texts-zh-CN';

/** Both languages, every namespace (tests and the i18next key types); the app loads them as lib/i18n.ts says. */
export const resources = {
  'zh-CN': { ...zhStart, ...zhCN },
  'en-US': { ...enStart, ...enUS },
} as const;
