import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';
import { feedback } from '@web/lib/feedback';
import { i18n } from '@web/lib/i18n';
import { collectionBody, type CollectionParams } from '../lib/collection-params';

async function fetchCollection(p: CollectionParams, signal?: AbortSignal): Promise<Page<StudyRow>> {
  const page = await apiPost<Page<StudyRow>>('/collection/list', collectionBody(p), { signal });
  if (page.totalRow === 0) void feedback().message.warning({ content: i18n.t('common:noData'), key: 'no-data' });
  return page;
}

export function useCollectionList(p: CollectionParams) {
  return useQuery({
    queryKey: ['collection', p],
    queryFn: ({ signal }) => fetchCollection(p, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
