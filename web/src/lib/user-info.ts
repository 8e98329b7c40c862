import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { UserInfo } from '@shared/schemas/auth';
import { apiPost } from './api-client';
import { modalitiesOf } from './modalities';
import { queryClient } from './query-client';
import { useSessionStore } from './session-store';

/** The query key's root: invalidated when the user's access changes (realtime access_changed). */
export const USER_INFO_ROOT = ['user-info'] as const;

/** The signed-in user, menus and permissions: shared by the shell, the guards and the features. */
export const userInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...USER_INFO_ROOT, token],
    queryFn: () => apiPost<UserInfo>('/user/info'),
    enabled: !!token,
    staleTime: Infinity,
  });

/** Starts loading the user info for the held token (while the signed-in shell's code is still downloading). */
export function prefetchUserInfo(): void {
  const token = useSessionStore.getState().token;
  if (token) void queryClient.prefetchQuery(userInfoQuery(token));
}

/** What an administrator's change can alter: role, hospital, modalities, menus and permissions. */
const accessOf = (info: UserInfo) =>
  JSON.stringify([info.user.role_pk, info.user.hospital_code, info.user.data2, info.menus, info.auth]);

/** Loads the user info again (realtime access_changed); true when the user's access differs from before. */
export async function reloadUserInfo(): Promise<boolean> {
  const { queryKey } = userInfoQuery(useSessionStore.getState().token);
  const before = queryClient.getQueryData(queryKey);
  await queryClient.invalidateQueries({ queryKey: USER_INFO_ROOT });
  const after = queryClient.getQueryData(queryKey);
  return !!before && !!after && accessOf(before) !== accessOf(after);
}

export function useUserInfo() {
  const token = useSessionStore((s) => s.token);
  return useQuery(userInfoQuery(token));
}

/** Super administrator: everything; otherwise the action must be in `auth` (type '2' entries ignored). */
export function can(info: Pick<UserInfo, 'user' | 'auth'> | undefined, action: string): boolean {
  if (!info) return false;
  if (info.user.role_pk === SUPER_ADMIN_ROLE_PK) return true;
  return info.auth.some((a) => a.action === action && a.type !== '2');
}

export function usePermission(action: string): boolean {
  const { data } = useUserInfo();
  return can(data, action);
}

/** The signed-in user's modality choices, for every modality picker. */
export function useMyModalities(): readonly string[] {
  return modalitiesOf(useUserInfo().data?.user.data2);
}
