import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { CriticalAck, CriticalRow, CriticalSummary } from '@shared/schemas/critical';
import { listQuery } from '@web/components/list-page/list-query';
import { apiPost } from '@web/lib/api-client';
import { CRITICAL_QUERY_ROOT } from '@web/lib/critical-push';
import { queryClient } from '@web/lib/query-client';
import type { CriticalParams } from '../lib/critical-list';

/** The open critical results waiting for the signed-in user (their department's; escalated ones for managers). */
export function useMyCritical(enabled: boolean) {
  return useQuery({
    queryKey: [CRITICAL_QUERY_ROOT, 'mine'],
    queryFn: ({ signal }) => apiPost<CriticalRow[]>('/api/critical/mine', {}, { signal }),
    enabled,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}

export async function acknowledgeCritical(body: CriticalAck) {
  const r = await apiPost<CriticalRow>('/api/critical/acknowledge', body);
  await queryClient.invalidateQueries({ queryKey: [CRITICAL_QUERY_ROOT] });
  return r;
}

export function useCriticalList(p: CriticalParams) {
  return useQuery({
    queryKey: [CRITICAL_QUERY_ROOT, 'list', p],
    queryFn: ({ signal }) => apiPost<Page<CriticalRow>>('/api/critical/list', listQuery(p), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCriticalSummary(p: CriticalParams) {
  return useQuery({
    queryKey: [CRITICAL_QUERY_ROOT, 'summary', p.filters],
    queryFn: ({ signal }) =>
      apiPost<CriticalSummary>('/api/critical/summary', { filters: listQuery(p).filters }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
