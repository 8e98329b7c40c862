import { message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

interface Feedback {
  message: useAppProps['message'];
  notification: useAppProps['notification'];
  modal: Pick<typeof Modal, 'warning' | 'error' | 'confirm'>;
}

/**
 * antd's message, notification and modal bound to the App context (theme, locale), so code outside
 * React (the request layer) can show them. FeedbackBridge in app/providers.tsx fills it in; until then the
 * static versions stand in.
 */
let current: Feedback = { message: staticMessage, notification: staticNotification, modal: Modal };

export function setFeedback(api: Feedback): void {
  current = api;
}

export const feedback = () => current;
