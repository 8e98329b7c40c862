import type { UseQueryResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@shared/schemas/common';

/** Spec: a query without results warns "no data" (once per answer, also when a search is repeated). */
export function useNoDataNotice<Row>(query: UseQueryResult<Page<Row>>) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const { data, dataUpdatedAt, isPlaceholderData } = query;
  const empty = !isPlaceholderData && data?.totalRow === 0;
  useEffect(() => {
    if (empty) void message.warning({ content: t('noData'), key: 'no-data' });
  }, [empty, dataUpdatedAt, message, t]);
}
