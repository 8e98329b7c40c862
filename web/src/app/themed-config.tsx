import { ConfigProvider, theme } from 'antd';
// The ES modules: en_US is antd's own default (already in its core chunk), and no CommonJS wrappers.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';
import { darkenTo } from '@web/lib/contrast';

// antd's own stack ends in the generic sans-serif, which Linux resolves per language (a wide DejaVu Sans in
// English): the same stack as styles.css, with the installed Noto CJK before it, keeps both languages alike.
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

// The lightest tinted background antd puts coloured text on (a selected menu item, a tag): colours that
// read at WCAG AA (4.5:1) on it read on white and on the greys of tables and the page too.
const TINT = '#e6f4ff';

/**
 * antd's default colours give 3-4:1 for text (blue links and tabs, red danger buttons, grey placeholders and
 * descriptions): each one shade darker, to WCAG AA. The chosen primary keeps its hue. Green and gold stay
 * antd's: from a darker seed antd derives greyish backgrounds; their tags' text is darkened in styles.css.
 */
function accessibleTokens(primary: string) {
  const brand = darkenTo(primary, TINT);
  return {
    colorPrimary: brand,
    colorInfo: brand,
    colorLink: brand,
    colorError: darkenTo('#ff4d4f', '#fff2f0'),
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  };
}

/** antd's theme (the layout settings' primary colour, the platform's fonts) and locale, for pages and toasts. */
export function ThemedConfig({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const primary = useLayoutStore((s) => s.settings.primaryColor);
  const token = useMemo(() => ({ ...accessibleTokens(primary), fontFamily: FONT_FAMILY }), [primary]);
  return (
    <ConfigProvider
      locale={current.language === 'en-US' ? enUS : zhCN}
      theme={{ algorithm: theme.defaultAlgorithm, token }}
    >
      {children}
    </ConfigProvider>
  );
}
