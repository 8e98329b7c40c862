import { useMutation, useQuery } from '@tanstack/react-query';
import type { PwdErrorRow } from '@shared/schemas/auth';
import { apiGet, apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

export const usePwdErrors = () =>
  useQuery({
    queryKey: ['pwd-errors'],
    queryFn: ({ signal }) => apiGet<PwdErrorRow[]>('/monitor/queryPwdErrorList', undefined, { signal }),
    staleTime: 0,
  });

/** Forgets a username's failures and lifts its lock (role 1 only). */
export const useDeletePwdError = () =>
  useMutation({
    mutationFn: (key: string) => apiPost<null>('/monitor/delPwdErrorInfo', { key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pwd-errors'] }),
  });
