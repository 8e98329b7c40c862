import { useQuery } from '@tanstack/react-query';
import type { UseTimeOverview, UseTimeScore } from '@shared/schemas/statistics';
import { apiGet, apiPost } from '@web/lib/api-client';

/** The days with openings (`data2`: day -> openings) and the last 31 days' figures. */
export const useUseTimeOverview = () =>
  useQuery({
    queryKey: ['stats', 'useTime'],
    queryFn: ({ signal }) => apiGet<UseTimeOverview>('/monitor/useTime', undefined, { signal }),
    staleTime: 0,
  });

/** One day's openings, buckets, score, count and mean time. */
export const useUseTimeDay = (key: string | undefined) =>
  useQuery({
    queryKey: ['stats', 'queryUseTimeScore', key],
    queryFn: ({ signal }) => apiPost<UseTimeScore>('/monitor/queryUseTimeScore', { key }, { signal }),
    enabled: !!key,
    staleTime: 0,
  });
