import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { rememberWorklistFilters } from '@web/lib/next-study';
import { orderListBody, type WorklistParams } from '../lib/worklist-list';

export function fetchOrderList(p: WorklistParams, signal?: AbortSignal) {
  const body = orderListBody(p);
  // "Next study" (the desk's Alt+N, here and on the writing screen) follows the filters last searched.
  rememberWorklistFilters(body);
  return apiPost<Page<StudyRow>>('/api/order/OrderList', body, { signal });
}

export function useOrderList(p: WorklistParams) {
  return useQuery({
    queryKey: ['orders', p],
    queryFn: ({ signal }) => fetchOrderList(p, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every study of the current filter as an xlsx file (the server ignores the paging). */
export const exportOrderList = (p: WorklistParams) =>
  apiDownload('/api/order/exportXls', { method: 'POST', json: orderListBody(p), fallbackName: 'worklist.xlsx' });
