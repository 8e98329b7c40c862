import { ConfigProvider, message, Modal, notification } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MAX_TOASTS, NOTICE_DURATION_S } from '@shared/constants';
import type { Feedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { ThemedConfig } from './themed-config';

// antd renders its static toasts and dialogs in roots of their own: give them the pages' theme and locale,
// and the same limits as the App (feedback-app.tsx).
ConfigProvider.config({
  holderRender: (children) => (
    <I18nextProvider i18n={i18n}>
      <ThemedConfig>{children}</ThemedConfig>
    </I18nextProvider>
  ),
});
message.config({ maxCount: MAX_TOASTS });
notification.config({ duration: NOTICE_DURATION_S, maxCount: MAX_TOASTS });

/** antd's static feedback, for where no antd App is mounted (loaded on first use through lib/feedback). */
export const staticFeedback: Feedback = { message, notification, modal: Modal };
