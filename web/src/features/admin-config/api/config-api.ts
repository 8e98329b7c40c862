import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigRow, ConfigSave, ConfigUpdate } from '@shared/schemas/admin-config';
import type { Page } from '@shared/schemas/common';
import { listQuery } from '@web/components/list-page/list-query';
import { apiPost } from '@web/lib/api-client';
import type { ConfigParams } from '../lib/config-list';

export function useConfigList(p: ConfigParams) {
  return useQuery({
    queryKey: ['admin-config', p],
    queryFn: ({ signal }) => apiPost<Page<ConfigRow>>('/config/list', listQuery(p), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const configApi = {
  create: (v: ConfigSave) => apiPost<ConfigRow>('/config/save', v, { silent: true }),
  update: (v: ConfigUpdate) => apiPost<ConfigRow>('/config/update', v, { silent: true }),
  remove: (pk: number) => apiPost<{ deleted: number }>('/config/delete', { pk }),
  rotateAesKey: () => apiPost<null>('/config/rotateAesKey'),
};
