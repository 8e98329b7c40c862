import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';
import { feedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { orderListBody, type WorklistParams } from '../lib/worklist-params';

export async function fetchOrderList(p: WorklistParams, signal?: AbortSignal): Promise<Page<StudyRow>> {
  const page = await apiPost<Page<StudyRow>>('/api/order/OrderList', orderListBody(p), { signal });
  // Spec: a query without results warns "no data".
  if (page.totalRow === 0) void feedback().message.warning({ content: i18n.t('common:noData'), key: 'no-data' });
  return page;
}

export function useOrderList(p: WorklistParams) {
  return useQuery({
    queryKey: ['orders', p],
    queryFn: ({ signal }) => fetchOrderList(p, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
