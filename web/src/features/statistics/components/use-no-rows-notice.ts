import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 8: a query without rows warns "no data" (once per answer, also when a query is repeated). */
export function useNoRowsNotice(empty: boolean, answeredAt: number) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  useEffect(() => {
    if (empty && answeredAt) void message.warning({ content: t('noData'), key: 'no-data' });
  }, [empty, answeredAt, message, t]);
}
