import { ConfigProvider, theme } from 'antd';
// The ES modules: en_US is antd's own default (already in its core chunk), and no CommonJS wrappers.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';

// antd's own stack ends in the generic sans-serif, which Linux resolves per language (a wide DejaVu Sans in
// English): the same stack as styles.css, with the installed Noto CJK before it, keeps both languages alike.
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/** antd's theme (the layout settings' primary colour, the platform's fonts) and locale, for pages and toasts. */
export function ThemedConfig({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const primary = useLayoutStore((s) => s.settings.primaryColor);
  return (
    <ConfigProvider
      locale={current.language === 'en-US' ? enUS : zhCN}
      theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: primary, fontFamily: FONT_FAMILY } }}
    >
      {children}
    </ConfigProvider>
  );
}
