import type { User } from '@shared/schemas/auth';
import { queryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/lib/session-store';
import { userInfoQuery } from '@web/lib/user-info';

/** A write's answer is the user as now stored: it replaces the cached one (no reload). */
export function setCachedUser(user: User): void {
  const key = userInfoQuery(useSessionStore.getState().token).queryKey;
  queryClient.setQueryData(key, (old) => (old ? { ...old, user } : old));
}
