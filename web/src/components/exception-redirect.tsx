import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { feedback } from '@web/lib/feedback';

type Status = '403' | '404' | '500';
const KEYS = { '403': 'exception.403', '404': 'exception.404', '500': 'exception.500' } as const;

/** Exception pages (403, 404, 500) say what happened and go straight to the order list. */
export function ExceptionRedirect({ status }: { status: Status }) {
  const { t } = useTranslation();
  useEffect(() => {
    feedback().message.warning({ content: t(KEYS[status]), key: `exception-${status}` });
  }, [status, t]);
  return <Navigate to="/orderList" replace />;
}
