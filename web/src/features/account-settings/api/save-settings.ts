import { useMutation } from '@tanstack/react-query';
import type { User, UserSettings } from '@shared/schemas/auth';
import { apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/lib/session-store';
import { userInfoQuery } from '@web/lib/user-info';

/** Saves the user's own settings (data1) through POST /user/userConfig and refreshes the cached user. */
export function useSaveSettings() {
  return useMutation({
    mutationFn: (data1: Partial<UserSettings>) => apiPost<User>('/user/userConfig', { data1 }),
    onSuccess: (user) => {
      const key = userInfoQuery(useSessionStore.getState().token).queryKey;
      queryClient.setQueryData(key, (old) => (old ? { ...old, user } : old));
    },
  });
}
