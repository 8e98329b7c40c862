import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FootTitle } from '@shared/schemas/auth';
import { apiGet } from '@web/lib/api-client';

export const footTitleQuery = () =>
  queryOptions({
    queryKey: ['foot-title'],
    queryFn: () => apiGet<FootTitle>('/tool/getFootTitle'),
    staleTime: 5 * 60_000,
  });

/** Login page texts, system title and the sign-in policy flags (aes, password check). */
export const useFootTitle = () => useQuery(footTitleQuery());
