import { useQuery } from '@tanstack/react-query';
import type { RolePermissions, RoleRow, RoleSave } from '@shared/schemas/admin-role';
import { apiGet, apiPost } from '@web/lib/api-client';

/** The roles the caller may assign (the user form) or manage (the roles screen). */
export function useRoleList() {
  return useQuery({
    queryKey: ['admin-roles'],
    queryFn: ({ signal }) => apiGet<RoleRow[]>('/role/roleList', undefined, { signal }),
    staleTime: 0,
  });
}

export function useRolePermissions(rolePk: number | undefined) {
  return useQuery({
    queryKey: ['admin-role-permissions', rolePk],
    queryFn: ({ signal }) => apiPost<RolePermissions>('/role/permissions', { role_pk: rolePk }, { signal }),
    enabled: rolePk !== undefined,
    staleTime: 0,
  });
}

export const saveRole = (v: RoleSave) => apiPost<{ pk: number }>('/role/save', v, { silent: true });
export const deleteRole = (pk: number) => apiPost<null>('/role/delete', { pk });
export const saveRolePermissions = (role_pk: number, keys: string[]) =>
  apiPost<null>('/role/savePermissions', { role_pk, keys });
