import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WECHAT_BIND_POLL_MS, type PublicBindState } from '@shared/schemas/wechat-public';
import { apiGet, request } from '@web/lib/api-client';

const key = (userId: number | undefined) => ['wechat-public-bind', userId] as const;

/**
 * The caller's public-account binding. While unbound (and the hospital has an account) it asks again
 * every 5 s, so the tab flips to bound soon after the code is scanned; then it stops.
 */
export function usePublicBind(userId: number | undefined) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => apiGet<PublicBindState>('/wxapi/bindWeiXin', { userId }, { signal, silent: true }),
    enabled: userId !== undefined,
    refetchInterval: (q) =>
      q.state.data && q.state.data.available && !q.state.data.bound ? WECHAT_BIND_POLL_MS : false,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** Unbinds; the answer's message is shown, the state asked again (a new code to scan). */
export function usePublicUnbind(userId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request<null>('/wxapi/unbindWeiXin', { method: 'POST', json: { userId } })).msg,
    onSuccess: () => qc.invalidateQueries({ queryKey: key(userId) }),
  });
}
