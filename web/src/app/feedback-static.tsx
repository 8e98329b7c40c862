import { ConfigProvider, message, Modal, notification } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MESSAGE_LIMITS, NOTICE_LIMITS, type Feedback } from '@web/lib/feedback';
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
message.config(MESSAGE_LIMITS);
notification.config(NOTICE_LIMITS);

/** antd's static feedback, for where no antd App is mounted (loaded on first use through lib/feedback). */
export const staticFeedback: Feedback = { message, notification, modal: Modal };
