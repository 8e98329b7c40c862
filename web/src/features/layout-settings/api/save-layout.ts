import { useMutation } from '@tanstack/react-query';
import type { LayoutSettings, User } from '@shared/schemas/auth';
import { apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/lib/session-store';
import { userInfoQuery } from '@web/lib/user-info';

/** Saves the settings drawer for the signed-in user (POST /user/userConfig {layout}). */
export function useSaveLayout() {
  return useMutation({
    mutationFn: (layout: Partial<LayoutSettings>) => apiPost<User>('/user/userConfig', { layout }),
    onSuccess: (user) => {
      const key = userInfoQuery(useSessionStore.getState().token).queryKey;
      queryClient.setQueryData(key, (old) => (old ? { ...old, user } : old));
    },
  });
}
