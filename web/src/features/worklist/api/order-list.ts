import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { orderListBody, type WorklistParams } from '../lib/worklist-list';

export const fetchOrderList = (p: WorklistParams, signal?: AbortSignal) =>
  apiPost<Page<StudyRow>>('/api/order/OrderList', orderListBody(p), { signal });

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
