import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import { exportQuery, listQuery } from '@web/components/list-page/list-query';
import { apiGet, apiPost } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { queryClient } from '@web/lib/query-client';
import type { CollectionParams } from '../lib/collection-list';

export function useCollectionList(p: CollectionParams) {
  return useQuery({
    queryKey: ['collection', p],
    queryFn: ({ signal }) => apiGet<Page<StudyRow>>('/collection/list', { ...listQuery(p) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Removes the studies from the caller's favourites; the worklist's stars follow. */
export async function removeFavourites(ids: string[]): Promise<{ deleted: number }> {
  const answer = await apiPost<{ deleted: number }>('/collection/deleteBatch', { ids: ids.join(',') });
  await Promise.all(['orders', 'history'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
  return answer;
}

export const exportCollection = (p: CollectionParams) =>
  apiDownload('/collection/exportXls', { query: { ...exportQuery(p) }, fallbackName: 'favourites.xlsx' });
