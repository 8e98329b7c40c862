import { useMutation } from '@tanstack/react-query';
import type { User, UserSettings } from '@shared/schemas/auth';
import { apiPost } from '@web/lib/api-client';
import { setCachedUser } from './cached-user';

/** Saves the user's own settings (data1) through POST /user/userConfig and refreshes the cached user. */
export function useSaveSettings() {
  return useMutation({
    mutationFn: (data1: Partial<UserSettings>) => apiPost<User>('/user/userConfig', { data1 }),
    onSuccess: setCachedUser,
  });
}
