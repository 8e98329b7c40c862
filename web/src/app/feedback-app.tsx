import { App as AntApp } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { MESSAGE_LIMITS, NOTICE_LIMITS, setFeedback } from '@web/lib/feedback';

/** Hands antd's context-bound message, notification and modal to the request layer while mounted. */
function FeedbackBridge() {
  const api = AntApp.useApp();
  useEffect(() => {
    setFeedback(api);
    return () => setFeedback(null);
  }, [api]);
  return null;
}

/**
 * antd's App (its message, notification and modal, for `App.useApp()`) around every page but the sign-in
 * page, which loads none of them before it is interactive (root-layout.tsx).
 */
export default function FeedbackApp({ children }: { children: ReactNode }) {
  return (
    <AntApp message={MESSAGE_LIMITS} notification={NOTICE_LIMITS}>
      <FeedbackBridge />
      {children}
    </AntApp>
  );
}
