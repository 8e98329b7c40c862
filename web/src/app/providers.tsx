import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
// The ES modules: en_US is antd's own default (already in its core chunk), and no CommonJS wrappers.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MAX_TOASTS, NOTICE_DURATION_S } from '@shared/constants';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';
import { setFeedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query-client';

// antd's own stack ends in the generic sans-serif, which Linux resolves per language (a wide DejaVu Sans in
// English): the same stack as styles.css, with the installed Noto CJK before it, keeps both languages alike.
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/** Hands antd's context-bound message, notification and modal to the request layer. */
function FeedbackBridge() {
  const api = AntApp.useApp();
  useEffect(() => {
    setFeedback(api);
  }, [api]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const primary = useLayoutStore((s) => s.settings.primaryColor);
  return (
    <ConfigProvider
      locale={current.language === 'en-US' ? enUS : zhCN}
      theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: primary, fontFamily: FONT_FAMILY } }}
    >
      <AntApp message={{ maxCount: MAX_TOASTS }} notification={{ duration: NOTICE_DURATION_S, maxCount: MAX_TOASTS }}>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp>{children}</ThemedApp>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
