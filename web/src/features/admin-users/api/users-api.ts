import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserRow, ResetPasswordResult, UserSave } from '@shared/schemas/admin-user';
import type { FootTitle } from '@shared/schemas/auth';
import type { Page } from '@shared/schemas/common';
import type { DuplicateCheck } from '@shared/schemas/list';
import { exportQuery, listQuery } from '@web/components/list-page/list-query';
import type { ListParams } from '@web/components/list-page/fields';
import { apiGet, apiPost, request } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { isApiError } from '@web/lib/api-error';
import type { UserFilters } from '../lib/user-list';

export function useUserList(p: ListParams<UserFilters>) {
  return useQuery({
    queryKey: ['admin-users', p],
    queryFn: ({ signal }) => apiPost<Page<AdminUserRow>>('/user/findByPage', listQuery(p), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const exportUsers = (p: ListParams<UserFilters>) =>
  apiDownload('/user/exportXls', { query: { ...exportQuery(p) }, fallbackName: 'users.xlsx' });

/** Field problems go beside the form's fields, so the request layer stays silent. */
export const saveUser = (v: UserSave) => apiPost<{ pk: number }>('/user/save', v, { silent: true });
export const lockUser = (pk: number, lock: boolean) => apiPost<null>('/user/lock', { pk, lock });
export const resetUserPassword = (pk: number) => apiPost<ResetPasswordResult>('/user/resetPassword', { pk });
export const deleteUser = (pk: number) => apiPost<null>('/user/delete', { pk });

/**
 * Is the username free (the user being edited does not count)? A taken one answers HTTP 200 with
 * success false, which the request layer raises as an error carrying the server's message.
 */
export async function usernameTaken(username: string, pk?: number): Promise<string | null> {
  const body: DuplicateCheck = { tableName: 'sys_user', fieldName: 'username', fieldVal: username, pk };
  try {
    await request<null>('/duplicate/check', { method: 'POST', json: body, silent: true });
    return null;
  } catch (e) {
    if (isApiError(e) && e.status === 200) return e.message;
    throw e;
  }
}

interface HospitalOption {
  code: string;
  name: string;
}
/** Every hospital with its code, for the super administrator's user form. */
export function useHospitalOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['admin-hospitals', 'all'],
    queryFn: () => apiPost<Page<HospitalOption>>('/hospital/list', { pageSize: 500 }),
    enabled,
    staleTime: 60_000,
  });
}

export interface RegionOption {
  value: string;
  title: string;
  children: RegionOption[];
}
interface RegionNode {
  pk: number;
  name: string;
  children: RegionNode[];
}
const regionOptions = (nodes: RegionNode[]): RegionOption[] =>
  nodes.map((n) => ({ value: String(n.pk), title: n.name, children: regionOptions(n.children) }));

/** The region tree as TreeSelect data; a user holds a region's pk as text. */
export function useRegionOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['regions'],
    queryFn: () => apiPost<RegionNode[]>('/group/GroupTree'),
    select: regionOptions,
    enabled,
    staleTime: 60_000,
  });
}

/** use_password_check of the sign-in page's settings: Y wants a lowercase, an uppercase letter and a digit. */
export function useStrongPasswords() {
  const q = useQuery({
    queryKey: ['foot-title'],
    queryFn: () => apiGet<FootTitle>('/tool/getFootTitle'),
    staleTime: 5 * 60_000,
  });
  return q.data?.use_password_check === 'Y';
}
