import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { RecycleChange, RecycleRow } from '@shared/schemas/recycle';
import { listQuery } from '@web/components/list-page/list-query';
import { apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import type { RecycleParams } from '../lib/recycle-list';

/** The lists a move changes: the bin, the worklist and the favourites. */
const changed = () =>
  Promise.all(['recycle-bin', 'orders', 'collection'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));

export function useRecycleBin(p: RecycleParams) {
  return useQuery({
    queryKey: ['recycle-bin', p],
    queryFn: ({ signal }) => apiPost<Page<RecycleRow>>('/api/order/queryDelList', listQuery(p), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/order/restoreStudy: the studies come back with their reports and images. */
export async function restoreStudies(studyIuids: string[]): Promise<RecycleChange> {
  const r = await apiPost<RecycleChange>('/api/order/restoreStudy', { study_iuids: studyIuids });
  await changed();
  return r;
}

/** POST /api/order/deleteOrder: deleted for good, images and reports with them. */
export async function purgeStudies(studyIuids: string[]): Promise<RecycleChange> {
  const r = await apiPost<RecycleChange>('/api/order/deleteOrder', { study_iuids: studyIuids });
  await changed();
  return r;
}
