import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { setStaticFeedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query-client';
import { ThemedConfig } from './themed-config';

// Where no antd App is mounted (the sign-in page), feedback uses antd's static methods, themed alike.
setStaticFeedback(async () => (await import('./feedback-static')).staticFeedback);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedConfig>{children}</ThemedConfig>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
