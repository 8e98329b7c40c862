import { useQuery } from '@tanstack/react-query';
import type { DictRow, DictSave } from '@shared/schemas/admin-config';
import { apiPost } from '@web/lib/api-client';

export const useDictParents = () =>
  useQuery({
    queryKey: ['dict', 'parents'],
    queryFn: ({ signal }) => apiPost<DictRow[]>('/dict/listParent', {}, { signal }),
  });

export const useDictChildren = (code: string | undefined) =>
  useQuery({
    queryKey: ['dict', 'children', code],
    queryFn: ({ signal }) => apiPost<DictRow[]>('/dict/dictByCode', { code }, { signal }),
    enabled: !!code,
  });

export const dictApi = {
  save: (v: DictSave) => apiPost<DictRow>('/dict/save', v, { silent: true }),
  remove: (pk: number) => apiPost<{ deleted: number }>('/dict/delete', { pk }),
};
