import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MAX_TOASTS, NOTICE_DURATION_S } from '@shared/constants';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';
import { setFeedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query-client';

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
      theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: primary } }}
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
