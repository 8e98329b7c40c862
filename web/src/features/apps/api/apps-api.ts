import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AppCredentials, AppEdit, AppRow, AppSave } from '@shared/schemas/apps';
import type { Page } from '@shared/schemas/common';
import type { DuplicateCheck } from '@shared/schemas/list';
import { listQuery } from '@web/components/list-page/list-query';
import { apiGet, apiPost, request } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import type { AppParams } from '../lib/app-list';

export function useAppList(p: AppParams) {
  return useQuery({
    queryKey: ['apps', p],
    queryFn: ({ signal }) => apiGet<Page<AppRow>>('/app/queryList', { ...listQuery(p) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A new app: the answer holds its client_id and client_secret, the only time the secret is ever sent. */
export const saveApp = (v: AppSave) => apiPost<AppCredentials>('/app/save', v, { silent: true });
/** Field problems go beside the form's fields, so the request layer stays silent. */
export const editApp = (v: AppEdit) => apiPost<null>('/app/edit', v, { silent: true });
export const deleteApp = (pk: number) => apiPost<null>('/app/delete', { pk });
/** A new secret replaces the old one at once (apps holding the old one stop working). */
export const resetAppSecret = (pk: number) => apiPost<AppCredentials>('/app/resetSecret', { pk });

/** Is the app name free (the app being edited does not count)? A taken one answers success false. */
export async function appNameTaken(name: string, pk?: number): Promise<string | null> {
  const body: DuplicateCheck = { tableName: 'sys_app', fieldName: 'app_name', fieldVal: name, pk };
  try {
    await request<null>('/duplicate/check', { method: 'POST', json: body, silent: true });
    return null;
  } catch (e) {
    if (isApiError(e) && e.status === 200) return e.message;
    throw e;
  }
}
